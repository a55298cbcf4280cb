// Debian and Ubuntu version order, as dpkg --compare-versions orders them (deb-version(7)).
//
// [epoch:]upstream[-revision]: the epoch compares as a number; the upstream version and
// the revision (split at the last '-', absent meaning "0") compare with dpkg's
// verrevcmp: alternating runs of non-digits, compared character by character where '~'
// sorts before everything (even the end), letters before other characters; and runs of
// digits, compared as numbers of any length. No npm library implements this and is kept
// (checked in npm.tsv), and the algorithm is short, so it is written here.

interface DpkgVersion {
  epoch: string;
  upstream: string;
  revision: string;
}

function parseDpkg(version: string): DpkgVersion | null {
  const trimmed = version.trim();
  const colon = trimmed.indexOf(':');
  const epoch = colon === -1 ? '0' : trimmed.slice(0, colon);
  const rest = colon === -1 ? trimmed : trimmed.slice(colon + 1);
  if (!/^\d+$/.test(epoch) || rest === '') return null;
  const dash = rest.lastIndexOf('-');
  const upstream = dash === -1 ? rest : rest.slice(0, dash);
  const revision = dash === -1 ? '' : rest.slice(dash + 1);
  if (upstream === '' || !/^[A-Za-z0-9.+~:-]+$/.test(upstream) || !/^[A-Za-z0-9.+~]*$/.test(revision)) return null;
  // A colon in the upstream version is only possible after an explicit epoch.
  if (colon === -1 && upstream.includes(':')) return null;
  return { epoch, upstream, revision };
}

export function isValidDpkgVersion(version: string): boolean {
  return parseDpkg(version) !== null;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** dpkg's weight of a character in a non-digit run; the end of the string weighs 0. */
function weight(text: string, index: number): number {
  if (index >= text.length) return 0;
  const code = text.charCodeAt(index);
  if (isDigit(code)) return 0;
  if (isLetter(code)) return code;
  if (code === 126 /* ~ */) return -1;
  return code + 256;
}

function verrevcmp(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a.charCodeAt(i))) || (j < b.length && !isDigit(b.charCodeAt(j)))) {
      const difference = weight(a, i) - weight(b, j);
      if (difference !== 0) return difference;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    let firstDifference = 0;
    while (i < a.length && isDigit(a.charCodeAt(i)) && j < b.length && isDigit(b.charCodeAt(j))) {
      if (firstDifference === 0) firstDifference = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (i < a.length && isDigit(a.charCodeAt(i))) return 1;
    if (j < b.length && isDigit(b.charCodeAt(j))) return -1;
    if (firstDifference !== 0) return firstDifference;
  }
  return 0;
}

function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** dpkg's order of two valid versions (check with isValidDpkgVersion first). */
export function compareDpkgVersions(a: string, b: string): number {
  const x = parseDpkg(a)!;
  const y = parseDpkg(b)!;
  return compareNumbers(x.epoch, y.epoch) || verrevcmp(x.upstream, y.upstream) || verrevcmp(x.revision, y.revision);
}
