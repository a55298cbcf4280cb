import { OpenAPIBackend } from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from './openapi-document.js';
import { routeOnce } from './operation-router.js';

const backend = async (): Promise<OpenAPIBackend> => {
  const api = new OpenAPIBackend({ definition: loadOpenApiDocument(), strict: true, validate: false, apiRoot: '/' });
  await api.init();
  return api;
};

/** What a router answers for a request: the operation's id, or the refusal it throws. */
function answer(api: OpenAPIBackend, method: string, path: string): string {
  try {
    return api.router.matchOperation({ method, path, headers: {} }, true).operationId ?? '(no id)';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('routeOnce', () => {
  let library: OpenAPIBackend;
  let compiled: OpenAPIBackend;
  beforeAll(async () => {
    library = await backend();
    compiled = await backend();
    routeOnce(compiled);
  });

  // Every operation of the document against the library's own router: seconds alone, a minute or more on a loaded machine.
  it("answers every request as the library's own router does: each operation, wrong methods, trailing slashes, unknown paths", { timeout: 300_000 }, () => {
    const paths = library.router.getOperations().flatMap(({ path }) => {
      const filled = path.replace(/\{[^}]+\}/g, '0b7c5d0e-1111-4222-8333-944445555666');
      return [filled, `${filled}/`, `${filled}//`, `${filled}/extra`, filled.replace(/[^/]+$/, 'x.y'), `  ${filled}?q=1`, filled.toUpperCase()];
    });
    const unknown = ['/', '', '/api', '/api/v1', '/api/v1/nothing-here', '/nhi/api/v1/x', '/health/', 'relative/path', '/api/v1/findings/a/b/c/d'];
    const methods = ['get', 'GET', 'post', 'put', 'patch', 'delete', 'head', 'options', ' Get '];
    const requests = [...paths, ...unknown].flatMap((path) => methods.map((method) => ({ method, path })));
    expect(requests.length).toBeGreaterThan(5_000);
    const differences = requests
      .map(({ method, path }) => ({ method, path, library: answer(library, method, path), compiled: answer(compiled, method, path) }))
      .filter((r) => r.library !== r.compiled);
    expect(differences).toEqual([]);
    // The comparison covered every kind of answer.
    const answers = new Set(requests.map(({ method, path }) => answer(compiled, method, path)));
    expect(answers).toContain('404-notFound: no route matches request');
    expect(answers).toContain('405-methodNotAllowed: this method is not registered for the route');
    expect(answers.size).toBeGreaterThan(library.router.getOperations().length / 2);
  });

  it('answers undefined instead of throwing when not strict, as the library does', () => {
    expect(compiled.router.matchOperation({ method: 'get', path: '/api/v1/nothing-here', headers: {} })).toBeUndefined();
    expect(library.router.matchOperation({ method: 'get', path: '/api/v1/nothing-here', headers: {} })).toBeUndefined();
    expect(compiled.router.matchOperation({ method: 'get', path: '/api/v1/findings', headers: {} })?.operationId).toBe('listFindings');
  });
});
