// infra/Dockerfile, read as text (no Docker here): every scanner the API lets a scan
// name must run in the production image, either inside the service or as a program
// the image provides, copied from the scanner's official image pinned by version and
// digest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../services/platform/http/openapi-document.js';
import { scannerPrograms } from '../services/scans/scanners.js';

const dockerfile = readFileSync(path.resolve(import.meta.dirname, '../infra/Dockerfile'), 'utf8');

/** Scanners that run in the service's own process and need nothing from the image. */
const builtIn = new Set(['sentinel']);

/**
 * Where each scanner's official image keeps its program: aquasecurity/trivy's
 * Dockerfile copies it to /usr/local/bin/trivy, anchore/grype's to /grype. The release
 * tag is the version as each project spells it (0.74.0, v0.116.0).
 */
const officialImages: Record<string, { repository: string; path: string; tag: RegExp }> = {
  trivy: { repository: 'aquasec/trivy', path: '/usr/local/bin/trivy', tag: /^\d+\.\d+\.\d+$/ },
  grype: { repository: 'anchore/grype', path: '/grype', tag: /^v\d+\.\d+\.\d+$/ },
};

interface Stage {
  image: string;
  name: string | null;
  instructions: string[];
}

/** The Dockerfile's build stages, each with its instructions (continuation lines joined, comments left out). */
function stages(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const found: Stage[] = [];
  for (const instruction of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction);
    if (from) found.push({ image: from[1]!, name: from[2] ?? null, instructions: [] });
    else found.at(-1)?.instructions.push(instruction);
  }
  return found;
}

describe('the production image (infra/Dockerfile)', () => {
  const all = stages(dockerfile);
  const final = all.at(-1)!;
  const scannerNames = (loadOpenApiDocument() as unknown as { components: { schemas: { ScannerName: { enum: string[] } } } }).components.schemas.ScannerName.enum;

  it('runs every scanner of the scanner enum: built into the service, or a program the image provides', () => {
    expect(scannerNames).toContain('trivy');
    for (const scanner of scannerNames) {
      const program = (scannerPrograms as Record<string, string>)[scanner];
      expect(builtIn.has(scanner) || program !== undefined, `${scanner} is neither built in nor an adapter's program`).toBe(true);
    }
  });

  it.each(Object.entries(scannerPrograms))('copies %s from its official image, pinned by release and digest, onto the PATH', (scanner, program) => {
    const official = officialImages[scanner];
    expect(official, `the official image of ${scanner}`).toBeDefined();
    const stage = all.find((candidate) => candidate.image.startsWith(`${official!.repository}:`));
    expect(stage, `a build stage FROM ${official!.repository}`).toBeDefined();
    const pinned = /^[^:]+:([^@]+)@sha256:[0-9a-f]{64}$/.exec(stage!.image);
    expect(pinned, `${stage!.image} names a release and a digest`).not.toBeNull();
    expect(pinned![1]).toMatch(official!.tag);

    // Into the final stage, at a place on the base image's PATH where the adapter looks for it.
    const copies = final.instructions.filter((instruction) => instruction.startsWith(`COPY --from=${stage!.name} `));
    expect(copies).toEqual([`COPY --from=${stage!.name} ${official!.path} /usr/local/bin/${program}`]);
  });

  it("serves the dashboard built in a stage of its own, since the deps stage leaves the build tools out", () => {
    // The build npm ci runs (package.json's build:web), on the image's own Node.
    const scripts = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['build:web']).toBe('vite build --config web/vite.config.ts');
    const web = all.find((stage) => stage.instructions.includes('RUN node node_modules/vite/bin/vite.js build --config web/vite.config.ts'));
    expect(web?.name, 'a named stage that builds the dashboard').toBeTruthy();
    expect(web!.instructions).toContain('RUN npm ci --ignore-scripts --no-audit --no-fund');
    expect(final.instructions).toContain(`COPY --from=${web!.name} --chown=node:node /app/web/dist ./web/dist`);
  });

  it('gives the scanners a trust store for their registries and database servers', () => {
    expect(final.instructions.some((instruction) => /^RUN .*apt-get install -y --no-install-recommends .*\bca-certificates\b/.test(instruction))).toBe(true);
  });
});
