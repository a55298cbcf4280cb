// Installed Python distributions: the core metadata file each installer writes,
// *.dist-info/METADATA (wheels, pip), *.egg-info/PKG-INFO and *.egg/EGG-INFO/PKG-INFO
// (setuptools), and *.egg-info as a single file (distutils, Debian's python3-* packages).
// The metadata is email-header text (PEP 241/566/639): Name, Version and the licence
// fields are read from the header block; the description after it is not.
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, keptFiles, languagePackage } from './language-package.js';

const ANALYZER = 'python';
// Metadata carries the long description after its headers; a megabyte is far past any real one.
const MAX_METADATA_BYTES = 4 * 1024 * 1024;
const MAX_HEADER_LINES = 10_000;

const METADATA_FILE = /\/[^/]+(?:\.dist-info\/METADATA|\.egg-info\/PKG-INFO|\.egg\/EGG-INFO\/PKG-INFO|\.egg-info)$/;

const isMetadataFile = (imagePath: string): boolean => METADATA_FILE.test(imagePath);

export const pythonAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    return isMetadataFile(imagePath) && entry.size <= MAX_METADATA_BYTES;
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    for (const { imagePath, content } of keptFiles(files, isMetadataFile)) {
      if (content.length > MAX_METADATA_BYTES) {
        output.warn(`${imagePath} was skipped: it is larger than ${MAX_METADATA_BYTES} bytes`);
        continue;
      }
      const headers = metadataHeaders(content.toString('utf8'));
      const name = headers.get('name')?.[0];
      const version = headers.get('version')?.[0];
      if (name === undefined || version === undefined) {
        output.warn(`${imagePath} was skipped: it has no Name or no Version header`);
        continue;
      }
      output.addOrWarn(languagePackage({ ecosystem: 'pypi', name, version, recordedAt: imagePath, licences: licencesOf(headers) }), imagePath);
    }
    return output.result();
  },
};

/** The header block, lower-cased field names to every value in order; folded lines joined. */
export function metadataHeaders(text: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  let current: { field: string; lines: string[] } | undefined;
  const flush = () => {
    if (!current) return;
    const values = headers.get(current.field) ?? [];
    values.push(current.lines.join('\n').trim());
    headers.set(current.field, values);
    current = undefined;
  };
  const lines = text.split(/\r?\n/, MAX_HEADER_LINES);
  for (const line of lines) {
    if (line.trim() === '') break;
    // A folded line continues the field above (RFC 5322), as a multi-line License does.
    if (/^[ \t]/.test(line)) {
      current?.lines.push(line.trim());
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    current = { field: line.slice(0, colon).trim().toLowerCase(), lines: [line.slice(colon + 1)] };
  }
  flush();
  return headers;
}

/**
 * License-Expression (PEP 639) when present; else the License field unless it is a
 * placeholder; else the licence names of "License :: " classifiers, as Trivy reads them.
 */
function licencesOf(headers: Map<string, string[]>): string[] {
  const expression = headers.get('license-expression')?.[0];
  if (expression) return [expression];
  const licence = headers.get('license')?.[0];
  if (licence && !/^(unknown|none)$/i.test(licence)) return [licence];
  return (headers.get('classifier') ?? [])
    .filter((classifier) => classifier.startsWith('License ::'))
    .map((classifier) => classifier.split('::').at(-1)?.trim() ?? '')
    .filter((name) => name !== '' && name !== 'OSI Approved');
}
