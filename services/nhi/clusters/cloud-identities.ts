// Cloud identities a service account assumes, as its annotations name them. Each is
// named by the provider's own globally unique identifier, which is what the cloud
// connectors name the same identity by: an IAM role's ARN (the cloud-account
// kind's role external id), a Google service account's e-mail address, an Entra ID
// application's client id. EKS Pod Identity associations live in the EKS API, not
// in the cluster, and are not seen here.
import type { V1ObjectMeta } from '@kubernetes/client-node';

type CloudIdentity =
  | { provider: 'aws'; annotation: typeof ANNOTATIONS.aws; roleArn: string }
  | { provider: 'gcp'; annotation: typeof ANNOTATIONS.gcp; serviceAccount: string }
  | { provider: 'azure'; annotation: typeof ANNOTATIONS.azure; clientId: string; tenantId: string | null };

const ANNOTATIONS = {
  /** IAM roles for service accounts (IRSA): the role the pod's web identity token is exchanged for. */
  aws: 'eks.amazonaws.com/role-arn',
  /** GKE Workload Identity: the Google service account the Kubernetes one impersonates. */
  gcp: 'iam.gke.io/gcp-service-account',
  /** Microsoft Entra Workload ID: the application (client) id, and optionally its tenant. */
  azure: 'azure.workload.identity/client-id',
  azureTenant: 'azure.workload.identity/tenant-id',
} as const;

// An IAM role ARN in any partition (aws, aws-cn, aws-us-gov, ...): account id, then the role's path and name.
const ROLE_ARN = /^arn:aws(-[a-z]+)*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;
// User-managed (<name>@<project>.iam.gserviceaccount.com) and Google-managed (...@developer.gserviceaccount.com) accounts.
const GCP_SERVICE_ACCOUNT = /^[a-z0-9][a-z0-9._-]{0,99}@[a-z0-9][a-z0-9.-]{0,99}\.gserviceaccount\.com$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cloud identities the annotations name; a value that is not a well-formed identifier names none. */
export function cloudIdentitiesOf(metadata: V1ObjectMeta | undefined): CloudIdentity[] {
  const annotations = metadata?.annotations ?? {};
  const found: CloudIdentity[] = [];
  const roleArn = annotations[ANNOTATIONS.aws]?.trim();
  if (roleArn !== undefined && ROLE_ARN.test(roleArn)) found.push({ provider: 'aws', annotation: ANNOTATIONS.aws, roleArn });
  const serviceAccount = annotations[ANNOTATIONS.gcp]?.trim().toLowerCase();
  if (serviceAccount !== undefined && GCP_SERVICE_ACCOUNT.test(serviceAccount)) found.push({ provider: 'gcp', annotation: ANNOTATIONS.gcp, serviceAccount });
  const clientId = annotations[ANNOTATIONS.azure]?.trim().toLowerCase();
  if (clientId !== undefined && GUID.test(clientId)) {
    const tenantId = annotations[ANNOTATIONS.azureTenant]?.trim().toLowerCase();
    found.push({ provider: 'azure', annotation: ANNOTATIONS.azure, clientId, tenantId: tenantId !== undefined && GUID.test(tenantId) ? tenantId : null });
  }
  return found;
}

/** The external id of the cloud identity: the identifier the provider and its connector name it by. */
export function cloudIdentityExternalId(identity: CloudIdentity): string {
  switch (identity.provider) {
    case 'aws':
      return identity.roleArn;
    case 'gcp':
      return identity.serviceAccount;
    case 'azure':
      return identity.clientId;
  }
}
