// A worker thread running one of our TypeScript modules. A thread does not inherit
// the loader hooks of the thread that starts it, and our sources import each other
// by .js names that are .ts files, which only tsx resolves. So the thread's entry
// registers tsx first, then imports the module: the same in `npm start`
// (bin/sentinel.js registers tsx the same way), the production image and vitest.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;

/** Starts a thread running the TypeScript module at `module` (a file: URL). */
export function startTypeScriptWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const entry = `import(${JSON.stringify(tsxLoader)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(entry, { ...options, eval: true });
}
