// delete_service_account_token: deletes a service account's long-lived token secrets
// (type kubernetes.io/service-account-token, named on the account by the collector)
// with the connector's bearer token, through its provider client. The account stays:
// its workloads keep their short-lived projected tokens, which expire on their own;
// what leaked or lingered in a secret stops working. A secret already gone counts as
// deleted (the outcome asked for).
import { AppError } from '../../../platform/errors.js';
import { bearerAuthorization, ProviderCallError } from '../../connectors/index.js';
import { ExecutionFailure, type ExecutionTarget, type RemediationExecutor } from '../executors.js';
import type { PlannedCall } from '../records.js';

const secretUrl = (endpoint: string, namespace: string, name: string): string =>
  `${endpoint.replace(/\/+$/, '')}/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets/${encodeURIComponent(name)}`;

function tokenSecretsOf(target: ExecutionTarget): { namespace: string; names: string[] } {
  const { namespace, tokenSecrets } = target.identity.attributes;
  const names = Array.isArray(tokenSecrets) ? tokenSecrets.filter((name): name is string => typeof name === 'string' && name !== '') : [];
  if (typeof namespace !== 'string' || namespace === '' || names.length === 0) {
    throw new ExecutionFailure('not_applicable', 'the service account holds no token secrets (as last synchronized): there is nothing to delete');
  }
  return { namespace, names };
}

export const serviceAccountTokenExecutor: RemediationExecutor = {
  action: 'delete_service_account_token',
  plan(target) {
    const endpoint = target.connector.endpoint;
    if (endpoint === null) throw new ExecutionFailure('configuration_error', 'the cluster connector has no endpoint');
    const { namespace, names } = tokenSecretsOf(target);
    return names.map((name) => ({ method: 'DELETE', operation: 'Kubernetes delete Secret', target: `${namespace}/${name}`, parameters: { url: secretUrl(endpoint, namespace, name) } }));
  },
  async execute(target, plan: PlannedCall[]) {
    let authorization: string | undefined;
    try {
      authorization = bearerAuthorization(target.session.credentials);
    } catch (error) {
      if (error instanceof AppError) throw new ExecutionFailure('configuration_error', error.message);
      throw error;
    }
    const deleted: string[] = [];
    const alreadyGone: string[] = [];
    for (const call of plan) {
      try {
        await target.session.client.request({ url: call.parameters!.url!, method: 'DELETE', headers: { accept: 'application/json', ...(authorization === undefined ? {} : { authorization }) } });
        deleted.push(call.target);
      } catch (error) {
        if (!(error instanceof ProviderCallError)) throw error;
        if (error.status === 404) alreadyGone.push(call.target);
        else if (error.failure === 'status') throw new ExecutionFailure('provider_refused', `Kubernetes refused to delete secret ${call.target} (HTTP ${error.status}); deleted before it: ${deleted.join(', ') || 'none'}`);
        else throw new ExecutionFailure('provider_unreachable', `deleting secret ${call.target}: ${error.message}; deleted before it: ${deleted.join(', ') || 'none'}`);
      }
    }
    return { deleted, alreadyGone };
  },
};
