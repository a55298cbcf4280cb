// CycloneDX XML into the JSON form the CycloneDX reader walks: the parts it reads
// (components with their licences, properties, evidence and nested components; the
// dependency graph; vulnerabilities), named as the JSON schema names them. Parsed with
// @xmldom/xmldom (already in the tree for SAML); a document with a DOCTYPE is refused,
// so no entity is ever declared, let alone expanded.
import { DOMParser } from '@xmldom/xmldom';
import { replaceUnstorableText } from '../../platform/storable-text.js';
import { ReportFormatError } from './report-reader.js';
import { SBOM_LIMITS } from './sbom-document.js';

type Json = Record<string, unknown>;

const refuse = (problem: string): never => {
  throw new ReportFormatError('cyclonedx', '(document)', problem);
};

export function cycloneDxXmlToJson(text: string): Json {
  if (/<!DOCTYPE/i.test(text)) refuse('is XML with a DOCTYPE, which a CycloneDX document never needs; refused');
  const problems: string[] = [];
  const record = (message: string) => void problems.push(replaceUnstorableText(String(message).replace(/^\[xmldom \w+\]\s*/, '').split('\n', 1)[0]!.slice(0, 200)).text);
  // xmldom reads past a missing or mismatched end tag with only a warning: any complaint refuses the document.
  const document = new DOMParser({ errorHandler: { warning: record, error: record, fatalError: record } }).parseFromString(text, 'text/xml');
  const bom = document.documentElement;
  if (problems.length > 0 || !bom) return refuse(`is not well-formed XML: ${problems[0] ?? 'no root element'}`);
  const version = /^http:\/\/cyclonedx\.org\/schema\/bom\/(\d+\.\d+)$/.exec(bom.namespaceURI ?? '');
  if (bom.localName !== 'bom' || !version) return refuse('is XML but not a CycloneDX bom (root element bom in the namespace http://cyclonedx.org/schema/bom/<version>)');
  return {
    bomFormat: 'CycloneDX',
    specVersion: version[1],
    metadata: { component: only(child(bom, 'metadata'), 'component', (element) => component(element, 1)) },
    components: list(child(bom, 'components'), 'component', (element) => component(element, 1)),
    dependencies: list(child(bom, 'dependencies'), 'dependency', (element) => ({
      ref: element.getAttribute('ref'),
      dependsOn: children(element, 'dependency').map((inner) => inner.getAttribute('ref')),
    })),
    vulnerabilities: list(child(bom, 'vulnerabilities'), 'vulnerability', vulnerability),
  };
}

function component(element: Element, depth: number): Json {
  if (depth > SBOM_LIMITS.nestingDepth) refuse(`nests components deeper than ${SBOM_LIMITS.nestingDepth} levels`);
  const licences = child(element, 'licenses');
  return {
    type: element.getAttribute('type') || undefined,
    'bom-ref': element.getAttribute('bom-ref') || undefined,
    name: textOf(element, 'name'),
    version: textOf(element, 'version'),
    group: textOf(element, 'group'),
    purl: textOf(element, 'purl'),
    cpe: textOf(element, 'cpe'),
    licenses: [
      ...list(licences, 'license', (licence) => ({ license: { id: textOf(licence, 'id'), name: textOf(licence, 'name') } })),
      ...list(licences, 'expression', (expression) => ({ expression: text(expression) })),
    ],
    properties: list(child(element, 'properties'), 'property', (property) => ({ name: property.getAttribute('name'), value: text(property) })),
    evidence: { occurrences: list(child(child(element, 'evidence'), 'occurrences'), 'occurrence', (occurrence) => ({ location: textOf(occurrence, 'location') })) },
    components: list(child(element, 'components'), 'component', (inner) => component(inner, depth + 1)),
  };
}

function vulnerability(element: Element): Json {
  const source = child(element, 'source');
  return {
    'bom-ref': element.getAttribute('bom-ref') || undefined,
    id: textOf(element, 'id'),
    source: source ? { name: textOf(source, 'name'), url: textOf(source, 'url') } : undefined,
    references: list(child(element, 'references'), 'reference', (reference) => ({ id: textOf(reference, 'id') })),
    ratings: list(child(element, 'ratings'), 'rating', (rating) => {
      const score = textOf(rating, 'score');
      return {
        source: { name: textOf(child(rating, 'source'), 'name') },
        score: score === undefined ? undefined : Number(score),
        severity: textOf(rating, 'severity'),
        method: textOf(rating, 'method'),
        vector: textOf(rating, 'vector'),
      };
    }),
    description: textOf(element, 'description'),
    advisories: list(child(element, 'advisories'), 'advisory', (advisory) => ({ url: textOf(advisory, 'url') })),
    published: textOf(element, 'published'),
    updated: textOf(element, 'updated'),
    analysis: { state: textOf(child(element, 'analysis'), 'state') },
    affects: list(child(element, 'affects'), 'target', (target) => ({
      ref: textOf(target, 'ref'),
      versions: list(child(target, 'versions'), 'version', (version) => ({ version: textOf(version, 'version'), status: textOf(version, 'status') })),
    })),
  };
}

function children(parent: Element | null, name: string): Element[] {
  if (parent === null) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}

const child = (parent: Element | null, name: string): Element | null => children(parent, name)[0] ?? null;

const list = <T,>(parent: Element | null, name: string, read: (element: Element) => T): T[] => children(parent, name).map(read);

const only = <T,>(parent: Element | null, name: string, read: (element: Element) => T): T | undefined => {
  const element = child(parent, name);
  return element === null ? undefined : read(element);
};

const text = (element: Element): string => element.textContent ?? '';

const textOf = (parent: Element | null, name: string): string | undefined => {
  const element = child(parent, name);
  return element === null ? undefined : text(element);
};
