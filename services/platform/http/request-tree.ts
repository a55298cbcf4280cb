// Request data (a parsed JSON body, the query, the path parameters) walked without
// recursion. A body may nest as deep as its size allows, a customer's document (a
// scanner report) deeper than the limit of every other body, and a recursive walk
// exhausts the stack (a RangeError, a 500) long before either limit.

interface RequestNode {
  value: unknown;
  /** Its location as validation problems name it: `/requestBody/items/0/name`. */
  at: string;
  /** `at` with array indexes written `*`, the form of the document's exemptions. */
  pattern: string;
  /** How many arrays and objects enclose it within the walked value (the root: 0). */
  depth: number;
  /** The member name it has in its object, as sent; undefined for the root and array elements. */
  name?: string;
}

/** A member name as a JSON-pointer segment, with a NUL or surrogate made visible rather than sent back raw. */
export const pointerSegment = (key: string): string => JSON.stringify(key.replaceAll('~', '~0').replaceAll('/', '~1')).slice(1, -1);

/**
 * Every value of `root`, the root first, depth first in document order, leaving out
 * each value whose pattern is in `exempt` and all it holds.
 */
export function* requestNodes(root: unknown, where: string, exempt: ReadonlySet<string> = new Set()): Generator<RequestNode> {
  const pending: RequestNode[] = [{ value: root, at: where, pattern: where, depth: 0 }];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (exempt.has(node.pattern)) continue;
    yield node;
    const { value, at, pattern, depth } = node;
    const children: RequestNode[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, index) => children.push({ value: item, at: `${at}/${index}`, pattern: `${pattern}/*`, depth: depth + 1 }));
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const [name, item] of Object.entries(value)) {
        const segment = pointerSegment(name);
        children.push({ value: item, at: `${at}/${segment}`, pattern: `${pattern}/${segment}`, depth: depth + 1, name });
      }
    }
    // Pushed last to first, so the first child is walked next.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
}
