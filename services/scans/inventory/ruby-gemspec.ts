// Installed Ruby gems: the specifications/<gem>-<version>.gemspec files RubyGems writes
// when it installs a gem (and Debian's rubygems-integration directories, and the default
// gems under specifications/default). They are Ruby source, never evaluated here: the
// name, version and licences are read from the assignments RubyGems generates
// (s.name = "rack".freeze), as Trivy reads them.
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, keptFiles, languagePackage } from './language-package.js';

const ANALYZER = 'ruby-gemspec';
// A generated gemspec lists the gem's files; a few hundred kilobytes at most.
const MAX_GEMSPEC_BYTES = 4 * 1024 * 1024;
const GEMSPEC_FILE = /\/specifications\/(?:[^/]+\/)*[^/]+\.gemspec$/;

// `<receiver>.name = "rack"` with either quote and an optional .freeze; the receiver is
// whatever block parameter the generator chose (s, spec).
// Only spaces and tabs around it: \s would let each line's match run on over every blank line below.
const quotedAssignment = (attribute: string) => new RegExp(`^[ \\t]*\\w+\\.${attribute}[ \\t]*=[ \\t]*(["'])([^"'\\n]*)\\1`, 'm');
const NAME = quotedAssignment('name');
const VERSION = quotedAssignment('version');
const SINGLE_LICENCE = quotedAssignment('license');
const LICENCE_LIST = /^[ \t]*\w+\.licenses[ \t]*=[ \t]*\[([^\]\n]*)\]/m;

const isGemspec = (imagePath: string): boolean => GEMSPEC_FILE.test(imagePath);

export const rubyGemspecAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    return isGemspec(imagePath) && entry.size <= MAX_GEMSPEC_BYTES;
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    for (const { imagePath, content } of keptFiles(files, isGemspec)) {
      if (content.length > MAX_GEMSPEC_BYTES) {
        output.warn(`${imagePath} was skipped: it is larger than ${MAX_GEMSPEC_BYTES} bytes`);
        continue;
      }
      const source = content.toString('utf8');
      const name = NAME.exec(source)?.[2];
      const version = VERSION.exec(source)?.[2];
      if (name === undefined || version === undefined) {
        output.warn(`${imagePath} was skipped: it has no quoted name or version assignment`);
        continue;
      }
      output.addOrWarn(languagePackage({ ecosystem: 'gem', name, version, recordedAt: imagePath, licences: licencesOf(source) }), imagePath);
    }
    return output.result();
  },
};

function licencesOf(source: string): string[] {
  const list = LICENCE_LIST.exec(source)?.[1];
  if (list !== undefined) return [...list.matchAll(/(["'])([^"']*)\1/g)].map((match) => match[2] ?? '');
  const single = SINGLE_LICENCE.exec(source)?.[2];
  return single === undefined ? [] : [single];
}
