// The dashboard's build: `npm run build:web` (run by `npm ci` through the root's
// prepare script) writes web/dist, which the API process serves at / (services/platform/http/dashboard.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz beside each script and stylesheet, which the server sends to a
 * browser that accepts them (@fastify/static's preCompressed): compressed once at build,
 * not at every request.
 */
function precompress(): Plugin {
  let assets = '';
  return {
    name: 'sentinel-precompress',
    apply: 'build',
    configResolved: (config) => {
      assets = path.join(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle: () => {
      for (const name of readdirSync(assets).filter((file) => /\.(js|css)$/.test(file))) {
        const content = readFileSync(path.join(assets, name));
        writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(content));
        writeFileSync(path.join(assets, `${name}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server gives files under /static/ a year of immutable caching: their names carry their content's hash.
    // Not Vite's default assets/: /assets is the dashboard's page of container images.
    assetsDir: 'static',
    // The Content-Security-Policy allows no data: URLs: every asset is a file.
    assetsInlineLimit: 0,
  },
});
