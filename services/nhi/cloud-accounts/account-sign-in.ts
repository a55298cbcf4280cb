// Signing in to a cloud-account connector's AWS account, before anything is read or
// changed there (the collector and the remediation of access keys both start here):
// the credentials entry is read (aws-credentials.ts); when it names a role, the role
// must be in the connector's account and is assumed with the external id the service
// generated for the connector (never one from settings or credentials); then STS
// GetCallerIdentity must name the connector's account (spec 5.14), or nothing else is
// called and the refusal is configuration_error.
import { AppError } from '../../platform/errors.js';
import type { SynchronizationSession } from '../connectors/index.js';
import { AWS_ENDPOINTS, AwsCallError, iamCalls, stsCalls, type AwsEndpoints, type SigningCredentials } from './aws-calls.js';
import { parseAwsCredentials, ROLE_ARN, type AwsCredentials } from './aws-credentials.js';
import { providerRequestHandler, type AwsRequestHandler } from './aws-transport.js';

export interface AccountConnector {
  id: string;
  accountId?: string | null;
  externalId?: string | null;
}

export interface SignedInAccount {
  accountId: string;
  iam: ReturnType<typeof iamCalls>;
}

/**
 * IAM of the connector's account, signed with the credentials the checks confirmed.
 * `outcome` ends the refusals' messages: what did not happen because of them.
 */
export async function signInToAccount(session: SynchronizationSession, connector: AccountConnector, endpoints: AwsEndpoints = AWS_ENDPOINTS, outcome = 'nothing was collected'): Promise<SignedInAccount> {
  const accountId = connector.accountId ?? null;
  const externalId = connector.externalId ?? null;
  if (accountId === null || externalId === null) throw new AppError('configuration_error', 'a cloud_account connector needs its account id and its generated external id');
  const entry = parseAwsCredentials(session.credentials);
  const roleAccount = entry.roleArn === undefined ? undefined : ROLE_ARN.exec(entry.roleArn)?.[1];
  if (roleAccount !== undefined && roleAccount !== accountId) {
    throw new AppError('configuration_error', `the credentials entry's roleArn is a role of AWS account ${roleAccount}, not of the connector's account ${accountId}: ${outcome}`);
  }
  const handler = providerRequestHandler(session.client);
  const signing = await signingCredentials(endpoints, entry, externalId, connector.id, handler);
  await confirmAccount(endpoints, signing, accountId, handler, outcome);
  return { accountId, iam: iamCalls(endpoints, signing, handler) };
}

/** The credentials every later call signs with: the entry's key, or the role assumed with it and the connector's external id. */
async function signingCredentials(endpoints: AwsEndpoints, entry: AwsCredentials, externalId: string, connectorId: string, handler: AwsRequestHandler): Promise<SigningCredentials> {
  const key: SigningCredentials = { accessKeyId: entry.accessKeyId, secretAccessKey: entry.secretAccessKey, ...(entry.sessionToken === undefined ? {} : { sessionToken: entry.sessionToken }) };
  if (entry.roleArn === undefined) return key;
  try {
    return await stsCalls(endpoints, key, handler).assumeRole(entry.roleArn, externalId, `sentinel-${connectorId}`);
  } catch (error) {
    throw refusedByAws(error, 'the role could not be assumed with the connector\'s external id (is it in the role\'s trust policy?)');
  }
}

/** Spec 5.14: the identity check before collecting; credentials of another account collect nothing. */
async function confirmAccount(endpoints: AwsEndpoints, signing: SigningCredentials, accountId: string, handler: AwsRequestHandler, outcome: string): Promise<void> {
  let actual: string;
  try {
    actual = await stsCalls(endpoints, signing, handler).callerAccount();
  } catch (error) {
    throw refusedByAws(error, 'the credentials were refused');
  }
  if (actual !== accountId) {
    throw new AppError('configuration_error', `the credentials belong to AWS account ${actual}, not the connector's account ${accountId}: ${outcome}`);
  }
}

/** AWS refusing the credentials or the role is configuration; a call that failed on the way is not (the next run tries again). */
function refusedByAws(error: unknown, what: string): unknown {
  return error instanceof AwsCallError && error.answeredByAws ? new AppError('configuration_error', `${what}: ${error.message}`) : error;
}

