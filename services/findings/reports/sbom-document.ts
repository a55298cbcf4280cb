// What an SBOM document declares, as the CycloneDX and SPDX readers
// give it: the components with their place in the document's hierarchy, and the
// vulnerabilities a CycloneDX document carries. The scans capability turns the
// components into an asset's inventory and matches them; the readers only read.
import type { VulnerabilityObservation } from '../observation.js';

export type SbomFormat = 'cyclonedx' | 'spdx';

export interface DeclaredComponent {
  /** The document's own reference (bom-ref, SPDXID); null when it gives none. */
  ref: string | null;
  /** The reference of the component this one sits under: nested in it, or first contained by or depended on by it. */
  parentRef: string | null;
  /** CycloneDX component type (library, application, operating-system, container…); SPDX's primary purpose, lower-cased. */
  type: string;
  name: string;
  version: string | null;
  purl: string | null;
  cpe: string | null;
  /** Licence ids, names or expressions, as written. */
  licences: string[];
  /** Where the component was found, when the document says (an evidence occurrence, a tool's file path property, SPDX packageFileName). */
  installPath: string | null;
  /** The source package an OS package was built from, when the document names it (Trivy's SrcName/SrcVersion properties). */
  source: { name: string; version: string | null } | null;
}

/** A vulnerability the document lists, with the references of the components it affects. */
export interface DeclaredVulnerability {
  observation: Omit<VulnerabilityObservation, 'component' | 'install_path'>;
  /** The vulnerability's own source (NVD, ghsa…), as the document names it. */
  source: string | null;
  /** References of the affected components (affects[].ref). */
  affects: string[];
  /** Where in the document it is (vulnerabilities[3]). */
  where: string;
}

export interface DeclaredInventory {
  format: SbomFormat;
  specVersion: string;
  /** What the document describes (metadata.component, the described package), as it names it. */
  subject: string | null;
  components: DeclaredComponent[];
  vulnerabilities: DeclaredVulnerability[];
}

/**
 * Bounds on what a document may declare. An SBOM of a large image lists a few thousand
 * components (Debian's archive has about 65,000 binary packages); nesting past a few
 * levels is a generator's bug or a hostile document.
 */
export const SBOM_LIMITS = {
  components: 100_000,
  vulnerabilities: 50_000,
  affectsPerVulnerability: 10_000,
  /** Affected references over all vulnerabilities: each is an observation. */
  affectsPerDocument: 100_000,
  nestingDepth: 32,
  licencesPerComponent: 32,
  fieldLength: 4096,
} as const;

/** A field's text within the bound, or the document is refused naming the field. */
export function boundedText(node: { fail(problem: string): never }, value: string): string {
  if (value.length > SBOM_LIMITS.fieldLength) node.fail(`is longer than ${SBOM_LIMITS.fieldLength} characters`);
  return value;
}

/**
 * Drops parent links that name no listed component or close a cycle (SPDX relationships
 * may say A CONTAINS B and B CONTAINS A), so the hierarchy is a forest. Each component is
 * walked once (a chain of dependencies as long as the document allows stays linear): a
 * walk that comes back to a component of its own path cuts that component's link.
 */
export function acyclicParents(components: DeclaredComponent[]): void {
  const byRef = new Map<string, DeclaredComponent>();
  for (const component of components) if (component.ref !== null && !byRef.has(component.ref)) byRef.set(component.ref, component);
  const settled = new Set<DeclaredComponent>();
  for (const start of components) {
    const path = new Set<DeclaredComponent>();
    let node: DeclaredComponent | undefined = start;
    while (node !== undefined && !settled.has(node)) {
      if (path.has(node)) {
        node.parentRef = null;
        break;
      }
      path.add(node);
      const parent: DeclaredComponent | undefined = node.parentRef === null ? undefined : byRef.get(node.parentRef);
      if (parent === undefined) node.parentRef = null;
      node = parent;
    }
    for (const walked of path) settled.add(walked);
  }
}
