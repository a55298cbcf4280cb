// Reading a VEX document, OpenVEX (v0.2.0, and the v0.0.x spellings vexctl still
// reads) or CycloneDX (1.4 to 1.6, JSON), into one neutral form: who said it, and
// each statement's vulnerability, status and texts, and the things it names. Only
// what is read is checked, with zod, against the formats' own vocabularies; the
// rest of a document is left as it was. The counts are bounded (VEX_LIMITS).
import { createHash } from 'node:crypto';
import { Enums } from '@cyclonedx/cyclonedx-library';
import { z } from 'zod';
import { validationFailed } from '../platform/errors.js';
import { isImagePurl, parsePackageUrl } from './package-urls.js';
import type { PackageURL } from 'packageurl-js';

const vexStatuses = ['not_affected', 'affected', 'fixed', 'under_investigation'] as const;
export type VexStatus = (typeof vexStatuses)[number];
type VexFormat = 'openvex' | 'cyclonedx';

/** What one document may hold: a VEX document lists decisions, not an inventory. */
const VEX_LIMITS = {
  statements: 5_000,
  productsPerStatement: 1_000,
  subcomponentsPerProduct: 1_000,
  /** Statement x product x subcomponent: the names one document may make. */
  names: 50_000,
  components: 50_000,
  aliases: 100,
  text: 10_000,
  identifier: 2_048,
} as const;

export const openVexJustifications = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_not_in_execute_path',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'inline_mitigations_already_exist',
] as const;
export const cycloneDxStates = Object.values(Enums.Vulnerability.AnalysisState) as [string, ...string[]];
export const cycloneDxJustifications = Object.values(Enums.Vulnerability.AnalysisJustification) as [string, ...string[]];
const cycloneDxResponses = Object.values(Enums.Vulnerability.AnalysisResponse) as [string, ...string[]];

/** CycloneDX's analysis states in OpenVEX's words (CycloneDX specification discussion 609). */
const statusOfCycloneDxState: Record<string, VexStatus> = {
  not_affected: 'not_affected',
  false_positive: 'not_affected',
  exploitable: 'affected',
  resolved: 'fixed',
  resolved_with_pedigree: 'fixed',
  in_triage: 'under_investigation',
};

/** Something a statement names: a package URL when it is one, and how the document wrote it. */
export interface Named {
  text: string;
  purl: PackageURL | null;
}

/**
 * Where a statement applies. image: the product when it is an image purl, null when
 * the document names its product otherwise or not at all (an asset's own document
 * then means that asset). component: null for the whole product. product: a generic
 * purl product (a named software asset, as its export names it) whose subcomponent
 * the component is; absent otherwise.
 */
export interface StatementTarget {
  image: Named | null;
  component: Named | null;
  product?: Named;
}

const isGenericPurl = (named: Named | null): named is Named => named?.purl?.type === 'generic';

export interface VexStatement {
  /** Its place in the document: statements[i] or vulnerabilities[i]. */
  path: string;
  vulnerability: string;
  aliases: string[];
  status: VexStatus;
  /** The status word as the document wrote it (CycloneDX's analysis.state). */
  state: string;
  justification: string | null;
  impactStatement: string | null;
  actionStatement: string | null;
  statusNotes: string | null;
  responses: string[];
  /** When it was known to be true: its own timestamp, else the document's. */
  time: Date | null;
  targets: StatementTarget[];
  /** References the document makes that name nothing it describes. */
  unresolved: string[];
}

export interface VexDocument {
  format: VexFormat;
  id: string;
  author: string | null;
  timestamp: Date | null;
  statements: VexStatement[];
  /** Statements read but not usable (no analysis state), with why. */
  skipped: Array<{ path: string; message: string }>;
}

const text = z.string().max(VEX_LIMITS.text);
const identifier = z.string().min(1).max(VEX_LIMITS.identifier);
const time = z
  .string()
  .max(64)
  .refine((value) => parseTime(value) !== null, 'must be an RFC 3339 date-time');

/** RFC 3339 with any number of fraction digits (vexctl writes nanoseconds). */
export function parseTime(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(value);
  if (!match) return null;
  const parsed = new Date(`${match[1]}.${(match[2] ?? '0').slice(0, 3).padEnd(3, '0')}${match[3]!.toUpperCase()}`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const openVexIdentifiers = z.object({ purl: identifier.optional() }).optional();
const openVexComponent = z.union([identifier, z.object({ '@id': identifier.optional(), identifiers: openVexIdentifiers })]);
const openVexProduct = z.union([
  identifier,
  z.object({
    '@id': identifier.optional(),
    identifiers: openVexIdentifiers,
    subcomponents: z.array(openVexComponent).max(VEX_LIMITS.subcomponentsPerProduct).optional(),
  }),
]);
const openVexDocument = z.object({
  '@context': z.string().startsWith('https://openvex.dev/ns'),
  '@id': identifier,
  author: text.optional(),
  timestamp: time.optional(),
  statements: z
    .array(
      z.object({
        vulnerability: z.union([identifier, z.object({ name: identifier, aliases: z.array(identifier).max(VEX_LIMITS.aliases).optional() })]),
        products: z.array(openVexProduct).max(VEX_LIMITS.productsPerStatement).optional(),
        status: z.enum(vexStatuses),
        justification: z.enum(openVexJustifications).optional(),
        impact_statement: text.optional(),
        action_statement: text.optional(),
        status_notes: text.optional(),
        timestamp: time.optional(),
      }),
    )
    .max(VEX_LIMITS.statements),
});

const cycloneDxComponent = z.object({
  'bom-ref': identifier.optional(),
  purl: identifier.optional(),
  name: text.optional(),
  // Nested components are walked (bounded) through the untyped `components` below.
  components: z.array(z.unknown()).max(VEX_LIMITS.components).optional(),
});
const cycloneDxDocument = z.object({
  bomFormat: z.literal('CycloneDX'),
  specVersion: z.string().max(16),
  serialNumber: identifier.optional(),
  version: z.number().int().optional(),
  metadata: z
    .object({
      timestamp: time.optional(),
      component: cycloneDxComponent.optional(),
      authors: z.array(z.object({ name: text.optional() })).max(100).optional(),
      manufacturer: z.object({ name: text.optional() }).optional(),
      manufacture: z.object({ name: text.optional() }).optional(),
      supplier: z.object({ name: text.optional() }).optional(),
    })
    .optional(),
  components: z.array(cycloneDxComponent).max(VEX_LIMITS.components).optional(),
  vulnerabilities: z
    .array(
      z.object({
        id: identifier,
        references: z.array(z.object({ id: identifier })).max(VEX_LIMITS.aliases).optional(),
        analysis: z
          .object({
            state: z.enum(cycloneDxStates).optional(),
            justification: z.enum(cycloneDxJustifications).optional(),
            response: z.array(z.enum(cycloneDxResponses)).max(10).optional(),
            detail: text.optional(),
            lastUpdated: time.optional(),
            firstIssued: time.optional(),
          })
          .optional(),
        affects: z.array(z.object({ ref: identifier })).max(VEX_LIMITS.productsPerStatement).optional(),
        updated: time.optional(),
      }),
    )
    .max(VEX_LIMITS.statements),
});

/** The first problem zod found, as one validation_failed naming its place in the document. */
function refuse(format: VexFormat, error: z.ZodError): never {
  const issue = error.issues[0]!;
  const where = issue.path.length > 0 ? `/${issue.path.join('/')}` : 'the document';
  throw validationFailed(`not a valid ${format === 'openvex' ? 'OpenVEX' : 'CycloneDX VEX'} document: ${where} ${issue.message}`);
}

const named = (value: string): Named => ({ text: value, purl: parsePackageUrl(value) });
const blankToNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value);

/** Reads either format; which one is said by the document itself (@context or bomFormat). */
export function readVexDocument(body: unknown): VexDocument {
  const record = (body ?? {}) as Record<string, unknown>;
  if (typeof record['@context'] === 'string') return readOpenVex(body);
  if (record.bomFormat === 'CycloneDX') return readCycloneDx(body);
  throw validationFailed('not a VEX document: an OpenVEX document has @context https://openvex.dev/ns/..., a CycloneDX one bomFormat CycloneDX');
}

function countNames(statements: readonly VexStatement[]): void {
  const names = statements.reduce((sum, statement) => sum + statement.targets.length, 0);
  if (names > VEX_LIMITS.names) throw validationFailed(`the document names ${names} product and component pairs; at most ${VEX_LIMITS.names} per document`);
}

function readOpenVex(body: unknown): VexDocument {
  const parsed = openVexDocument.safeParse(body);
  if (!parsed.success) refuse('openvex', parsed.error);
  const document = parsed.data;
  const documentTime = parseTime(document.timestamp);
  const statements = document.statements.map((statement, index): VexStatement => {
    const vulnerability = typeof statement.vulnerability === 'string' ? { name: statement.vulnerability, aliases: [] } : statement.vulnerability;
    const targets = (statement.products ?? []).flatMap((product): StatementTarget[] => {
      const productName = typeof product === 'string' ? named(product) : named(product.identifiers?.purl ?? product['@id'] ?? '');
      const subcomponents = typeof product === 'string' ? [] : (product.subcomponents ?? []);
      const components = subcomponents.map((component) => (typeof component === 'string' ? named(component) : named(component.identifiers?.purl ?? component['@id'] ?? '')));
      return targetsOf(productName, components);
    });
    return {
      path: `/statements/${index}`,
      vulnerability: vulnerability.name,
      aliases: vulnerability.aliases ?? [],
      status: statement.status,
      state: statement.status,
      justification: statement.justification ?? null,
      impactStatement: blankToNull(statement.impact_statement),
      actionStatement: blankToNull(statement.action_statement),
      statusNotes: blankToNull(statement.status_notes),
      responses: [],
      time: parseTime(statement.timestamp) ?? documentTime,
      // No product: the statement is about the document's subject, which an asset's import makes that asset.
      targets: statement.products === undefined || statement.products.length === 0 ? [{ image: null, component: null }] : targets,
      unresolved: [],
    };
  });
  countNames(statements);
  return { format: 'openvex', id: document['@id'], author: blankToNull(document.author), timestamp: documentTime, statements, skipped: [] };
}

/**
 * A product and its subcomponents as targets. An image purl is the product; a
 * purl of any other type is a component (OpenVEX examples name packages as
 * products); anything else names the document's subject.
 */
function targetsOf(product: Named, components: readonly Named[]): StatementTarget[] {
  const image = product.purl !== null && isImagePurl(product.purl) ? product : null;
  if (components.length > 0) return components.map((component) => ({ image, component, ...(isGenericPurl(product) ? { product } : {}) }));
  if (image !== null) return [{ image, component: null }];
  return [{ image: null, component: product.purl !== null ? product : null }];
}

type CycloneDxComponent = z.infer<typeof cycloneDxComponent>;

/** Every component of the BOM by bom-ref, nested ones included, walked without recursion and bounded. */
function componentsByRef(roots: readonly CycloneDxComponent[]): Map<string, CycloneDxComponent> {
  const byRef = new Map<string, CycloneDxComponent>();
  const queue: unknown[] = [...roots];
  for (let seen = 0; queue.length > 0; seen += 1) {
    if (seen >= VEX_LIMITS.components) throw validationFailed(`the document lists more than ${VEX_LIMITS.components} components`);
    const parsed = cycloneDxComponent.safeParse(queue.shift());
    if (!parsed.success) continue;
    if (parsed.data['bom-ref'] !== undefined) byRef.set(parsed.data['bom-ref'], parsed.data);
    queue.push(...(parsed.data.components ?? []));
  }
  return byRef;
}

function readCycloneDx(body: unknown): VexDocument {
  const parsed = cycloneDxDocument.safeParse(body);
  if (!parsed.success) refuse('cyclonedx', parsed.error);
  const document = parsed.data;
  const metadata = document.metadata;
  const subject = metadata?.component;
  const byRef = componentsByRef(document.components ?? []);
  const subjectRef = subject?.['bom-ref'];
  const documentTime = parseTime(metadata?.timestamp);
  const skipped: VexDocument['skipped'] = [];

  // The BOM's subject (metadata.component): an image purl is the product; another purl, a component of the product.
  const subjectNamed = subject?.purl !== undefined ? named(subject.purl) : null;
  const subjectImage = subjectNamed?.purl && isImagePurl(subjectNamed.purl) ? subjectNamed : null;
  const subjectTarget: StatementTarget = { image: subjectImage, component: subjectNamed?.purl && !isImagePurl(subjectNamed.purl) ? subjectNamed : null };

  /** An affects ref: the subject, a component the BOM lists, a purl, or a BOM-Link (urn:cdx:serial/version#ref) to one of those. */
  const resolve = (ref: string): StatementTarget | null => {
    const local = ref.startsWith('urn:cdx:') && ref.includes('#') ? safeDecode(ref.slice(ref.indexOf('#') + 1)) : ref;
    if (subjectRef !== undefined && local === subjectRef) return subjectTarget;
    const target = named(byRef.get(local)?.purl ?? local);
    if (target.purl === null) return null;
    if (isImagePurl(target.purl)) return { image: target, component: null };
    return { image: subjectImage, component: target, ...(isGenericPurl(subjectNamed) ? { product: subjectNamed } : {}) };
  };

  const statements: VexStatement[] = [];
  document.vulnerabilities.forEach((vulnerability, index) => {
    const path = `/vulnerabilities/${index}`;
    const analysis = vulnerability.analysis;
    if (analysis?.state === undefined) {
      skipped.push({ path, message: `${vulnerability.id} has no analysis.state: it states nothing about the product` });
      return;
    }
    const refs = vulnerability.affects ?? [];
    const resolved = refs.map((affect) => ({ ref: affect.ref, target: resolve(affect.ref) }));
    // A set: sorted, so that the same responses in another order are the same statement (the library sorts them on export).
    const responses = [...new Set(analysis.response ?? [])].sort();
    const status = statusOfCycloneDxState[analysis.state]!;
    const detail = blankToNull(analysis.detail);
    statements.push({
      path,
      vulnerability: vulnerability.id,
      aliases: (vulnerability.references ?? []).map((reference) => reference.id),
      status,
      state: analysis.state,
      justification: analysis.justification ?? null,
      // CycloneDX has one text, detail: the impact of a not_affected, the action of an affected, a note otherwise.
      impactStatement: status === 'not_affected' ? detail : null,
      actionStatement: status === 'affected' ? detail : null,
      statusNotes: status === 'not_affected' || status === 'affected' ? null : detail,
      responses,
      time: parseTime(analysis.lastUpdated) ?? parseTime(analysis.firstIssued) ?? parseTime(vulnerability.updated) ?? documentTime,
      targets: refs.length === 0 ? [{ image: null, component: null }] : resolved.flatMap((entry) => (entry.target === null ? [] : [entry.target])),
      unresolved: resolved.filter((entry) => entry.target === null).map((entry) => entry.ref),
    });
  });
  countNames(statements);
  const author = metadata?.authors?.find((entry) => blankToNull(entry.name) !== null)?.name ?? metadata?.manufacturer?.name ?? metadata?.manufacture?.name ?? metadata?.supplier?.name;
  return {
    format: 'cyclonedx',
    // A BOM's identity is its serial number and version; without one, its content.
    id: document.serialNumber !== undefined ? `${document.serialNumber}/${document.version ?? 1}` : `sha256:${createHash('sha256').update(JSON.stringify(body)).digest('hex')}`,
    author: blankToNull(author),
    timestamp: documentTime,
    statements,
    skipped,
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
