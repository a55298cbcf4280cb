// disable_access_key: IAM UpdateAccessKey with Status Inactive, signed in to the
// connector's account as the collector is (its role assumed with the connector's
// external id, GetCallerIdentity confirming the account first). The key can be made
// Active again by its owner; deleting it would lose that way back.
import { AppError } from '../../../platform/errors.js';
import { AWS_ENDPOINTS, AwsCallError, signInToAccount, type AwsEndpoints } from '../../cloud-accounts/index.js';
import { ExecutionFailure, type ExecutionTarget, type RemediationExecutor } from '../executors.js';

export function createAccessKeyExecutor(options: { endpoints?: AwsEndpoints } = {}): RemediationExecutor {
  const endpoints = options.endpoints ?? AWS_ENDPOINTS;
  const keyOf = (target: ExecutionTarget) => {
    const userName = target.identity.attributes.userName;
    if (typeof userName !== 'string' || userName === '') throw new ExecutionFailure('not_applicable', 'the access key was collected without the user it belongs to: synchronize its connector again');
    return { accessKeyId: target.identity.externalId, userName };
  };
  return {
    action: 'disable_access_key',
    plan(target) {
      const { accessKeyId, userName } = keyOf(target);
      return [{ method: 'POST', operation: 'IAM UpdateAccessKey', target: `access key ${accessKeyId} of user ${userName} in account ${target.connector.accountId ?? ''}`, parameters: { UserName: userName, AccessKeyId: accessKeyId, Status: 'Inactive' } }];
    },
    async execute(target) {
      const { accessKeyId, userName } = keyOf(target);
      try {
        const { iam } = await signInToAccount(target.session, target.connector, endpoints, 'nothing was changed');
        await iam.setAccessKeyStatus(userName, accessKeyId, 'Inactive');
      } catch (error) {
        if (error instanceof AppError && error.code === 'configuration_error') throw new ExecutionFailure('configuration_error', error.message);
        if (error instanceof AwsCallError) throw new ExecutionFailure(error.answeredByAws ? 'provider_refused' : 'provider_unreachable', error.message);
        throw error;
      }
      return { accessKeyId, userName, status: 'Inactive' };
    },
  };
}

export const accessKeyExecutor = createAccessKeyExecutor();
