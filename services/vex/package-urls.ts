// Package URLs (purl, https://github.com/package-url/purl-spec) between VEX
// documents and what Sentinel stores: an image purl (oci, docker) names an asset,
// any other names a component of one, compared with a finding's ecosystem, name and
// version. Parsing and printing are packageurl-js's.
import { PackageURL } from 'packageurl-js';
import { osFamily, type FindingSubject } from '../findings/index.js';
import type { AssetImage } from '../assets/index.js';

export const parsePackageUrl = (text: string): PackageURL | null => {
  if (!text.startsWith('pkg:')) return null;
  try {
    return PackageURL.fromString(text);
  } catch {
    return null;
  }
};

const imageTypes = new Set(['oci', 'docker']);
export const isImagePurl = (purl: PackageURL): boolean => imageTypes.has(purl.type);

// Language ecosystems are named by their purl type (services/findings/normalize.ts).
const languageTypes = new Set(['npm', 'pypi', 'maven', 'gem', 'golang', 'cargo', 'nuget', 'composer', 'conan', 'cocoapods', 'swift', 'pub', 'hex', 'conda']);
// OS package types, whose namespace is the distribution: the findings' ecosystem is its family.
const osTypes = new Set(['apk', 'deb', 'rpm', 'alpm']);
// Ecosystems whose package names carry the purl namespace, and how.
const namespaceJoiners: Record<string, string> = { maven: ':', npm: '/', golang: '/', composer: '/', swift: '/' };

/** The finding ecosystem a component purl belongs to; null when it says none (generic, or an OS type without its distribution). */
function ecosystemOf(purl: PackageURL): string | null {
  if (languageTypes.has(purl.type)) return purl.type;
  if (osTypes.has(purl.type)) return purl.namespace ? osFamily(purl.namespace) : null;
  return null;
}

/** Python names compare by PEP 503's normalization; every other name case-insensitively. */
const comparableName = (ecosystem: string | null, name: string): string =>
  ecosystem === 'pypi' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase();

/** The package's name as findings store it: maven group:artifact, npm @scope/name, Go module paths whole. */
export function packageNameOf(purl: PackageURL): string {
  const joiner = namespaceJoiners[purl.type];
  return joiner !== undefined && purl.namespace ? `${purl.namespace}${joiner}${purl.name}` : purl.name;
}

/**
 * Whether the finding is in the component the purl names: the same ecosystem
 * (a finding or purl that names none, as SARIF's "unknown" or pkg:generic, matches
 * any), the same name, and the same version when the purl has one.
 */
export function componentMatches(purl: PackageURL, finding: Pick<FindingSubject, 'component_ecosystem' | 'component_name' | 'component_version'>): boolean {
  if (finding.component_name === null) return false;
  const ecosystem = ecosystemOf(purl);
  const findingEcosystem = finding.component_ecosystem === null || finding.component_ecosystem === 'unknown' ? null : finding.component_ecosystem;
  if (ecosystem !== null && findingEcosystem !== null && ecosystem !== findingEcosystem) return false;
  const scheme = ecosystem ?? findingEcosystem;
  if (comparableName(scheme, packageNameOf(purl)) !== comparableName(scheme, finding.component_name)) return false;
  return !purl.version || purl.version === finding.component_version;
}

// The purl type of each OS family's packages, for the way back.
const osFamilyTypes: Record<string, string> = {
  alpine: 'apk',
  wolfi: 'apk',
  chainguard: 'apk',
  debian: 'deb',
  ubuntu: 'deb',
  arch: 'alpm',
};
const rpmFamilies = /^(redhat|centos|rocky|alma|amazon|oracle|fedora|photon|cbl-mariner|azurelinux|suse linux enterprise server|opensuse.*)$/;

/** A purl naming the finding's component: its ecosystem's type where it has one, pkg:generic otherwise. */
export function componentPurl(finding: Pick<FindingSubject, 'component_ecosystem' | 'component_name' | 'component_version'>): string {
  const name = finding.component_name ?? 'unknown';
  const version = finding.component_version ?? undefined;
  const ecosystem = finding.component_ecosystem;
  const generic = () => new PackageURL('generic', undefined, name, version, undefined, undefined).toString();
  // A name the type's rules refuse (a maven name without its group) is named generically.
  const typed = (type: string, namespace: string | undefined, plain: string): string => {
    try {
      return new PackageURL(type, namespace, plain, version, undefined, undefined).toString();
    } catch {
      return generic();
    }
  };
  if (ecosystem !== null && languageTypes.has(ecosystem)) {
    const joiner = namespaceJoiners[ecosystem];
    const at = joiner === undefined ? -1 : name.lastIndexOf(joiner);
    return at > 0 ? typed(ecosystem, name.slice(0, at), name.slice(at + 1)) : typed(ecosystem, undefined, name);
  }
  const osType = ecosystem === null ? undefined : (osFamilyTypes[ecosystem] ?? (rpmFamilies.test(ecosystem) ? 'rpm' : undefined));
  return osType === undefined ? generic() : typed(osType, ecosystem!, name);
}

const lastSegment = (repository: string): string => repository.slice(repository.lastIndexOf('/') + 1);

type ProductIdentity = Pick<AssetImage, 'kind' | 'name' | 'version' | 'registry' | 'repository' | 'tag' | 'digest'>;

/**
 * The asset as a purl, the product of the statements an export makes: an image as an OCI
 * purl (its digest as the version, its repository and tag as qualifiers); a named software
 * asset as a generic purl of its name and version.
 */
export function productPurl(asset: ProductIdentity): string {
  if (asset.registry === null || asset.repository === null) return new PackageURL('generic', undefined, asset.name!, asset.version ?? undefined, undefined, undefined).toString();
  const qualifiers: Record<string, string> = { repository_url: `${asset.registry}/${asset.repository}` };
  if (asset.tag !== null) qualifiers.tag = asset.tag;
  return new PackageURL('oci', undefined, lastSegment(asset.repository), asset.digest ?? undefined, qualifiers, undefined).toString();
}

/** Whether a purl names the software asset itself (the product productPurl writes): pkg:generic, its name, its version when the purl has one. */
export function softwareMatches(purl: PackageURL, asset: ProductIdentity): boolean {
  return asset.kind === 'software' && purl.type === 'generic' && !purl.namespace && purl.name === asset.name && (!purl.version || purl.version === asset.version);
}

/** The last path segment of an image purl's repository: what assetsNamed looks assets up by. */
export const imageNameOf = (purl: PackageURL): string => purl.name.toLowerCase();

/** docker.io/nginx and docker.io/library/nginx are one repository. */
const canonicalRepositoryUrl = (url: string): string => {
  const lowered = url.toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/\/+$/, '');
  const [host, ...path] = lowered.split('/');
  const docker = host === 'docker.io' || host === 'index.docker.io' || host === 'registry-1.docker.io';
  return docker && path.length === 1 ? `docker.io/library/${path[0]}` : docker ? `docker.io/${path.join('/')}` : lowered;
};

/**
 * Whether an image purl names the asset. pkg:oci: the name is the repository's last
 * segment, the version its digest, repository_url the registry and repository, tag its
 * tag; pkg:docker: namespace and name are the repository, the version a tag or a
 * digest. What the purl leaves out is not compared.
 */
export function imageMatches(purl: PackageURL, asset: Pick<AssetImage, 'registry' | 'repository' | 'tag' | 'digest'>): boolean {
  // A named software asset is no image.
  if (asset.registry === null || asset.repository === null) return false;
  const repositoryUrl = purl.qualifiers?.repository_url;
  const tag = purl.qualifiers?.tag;
  if (lastSegment(asset.repository) !== purl.name.toLowerCase()) return false;
  if (purl.type === 'docker') {
    const repository = purl.namespace ? `${purl.namespace}/${purl.name}` : `library/${purl.name}`;
    if (repository.toLowerCase() !== asset.repository) return false;
    if (repositoryUrl && canonicalRepositoryUrl(repositoryUrl).split('/')[0] !== canonicalRepositoryUrl(asset.registry)) return false;
    if (purl.version) return purl.version.startsWith('sha256:') ? purl.version === asset.digest : purl.version === asset.tag;
    return tag === undefined || tag === asset.tag;
  }
  if (repositoryUrl && canonicalRepositoryUrl(repositoryUrl) !== canonicalRepositoryUrl(`${asset.registry}/${asset.repository}`)) return false;
  if (purl.version && purl.version !== asset.digest) return false;
  return tag === undefined || tag === asset.tag;
}
