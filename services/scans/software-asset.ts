// Named software assets: software an SBOM describes that is not an image,
// identified as Dependency-Track identifies a project, by a name and optionally a
// version. Its reference is the asset's identity and its findings' fingerprint key, as
// an image's canonical reference is: `software:` and the name, then `@` and the version
// when there is one, each percent-encoded so the two parts never run into each other
// and no "/" appears (every image reference holds one: the two kinds never collide).

export interface SoftwareAssetName {
  kind: 'software';
  name: string;
  version: string | null;
  /** software:<name>[@<version>], percent-encoded: the asset's reference. */
  canonical: string;
}

const SOFTWARE_PREFIX = 'software:';

/** The asset a name and version identify; NFC-normalized, so a name typed either way of composing its accents is one asset. */
export function softwareAssetName(given: string, givenVersion: string | null): SoftwareAssetName {
  const name = given.normalize('NFC');
  const version = givenVersion?.normalize('NFC') ?? null;
  const canonical = `${SOFTWARE_PREFIX}${encodeURIComponent(name)}${version === null ? '' : `@${encodeURIComponent(version)}`}`;
  return { kind: 'software', name, version, canonical };
}

/** Whether a text given as an image reference is a software asset's reference instead (POST /scans refuses it by name). */
export const isSoftwareReference = (text: string): boolean => text.startsWith(SOFTWARE_PREFIX) && !text.includes('/');
