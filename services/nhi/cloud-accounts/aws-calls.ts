// The IAM and STS clients of one synchronization, and what their failures mean.
// Both clients send through the connector's provider client (aws-transport.ts),
// sign for us-east-1 (IAM and the global STS endpoint live there), never retry on
// their own (maxAttempts 1: the provider client makes the three attempts) and hold
// the credentials they are given, so the SDK never looks for others in the
// environment, its files or an instance metadata service.
import {
  GetAccessKeyLastUsedCommand,
  GetAccountAuthorizationDetailsCommand,
  IAMClient,
  ListAccessKeysCommand,
  UpdateAccessKeyCommand,
  type AccessKeyLastUsed,
  type AccessKeyMetadata,
  type EntityType,
  type GetAccountAuthorizationDetailsCommandOutput,
} from '@aws-sdk/client-iam';
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { ProviderCallError } from '../connectors/index.js';
import type { AwsRequestHandler } from './aws-transport.js';

/** AWS's global endpoints for the standard partition: the cloud-account kind's built-in hosts. */
export const AWS_ENDPOINTS = { iam: 'https://iam.amazonaws.com/', sts: 'https://sts.amazonaws.com/' } as const;
export interface AwsEndpoints {
  iam: string;
  sts: string;
}
const SIGNING_REGION = 'us-east-1';
/** A listing that names more pages than this is not followed to its end (it would never end, or the inventory would fill with one account's invention). */
export const MAX_PAGES = 1_000;

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * Why an AWS call failed: `code` is the AWS error code when AWS answered (AccessDenied,
 * NoSuchEntity, ...), or the provider client's failure (refused, redirect, too_large,
 * network, status, rate_limited) when no usable answer came.
 */
export class AwsCallError extends Error {
  constructor(
    readonly operation: string,
    readonly code: string,
    readonly status: number | null,
    detail: string,
    /** Whether AWS itself answered with an error (rather than the call failing on the way). */
    readonly answeredByAws: boolean,
  ) {
    super(`${operation} failed: ${detail}`);
    this.name = 'AwsCallError';
  }
}

async function call<T>(operation: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw describeFailure(operation, error);
  }
}

function describeFailure(operation: string, error: unknown): AwsCallError {
  if (error instanceof ProviderCallError) return new AwsCallError(operation, error.failure, error.status, error.message, false);
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  if (error instanceof Error && metadata !== undefined && metadata.httpStatusCode !== undefined) {
    const status = metadata.httpStatusCode;
    return new AwsCallError(operation, error.name, status, `${error.name} (HTTP ${status}): ${error.message}`, true);
  }
  return new AwsCallError(operation, 'unreadable', null, `the answer could not be read: ${error instanceof Error ? error.message : String(error)}`, false);
}

const clientConfig = (endpoint: string, credentials: SigningCredentials, requestHandler: AwsRequestHandler) => ({
  endpoint,
  region: SIGNING_REGION,
  credentials,
  requestHandler,
  maxAttempts: 1,
});

export function stsCalls(endpoints: AwsEndpoints, credentials: SigningCredentials, handler: AwsRequestHandler) {
  const sts = new STSClient(clientConfig(endpoints.sts, credentials, handler));
  return {
    async callerAccount(): Promise<string> {
      const identity = await call('STS GetCallerIdentity', () => sts.send(new GetCallerIdentityCommand({})));
      if (identity.Account === undefined) throw new AwsCallError('STS GetCallerIdentity', 'unreadable', null, 'the answer names no account', false);
      return identity.Account;
    },
    async assumeRole(roleArn: string, externalId: string, sessionName: string): Promise<SigningCredentials> {
      const assumed = await call('STS AssumeRole', () => sts.send(new AssumeRoleCommand({ RoleArn: roleArn, ExternalId: externalId, RoleSessionName: sessionName, DurationSeconds: 3600 })));
      const granted = assumed.Credentials;
      if (granted?.AccessKeyId === undefined || granted.SecretAccessKey === undefined || granted.SessionToken === undefined) {
        throw new AwsCallError('STS AssumeRole', 'unreadable', null, 'the answer holds no credentials', false);
      }
      return { accessKeyId: granted.AccessKeyId, secretAccessKey: granted.SecretAccessKey, sessionToken: granted.SessionToken };
    },
  };
}

type AuthorizationDetailsPage = GetAccountAuthorizationDetailsCommandOutput;

export function iamCalls(endpoints: AwsEndpoints, credentials: SigningCredentials, handler: AwsRequestHandler) {
  const iam = new IAMClient(clientConfig(endpoints.iam, credentials, handler));

  /** Every page of GetAccountAuthorizationDetails for the entity types asked for, in order. */
  async function* authorizationDetails(filter: EntityType[]): AsyncGenerator<AuthorizationDetailsPage> {
    yield* pages('IAM GetAccountAuthorizationDetails', (marker) => iam.send(new GetAccountAuthorizationDetailsCommand({ Filter: filter, Marker: marker })));
  }

  /** The user's access keys; none when the user no longer exists (removed since the details were read). */
  async function accessKeys(userName: string): Promise<AccessKeyMetadata[]> {
    const keys: AccessKeyMetadata[] = [];
    try {
      for await (const page of pages('IAM ListAccessKeys', (marker) => iam.send(new ListAccessKeysCommand({ UserName: userName, Marker: marker })))) {
        keys.push(...(page.AccessKeyMetadata ?? []));
      }
    } catch (error) {
      if (error instanceof AwsCallError && error.code === 'NoSuchEntity') return [];
      throw error;
    }
    return keys;
  }

  async function accessKeyLastUsed(accessKeyId: string): Promise<AccessKeyLastUsed | undefined> {
    const answer = await call('IAM GetAccessKeyLastUsed', () => iam.send(new GetAccessKeyLastUsedCommand({ AccessKeyId: accessKeyId })));
    return answer.AccessKeyLastUsed;
  }

  /** Makes the key usable or not (a remediation disables one); AWS answers nothing but success or an error. */
  async function setAccessKeyStatus(userName: string, accessKeyId: string, status: 'Active' | 'Inactive'): Promise<void> {
    await call('IAM UpdateAccessKey', () => iam.send(new UpdateAccessKeyCommand({ UserName: userName, AccessKeyId: accessKeyId, Status: status })));
  }

  return { authorizationDetails, accessKeys, accessKeyLastUsed, setAccessKeyStatus };
}

/** IAM's Marker pagination, followed to its end; a marker given twice, or too many pages, stops it. */
async function* pages<T extends { IsTruncated?: boolean; Marker?: string }>(operation: string, send: (marker: string | undefined) => Promise<T>): AsyncGenerator<T> {
  const seen = new Set<string>();
  let marker: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await call(operation, () => send(marker));
    yield answer;
    if (answer.IsTruncated !== true) return;
    if (answer.Marker === undefined || answer.Marker === '') throw new AwsCallError(operation, 'unreadable', null, 'a truncated page names no marker for the next', false);
    if (seen.has(answer.Marker)) throw new AwsCallError(operation, 'endless_listing', null, 'a page named a marker already given: the listing would never end', false);
    if (page >= MAX_PAGES) throw new AwsCallError(operation, 'endless_listing', null, `more than ${MAX_PAGES} pages`, false);
    seen.add(answer.Marker);
    marker = answer.Marker;
  }
}
