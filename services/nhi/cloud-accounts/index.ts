// NHI cloud accounts: the connector kind cloud_account, one AWS
// account per connector, collected with the AWS SDK through the connector's
// provider client. The collection pipeline runs the collector; remediation signs in
// to the account the same way to disable access keys.
export { cloudAccountCollector, cloudAccountIdentityKinds, createCloudAccountCollector, inlinePolicyExternalId, type CloudAccountCollectorOptions } from './collector.js';
export { signInToAccount, type AccountConnector, type SignedInAccount } from './account-sign-in.js';
export { AWS_ENDPOINTS, AwsCallError, type AwsEndpoints } from './aws-calls.js';
