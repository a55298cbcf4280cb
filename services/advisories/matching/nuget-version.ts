// NuGet version order, as NuGet.Versioning's NuGetVersion orders: up to four numeric
// components (missing ones are 0, so 1.0 = 1.0.0.0), then a SemVer 2.0 release label
// compared case-insensitively (numeric labels by value and before alphanumeric ones, a
// release after its pre-releases), build metadata ignored. No npm library implements
// NuGet's order and is kept (checked in npm.tsv), so it is written here.

const NUGET = /^[vV]?(\d+(?:\.\d+){0,3})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?$/;

interface NuGetVersion {
  numbers: string[];
  labels: string[];
}

function parseNuGet(version: string): NuGetVersion | null {
  const match = NUGET.exec(version.trim());
  if (match === null) return null;
  const numbers = match[1]!.split('.').map((part) => part.replace(/^0+/, ''));
  while (numbers.length < 4) numbers.push('');
  return { numbers, labels: match[2] === undefined ? [] : match[2].toLowerCase().split('.') };
}

export function isValidNuGetVersion(version: string): boolean {
  return parseNuGet(version) !== null;
}

function compareNumberText(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareLabel(a: string, b: string): number {
  const aNumeric = /^\d+$/.test(a);
  const bNumeric = /^\d+$/.test(b);
  if (aNumeric && bNumeric) return compareNumberText(a.replace(/^0+/, ''), b.replace(/^0+/, ''));
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** NuGet's order of two valid versions. */
export function compareNuGetVersions(a: string, b: string): number {
  const x = parseNuGet(a)!;
  const y = parseNuGet(b)!;
  for (let i = 0; i < 4; i++) {
    const difference = compareNumberText(x.numbers[i]!, y.numbers[i]!);
    if (difference !== 0) return difference;
  }
  if (x.labels.length === 0 || y.labels.length === 0) return y.labels.length - x.labels.length;
  for (let i = 0; i < Math.min(x.labels.length, y.labels.length); i++) {
    const difference = compareLabel(x.labels[i]!, y.labels[i]!);
    if (difference !== 0) return difference;
  }
  return x.labels.length - y.labels.length;
}
