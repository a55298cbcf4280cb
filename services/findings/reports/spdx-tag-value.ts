// SPDX 2.x tag-value into the JSON form the SPDX reader walks: the document's version
// and name, packages (name, SPDXID, version, licences, external references, file name,
// source info, primary purpose), extracted licences, and relationships. `Tag: value`
// lines; a value may span lines inside <text>…</text>. A PackageName starts a package
// and a FileName or SnippetSPDXID ends it, so a file's SPDXID is never taken for one.
import { ReportFormatError } from './report-reader.js';
import { SBOM_LIMITS } from './sbom-document.js';

type Json = Record<string, unknown>;

const PACKAGE_FIELDS: Record<string, string> = {
  SPDXID: 'SPDXID',
  PackageVersion: 'versionInfo',
  PackageFileName: 'packageFileName',
  PackageLicenseDeclared: 'licenseDeclared',
  PackageLicenseConcluded: 'licenseConcluded',
  PackageSourceInfo: 'sourceInfo',
  PrimaryPackagePurpose: 'primaryPackagePurpose',
};

export function spdxTagValueToJson(text: string): Json {
  const document: Json = { packages: [], relationships: [], hasExtractedLicensingInfos: [] };
  const packages = document.packages as Json[];
  const relationships = document.relationships as Json[];
  const extracted = document.hasExtractedLicensingInfos as Json[];
  let current: Json | null = null;
  let licence: Json | null = null;
  for (const [tag, value] of tagValues(text)) {
    switch (tag) {
      case 'SPDXVersion':
        document.spdxVersion = value;
        break;
      case 'DocumentName':
        document.name = value;
        break;
      case 'PackageName':
        if (packages.length === SBOM_LIMITS.components) refuse(`lists more than ${SBOM_LIMITS.components} packages`);
        current = { name: value, externalRefs: [] };
        packages.push(current);
        break;
      case 'FileName':
      case 'SnippetSPDXID':
        current = null;
        break;
      case 'ExternalRef': {
        const [category, type, ...locator] = value.split(/\s+/);
        if (current !== null) (current.externalRefs as Json[]).push({ referenceCategory: category, referenceType: type, referenceLocator: locator.join(' ') });
        break;
      }
      case 'Relationship': {
        const [from, type, to] = value.split(/\s+/);
        relationships.push({ spdxElementId: from, relationshipType: type, relatedSpdxElement: to });
        break;
      }
      case 'LicenseID':
        licence = { licenseId: value };
        extracted.push(licence);
        break;
      case 'LicenseName':
        if (licence !== null) licence.name = value;
        break;
      default:
        if (current !== null && PACKAGE_FIELDS[tag] !== undefined) current[PACKAGE_FIELDS[tag]] = value;
    }
  }
  return document;
}

const refuse = (problem: string): never => {
  throw new ReportFormatError('spdx', '(document)', problem);
};

/** The document's tag-value pairs in order; comments and blank lines skipped. */
function* tagValues(text: string): Generator<[string, string]> {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) refuse(`line ${index + 1} is not "Tag: value" (is it SPDX tag-value?)`);
    const tag = line.slice(0, colon).trim();
    let value = line.slice(colon + 1).trim();
    if (value.startsWith('<text>')) {
      const parts = [value.slice('<text>'.length)];
      while (!parts.at(-1)!.includes('</text>')) {
        index++;
        if (index === lines.length) refuse(`the <text> of ${tag} is never closed`);
        parts.push(lines[index]!);
      }
      value = parts.join('\n');
      value = value.slice(0, value.lastIndexOf('</text>')).trim();
    }
    yield [tag, value];
  }
}
