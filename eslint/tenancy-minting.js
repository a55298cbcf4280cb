// ESLint rule `sentinel/tenancy-minting`: the functions that mint an OrgId or a
// SystemScope (services/platform/tenancy.ts), or open a database scope without them
// (services/platform/db/tenant-scope.ts), are imported only by the files listed
// in eslint.config.js, so a new piece of cross-tenant work, or a handler taking an
// organization from a request value, is a reviewed change to that list rather than
// an import anywhere. Tests are outside the rule.
import path from 'node:path';
import { isTestFile } from './module-boundaries.js';

export const tenancyMinting = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the listed files import the functions that mint an OrgId or a SystemScope.' },
    schema: [{ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (isTestFile(file)) return {};
    /** Function name -> files, or folders ending in '/', that may import it. */
    const allowed = context.options[0] ?? {};
    const mayImport = (name) => (allowed[name] ?? []).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
    const check = (node) => {
      if (!node.source || !/(^|\/)(tenancy|tenant-scope)\.js$/.test(node.source.value)) return;
      for (const specifier of node.specifiers ?? []) {
        if (specifier.type === 'ImportNamespaceSpecifier') {
          context.report({ node: specifier, message: 'Import from tenancy.js by name, so sentinel/tenancy-minting sees what is minted.' });
          continue;
        }
        const name = (specifier.type === 'ExportSpecifier' ? specifier.local : specifier.imported)?.name;
        if (name && Object.hasOwn(allowed, name) && !mayImport(name)) {
          const what = /tenant-scope\.js$/.test(node.source.value) ? 'opens a database scope by hand' : 'mints tenancy';
          context.report({ node: specifier, message: `${name} ${what}: only the files listed for it in eslint.config.js (sentinel/tenancy-minting) import it. Add ${file} there only for cross-tenant system work recorded in docs/decisions/foundation.md.` });
        }
      }
      if (node.type === 'ExportAllDeclaration') context.report({ node, message: 'Re-export tenancy.js by name, so sentinel/tenancy-minting sees what is minted.' });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'tenancy-minting': tenancyMinting } };
