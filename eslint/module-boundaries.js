// ESLint rule `sentinel/module-boundaries`: the import graph of docs/architecture.md.
//
// A production file belongs to a unit: the platform (services/platform/, each of
// its folders and each file directly in it a unit of its own), the stream platform
// (streams/, one unit), a capability (services/<name>/, or services/nhi/<name>/; the whole
// of services/identity/ is one capability, whose folders import each other directly), or
// the composition root (the files directly in services/).
// Tests (*.test.ts, testing/ folders, test/) are outside the rule. It reports:
//   - production code importing test code (a testing/ folder, test/, a *.test.ts file), so
//     nothing a test needs is loaded, or reachable, by the service;
//   - platform or stream platform code importing a capability or the composition root;
//   - platform code importing a value from streams/ (a type is allowed: the module
//     contract names what a stream processor is; streams/ builds on the platform);
//   - a capability importing the composition root;
//   - a capability importing another capability's file other than its index.ts;
//   - an import that closes a cycle between units (the whole graph is read once per run).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Folders under services/ whose children are capabilities, not one capability. */
export const CAPABILITY_GROUPS = ['nhi'];

const SOURCE = /\.(ts|js|mjs)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

export const isTestFile = (file) => /\.test\.ts$/.test(file) || file.split('/').includes('testing') || file.startsWith('test/');

/** The unit a repository-relative path belongs to, or undefined outside services/ and streams/. */
export function unitOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'streams') return { kind: 'streams', name: 'streams' };
  if (parts[0] !== 'services') return undefined;
  if (parts.length === 2) return { kind: 'root', name: 'composition root' };
  // Each folder of the platform is a unit, and so is each file directly in it (errors, logger, config...).
  if (parts[1] === 'platform') return { kind: 'platform', name: `platform/${parts[2].replace(SOURCE, '')}` };
  if (CAPABILITY_GROUPS.includes(parts[1]) && parts.length > 3) return { kind: 'capability', name: `${parts[1]}/${parts[2]}` };
  return { kind: 'capability', name: parts[1] };
}

/** The file an import specifier names, repository-relative, with .js read as the .ts beside it. */
function resolveImport(fromFile, specifier) {
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier)).replace(/\.js$/, '.ts');
}

function productionFiles(root, directory) {
  const files = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const file = `${directory}/${entry.name}`;
    if (entry.isDirectory()) files.push(...productionFiles(root, file));
    else if (SOURCE.test(entry.name) && !isTestFile(file)) files.push(file);
  }
  return files;
}

/** unit -> units it imports, over every production file under services/ and streams/. */
function unitGraph(root) {
  const graph = new Map();
  for (const file of [...productionFiles(root, 'services'), ...productionFiles(root, 'streams')]) {
    const from = unitOf(file).name;
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const to = unitOf(resolveImport(file, match[1] ?? match[2]))?.name;
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  return graph;
}

/** A path of units from `from` to `to`, or undefined. */
function pathBetween(graph, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === to) {
      const steps = [];
      for (let at = to; at !== undefined; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(unit) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, unit);
        queue.push(next);
      }
    }
  }
  return undefined;
}

let cachedGraph;

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the import graph of docs/architecture.md: platform imports no capability, capabilities meet only through index.ts, no cycle between units.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const unit = unitOf(file);
    if (!unit || isTestFile(file)) return {};

    const check = (node, specifier, typeOnly = false) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(file, specifier);
      const report = (message) => context.report({ node, message });
      if (isTestFile(target)) {
        return report(`production code imports no test code: ${file} imports ${target}. Move what both need out of the test folder, or the importer into it.`);
      }
      const targetUnit = unitOf(target);
      if (!targetUnit || targetUnit.name === unit.name) return;

      if (unit.kind === 'platform' && targetUnit.kind === 'streams') {
        if (!typeOnly) return report(`platform code imports only types from streams/: ${file} imports ${target}. The stream platform builds on the platform, not the other way round.`);
      } else if ((unit.kind === 'platform' || unit.kind === 'streams') && targetUnit.kind !== 'platform') {
        return report(`${unit.kind === 'streams' ? 'stream platform' : 'platform'} code imports no capability: ${file} imports ${target} (${targetUnit.name}). Pass what the platform needs in as a dependency.`);
      }
      if (unit.kind === 'capability' && targetUnit.kind === 'root') {
        return report(`a capability does not import the composition root: ${file} imports ${target}.`);
      }
      if (unit.kind === 'capability' && targetUnit.kind === 'capability' && target !== `services/${targetUnit.name}/index.ts`) {
        return report(`capabilities meet only through their entry: import services/${targetUnit.name}/index.ts, not ${target}. Export what is needed there.`);
      }
      cachedGraph ??= unitGraph(root);
      const back = pathBetween(cachedGraph, targetUnit.name, unit.name);
      if (back) report(`import cycle between folders: ${[unit.name, ...back].join(' -> ')}.`);
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
