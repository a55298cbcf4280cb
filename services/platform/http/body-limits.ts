// Limits on the shape of a request body, for every operation, present and future:
// how deep it nests and how many members it has. A body within the size limit can
// still nest thousands of levels deep (a walk of it exhausted the stack: a 500 for
// every operation, sign-in included) or hold millions of members (each one work for
// validation and the text rule). Such a body is refused with 400 validation_failed
// before validation.
//
// The text is measured while it is parsed, before any object is built, against the
// bounds of a body holding a customer's document (the subtrees the document marks
// x-sentinel-document, a scanner report, which nests as its scanner writes it); once
// the operation is known, everything outside its documents is held to the bounds of
// every other body, walking the parsed body without recursion.
import { validationFailed, type AppError } from '../errors.js';
import { requestNodes } from './request-tree.js';

export interface BodyShape {
  /** The deepest nesting of arrays and objects: `{}` is 1, `{"a":[1]}` is 2. */
  depth: number;
  /** Object members and array elements, at every depth. */
  members: number;
}

/** Every body, outside a customer's document: deeper than any request the document defines, and room for its largest lists (10,000 directory members). */
export const BODY_LIMITS: BodyShape = { depth: 64, members: 100_000 };
/**
 * A whole body holding a customer's document. Real reports nest about ten levels and a
 * 10 MiB one holds well under a million members. The depth stays well within what V8's
 * own recursive algorithms take (JSON.stringify and the structured clone of a message
 * to a worker thread exhaust the stack at a few thousand levels), which a report may
 * still meet; every walk of ours over request data is without recursion.
 */
export const DOCUMENT_BODY_LIMITS: BodyShape = { depth: 512, members: 1_000_000 };

/**
 * The shape of a JSON text, measured without parsing it and without recursion. It
 * stops at the first bound crossed, so the answer is then past that bound, not
 * exact. A malformed text is measured as far as it reads; the parser refuses it.
 */
export function measureJsonText(text: string, limits: BodyShape): BodyShape {
  let depth = 0;
  let deepest = 0;
  let members = 0;
  // Just after `[` or `{`: the next value, if any, is the container's first member.
  let opened = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === SPACE || char === TAB || char === LINE_FEED || char === CARRIAGE_RETURN) continue;
    if (opened && char !== CLOSE_BRACKET && char !== CLOSE_BRACE) members += 1;
    opened = false;
    if (char === QUOTE) index = closingQuote(text, index);
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth += 1;
      deepest = Math.max(deepest, depth);
      opened = true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) depth -= 1;
    else if (char === COMMA) members += 1;
    if (deepest > limits.depth || members > limits.members) break;
  }
  return { depth: deepest, members };
}

/** Where the string opened at `start` ends (its closing quote, or the end of the text); found by search, as most of a report's text is in strings. */
function closingQuote(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

const [QUOTE, BACKSLASH, SPACE, TAB, LINE_FEED, CARRIAGE_RETURN, OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE, COMMA] = [...'"\\ \t\n\r[]{},'].map((char) => char.charCodeAt(0)) as [
  number, number, number, number, number, number, number, number, number, number, number,
];

/** The shape of a parsed body outside the exempt subtrees (a customer's documents, as documentSubtrees names them), walked without recursion; like measureJsonText, it stops past a bound. */
export function measureParsedBody(body: unknown, exempt: ReadonlySet<string>, limits: BodyShape): BodyShape {
  let depth = 0;
  let members = 0;
  for (const node of requestNodes(body, '/requestBody', exempt)) {
    if (node.depth > 0) members += 1;
    if (typeof node.value === 'object' && node.value !== null) depth = Math.max(depth, node.depth + 1);
    if (depth > limits.depth || members > limits.members) break;
  }
  return { depth, members };
}

/** The refusal of a body past the limits, or undefined. */
export function bodyShapeRefusal(shape: BodyShape, limits: BodyShape): AppError | undefined {
  if (shape.depth > limits.depth) return validationFailed(`request body nested deeper than ${limits.depth} levels`);
  if (shape.members > limits.members) return validationFailed(`request body holds more than ${limits.members} members`);
  return undefined;
}
