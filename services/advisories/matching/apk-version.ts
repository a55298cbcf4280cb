// Alpine version order (Alpine, Wolfi, Chainguard, MinimOS), as `apk version -t` orders.
//
// A version is read as apk reads Gentoo-style versions: digits separated by dots, an
// optional lower-case letter, any number of `_suffix[N]` (alpha < beta < pre < rc <
// none < cvs < svn < git < hg < p), an optional `~commit-hash`, and `-rN`. Components
// compare in that order; a number after the first with a leading zero compares as text
// (Gentoo's rule); a missing revision is r0. apk accepts versions that do not follow
// this grammar: what is left over marks the version invalid, two invalid versions
// compare as text, and a version with unreadable leftovers sorts before an otherwise
// equal clean one. The commit hash does not order (apk's order of two hashes is their
// text, which says nothing about age). No npm library implements apk's order (checked
// in npm.tsv), so it is written here.

const SUFFIX_WEIGHT: ReadonlyMap<string, number> = new Map([
  ['alpha', 0],
  ['beta', 1],
  ['pre', 2],
  ['rc', 3],
  ['cvs', 5],
  ['svn', 6],
  ['git', 7],
  ['hg', 8],
  ['p', 9],
]);
const NO_SUFFIX = 4;

interface Suffix {
  weight: number;
  number: string;
}

interface ApkVersion {
  text: string;
  numbers: string[];
  letter: string;
  suffixes: Suffix[];
  revision: string;
  leftover: string;
  invalid: boolean;
}

const NUMBERS = /^(?:\d+\.?)*/;
const SUFFIX = /^_(alpha|beta|pre|rc|cvs|svn|git|hg|p)(\d*)/;
const HASH = /^~[0-9a-f]+/;
const REVISION = /^-r(\d*)/;

function parseApk(text: string): ApkVersion {
  let rest = text;
  const numbersText = NUMBERS.exec(rest)![0];
  const numbers = numbersText.split('.').filter((part) => part !== '');
  rest = rest.slice(numbersText.length);
  let letter = '';
  if (/^[a-z]/.test(rest)) {
    letter = rest[0]!;
    rest = rest.slice(1);
  }
  const suffixes: Suffix[] = [];
  for (let match = SUFFIX.exec(rest); match !== null; match = SUFFIX.exec(rest)) {
    suffixes.push({ weight: SUFFIX_WEIGHT.get(match[1]!)!, number: match[2] || '0' });
    rest = rest.slice(match[0].length);
  }
  const hash = HASH.exec(rest);
  if (hash !== null) rest = rest.slice(hash[0].length);
  let revision = '0';
  let invalid = false;
  if (rest !== '') {
    const match = REVISION.exec(rest);
    if (match === null) {
      invalid = true;
    } else {
      revision = match[1] || '0';
      rest = rest.slice(match[0].length);
    }
  }
  return { text, numbers, letter, suffixes, revision, leftover: rest, invalid };
}

/** apk compares anything; a version is refused only when it is empty or holds spaces or control characters. */
export function isValidApkVersion(version: string): boolean {
  return /^[\x21-\x7e]+$/.test(version);
}

function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumberLists(a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '0';
    const y = b[i] ?? '0';
    const difference = i > 0 && (x.startsWith('0') || y.startsWith('0')) ? compareText(x, y) : compareNumbers(x, y);
    if (difference !== 0) return difference;
  }
  return 0;
}

function compareSuffixLists(a: Suffix[], b: Suffix[]): number {
  const none: Suffix = { weight: NO_SUFFIX, number: '0' };
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? none;
    const y = b[i] ?? none;
    const difference = x.weight - y.weight || compareNumbers(x.number, y.number);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Only whether something is left over orders: a clean version after an unclean one. */
function compareLeftovers(a: string, b: string): number {
  if ((a === '') === (b === '')) return 0;
  return a === '' ? 1 : -1;
}

/** apk's order of two versions. */
export function compareApkVersions(a: string, b: string): number {
  const x = parseApk(a);
  const y = parseApk(b);
  if (x.invalid && y.invalid) return compareText(x.text, y.text);
  return (
    compareNumberLists(x.numbers, y.numbers) ||
    (x.letter === y.letter ? 0 : x.letter === '' ? -1 : y.letter === '' ? 1 : compareText(x.letter, y.letter)) ||
    compareSuffixLists(x.suffixes, y.suffixes) ||
    compareNumbers(x.revision, y.revision) ||
    compareLeftovers(x.leftover, y.leftover)
  );
}
