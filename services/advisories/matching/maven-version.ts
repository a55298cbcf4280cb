// Maven version order: Maven's ComparableVersion (maven-artifact), the order Maven
// itself and OSV's Maven ranges use.
//
// The version is lower-cased and cut into items: '.' separates items of one list, '-'
// and every change between digits and letters open a nested list. Numbers compare by
// value; qualifiers by the well-known order alpha < beta < milestone < rc (= cr) <
// snapshot < "" (= ga = final = release) < sp, then any other qualifier as text; a
// number is newer than a qualifier; trailing nulls (0, "", empty lists) are dropped
// before comparing, so 1 = 1.0 = 1.0.0 = 1-ga. A letter immediately followed by a digit
// reads as alpha, beta or milestone (1a1 = 1-alpha-1). No npm library implements
// ComparableVersion and is kept (checked in npm.tsv), so it is written here.

type Item = { kind: 'number'; value: string } | { kind: 'string'; value: string } | { kind: 'list'; items: Item[] };

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['ga', ''],
  ['final', ''],
  ['release', ''],
  ['cr', 'rc'],
]);
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''));

function stringItem(text: string, followedByDigit: boolean): Item {
  let value = text;
  if (followedByDigit && value.length === 1) {
    value = value === 'a' ? 'alpha' : value === 'b' ? 'beta' : value === 'm' ? 'milestone' : value;
  }
  return { kind: 'string', value: ALIASES.get(value) ?? value };
}

function parseItem(isDigit: boolean, text: string): Item {
  return isDigit ? { kind: 'number', value: text.replace(/^0+/, '') } : stringItem(text, false);
}

function comparableQualifier(value: string): string {
  const index = QUALIFIERS.indexOf(value);
  return index === -1 ? `${QUALIFIERS.length}-${value}` : String(index);
}

function isNull(item: Item): boolean {
  if (item.kind === 'number') return item.value === '';
  if (item.kind === 'string') return comparableQualifier(item.value) === RELEASE_INDEX;
  return item.items.length === 0;
}

function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i]!;
    if (isNull(item)) list.splice(i, 1);
    else if (item.kind !== 'list') break;
  }
}

function parseMaven(version: string): Item[] {
  const text = version.trim().toLowerCase();
  const root: Item[] = [];
  let list = root;
  const opened: Item[][] = [root];
  const openList = (): void => {
    const nested: Item[] = [];
    list.push({ kind: 'list', items: nested });
    list = nested;
    opened.push(nested);
  };
  let isDigit = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '.' || c === '-') {
      list.push(i === start ? { kind: 'number', value: '' } : parseItem(isDigit, text.slice(start, i)));
      start = i + 1;
      if (c === '-') openList();
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        list.push(stringItem(text.slice(start, i), true));
        start = i;
        openList();
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(parseItem(true, text.slice(start, i)));
        start = i;
        openList();
      }
      isDigit = false;
    }
  }
  if (text.length > start) list.push(parseItem(isDigit, text.slice(start)));
  for (let i = opened.length - 1; i >= 0; i--) normalize(opened[i]!);
  return root;
}

function compareNumberText(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ComparableVersion's compareTo, `null` standing for a missing item. */
function compareItems(a: Item | null, b: Item | null): number {
  if (a === null) return b === null ? 0 : -compareItems(b, null);
  switch (a.kind) {
    case 'number':
      if (b === null) return a.value === '' ? 0 : 1;
      return b.kind === 'number' ? compareNumberText(a.value, b.value) : 1;
    case 'string':
      if (b === null) return compareText(comparableQualifier(a.value), RELEASE_INDEX);
      return b.kind === 'string' ? compareText(comparableQualifier(a.value), comparableQualifier(b.value)) : -1;
    case 'list':
      if (b === null) return a.items.length === 0 ? 0 : compareItems(a.items[0]!, null);
      if (b.kind === 'number') return -1;
      if (b.kind === 'string') return 1;
      return compareLists(a.items, b.items);
  }
}

function compareLists(a: Item[], b: Item[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = compareItems(a[i] ?? null, b[i] ?? null);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Maven's order of two versions (any text is a Maven version). */
export function compareMavenVersions(a: string, b: string): number {
  return compareLists(parseMaven(a), parseMaven(b));
}
