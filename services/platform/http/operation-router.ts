// openapi-backend 5.21 routes every request by rebuilding the list of all
// operations from the document (lodash chains over every path) and compiling a
// regular expression per templated path, once or twice per request: about 0.2 ms
// of CPU for an exact path and 0.45 ms for a templated one with our ~80
// operations, measured, on every call the service answers. The document never
// changes after init, so the same rules are compiled once here and installed in
// place of the library's (routeOnce). The answers are the library's: the
// operation-router test compares them over every operation of the document.
import type { OpenAPIBackend, Operation } from 'openapi-backend';

type Router = OpenAPIBackend['router'];
type RoutedRequest = Parameters<Router['matchOperation']>[0];

interface CompiledPath {
  operation: Operation;
  pattern: RegExp;
}

const escapeRegExp = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path template's rule as the library applies it: each {parameter} is one or more characters other than '/'. */
const templatePattern = (path: string): RegExp => new RegExp(`^${path.split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+')}$`);

/** How specific a template is to the library: the length of its literal parts. */
const literalLength = (path: string): number => path.replace(/\{.*?\}/g, '').length;

/**
 * Installs a router with the same answers that does its work once: the operations
 * list is computed at install, each template compiled, and the templates ordered
 * most specific first (a stable sort, as the library's orderBy, so filtering the
 * sorted list keeps the library's order among equals).
 */
export function routeOnce(api: OpenAPIBackend): void {
  const router = api.router;
  // Under the root '/', every normalized path (which starts with '/') is under the API root: no check is needed.
  if (router.apiRoot !== '/') throw new Error(`routeOnce expects the API root '/', got '${router.apiRoot}'`);
  const operations = router.getOperations();
  const byExactPath = new Map<string, Operation[]>();
  for (const operation of operations) byExactPath.set(operation.path, [...(byExactPath.get(operation.path) ?? []), operation]);
  const templates: CompiledPath[] = operations
    .map((operation) => ({ operation, pattern: templatePattern(operation.path) }))
    .sort((a, b) => literalLength(b.operation.path) - literalLength(a.operation.path));

  router.getOperations = () => operations;
  router.matchOperation = ((request: RoutedRequest, strict?: boolean) => {
    const normalized = router.normalizeRequest(request);
    const path = router.normalizePath(normalized.path);
    const exact = byExactPath.get(path)?.find((operation) => operation.method === normalized.method);
    if (exact) return exact;
    const matching = templates.filter((template) => template.pattern.test(path));
    if (matching.length === 0) return refuse(strict, '404-notFound: no route matches request');
    const match = matching.find((template) => template.operation.method === normalized.method);
    return match ? match.operation : refuse(strict, '405-methodNotAllowed: this method is not registered for the route');
  }) as Router['matchOperation'];
}

/** The library's two ways of saying no: a strict match throws the message its handleRequest maps to 404 or 405. */
function refuse(strict: boolean | undefined, message: string): undefined {
  if (strict) throw new Error(message);
  return undefined;
}
