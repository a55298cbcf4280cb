// Packagist (Composer) version order: PHP's version_compare, which Composer's
// Comparator uses, after a leading v is dropped (tags are v1.2.3, advisories 1.2.3).
//
// version_compare canonicalises first ('-', '_' and '+' become '.', a '.' goes between
// digits and letters, other punctuation becomes '.'), then compares part by part:
// numbers by value; words by their special form, matched by prefix: dev < alpha = a <
// beta = b < RC = rc < # < pl = p, any other word before all of them; a number counts as
// '#'. When one version has more parts, a further number makes it newer and a further
// word is compared with '#' (1.0-dev < 1.0 < 1.0pl1). No npm library implements
// version_compare and is kept (checked in npm.tsv), so it is written here.

const SPECIAL_FORMS: ReadonlyArray<readonly [string, number]> = [
  ['dev', 0],
  ['alpha', 1],
  ['a', 1],
  ['beta', 2],
  ['b', 2],
  ['RC', 3],
  ['rc', 3],
  ['#', 4],
  ['pl', 5],
  ['p', 5],
];
const OTHER_WORD = -6;
const NUMBER_FORM = '#N#';

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAlnum = (c: string): boolean => /^[0-9A-Za-z]$/.test(c);

function canonicalize(version: string): string {
  let out = version[0] ?? '';
  let previous = version[0] ?? '';
  for (const c of version.slice(1)) {
    const last = out[out.length - 1];
    if (c === '-' || c === '_' || c === '+') {
      if (last !== '.') out += '.';
    } else if (previous !== '.' && c !== '.' && isDigit(previous) !== isDigit(c)) {
      if (last !== '.') out += '.';
      out += c;
    } else if (!isAlnum(c) && c !== '.') {
      if (last !== '.') out += '.';
    } else {
      out += c;
    }
    previous = c;
  }
  return out;
}

function formOrder(part: string): number {
  for (const [name, order] of SPECIAL_FORMS) if (part.startsWith(name)) return order;
  return OTHER_WORD;
}

function compareNumberText(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

function comparePart(a: string, b: string): number {
  const aNumber = isDigit(a[0] ?? '');
  const bNumber = isDigit(b[0] ?? '');
  if (aNumber && bNumber) return compareNumberText(a, b);
  return Math.sign(formOrder(aNumber ? NUMBER_FORM : a) - formOrder(bNumber ? NUMBER_FORM : b));
}

function versionCompare(a: string, b: string): number {
  const x = canonicalize(a).split('.');
  const y = canonicalize(b).split('.');
  const common = Math.min(x.length, y.length);
  for (let i = 0; i < common; i++) {
    const difference = comparePart(x[i]!, y[i]!);
    if (difference !== 0) return difference;
  }
  if (x.length > common) return isDigit(x[common]![0] ?? '') ? 1 : versionCompare(x.slice(common).join('.'), NUMBER_FORM);
  if (y.length > common) return isDigit(y[common]![0] ?? '') ? -1 : versionCompare(NUMBER_FORM, y.slice(common).join('.'));
  return 0;
}

export function isValidPackagistVersion(version: string): boolean {
  // '#' is version_compare's internal stand-in for a number, never part of a real version.
  return /^[\x21-\x7e]+$/.test(version) && !version.includes('#');
}

/** Composer's order of two versions. */
export function comparePackagistVersions(a: string, b: string): number {
  return versionCompare(a.replace(/^[vV]/, ''), b.replace(/^[vV]/, ''));
}
