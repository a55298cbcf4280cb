// A selector may condense a file while its layer streams past: the pull then keeps only
// what the condenser returned, counts only that against its limits, and keeps nothing
// when the condenser says the file is not one it looks for.
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from './image-files.js';
import { applyExtract, readLayer, type EntryInfo, type FileSelector, type LayerLimits } from './layer-reader.js';
import { DEFAULT_PULL_LIMITS } from './image-pull.js';

async function layerOf(entries: { name: string; content: string; mode: number }[]): Promise<Readable> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name, mode: entry.mode }, entry.content);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Readable.from([Buffer.concat(chunks)]);
}

/** Reads the layer and applies it, as a pull does. */
async function applyLayer(files: ImageFileSet, layer: Readable, options: { select: FileSelector; limits: LayerLimits; label: string }): Promise<string[]> {
  return applyExtract(files, await readLayer(layer, { compression: 'none', ...options }), options);
}

describe('condensing selected files', () => {
  it('keeps what a condenser returns, nothing when it returns null, and tells it each entry mode and size', async () => {
    const seen = new Map<string, EntryInfo>();
    const select: FileSelector = (imagePath, entry) => {
      seen.set(imagePath, entry);
      if (imagePath.startsWith('/usr/bin/')) return (content) => (content.toString().startsWith('GO') ? Buffer.from(`condensed:${content.length}`) : null);
      return imagePath === '/etc/os-release';
    };
    const files = new ImageFileSet();
    const layer = await layerOf([
      { name: 'usr/bin/tool', content: `GO${'x'.repeat(5000)}`, mode: 0o755 },
      { name: 'usr/bin/script', content: '#!/bin/sh\necho hi\n', mode: 0o755 },
      { name: 'etc/os-release', content: 'ID=debian\n', mode: 0o644 },
      { name: 'etc/passwd', content: 'root:x:0:0::/root:/bin/sh\n', mode: 0o644 },
    ]);
    const warnings = await applyLayer(files, layer, { select, limits: { ...DEFAULT_PULL_LIMITS, maxKeptBytes: 100 }, label: 'layer 1' });
    expect(warnings).toEqual([]);
    expect(files.paths()).toEqual(['/etc/os-release', '/usr/bin/tool']);
    expect(files.read('/usr/bin/tool')?.toString()).toBe('condensed:5002');
    // The 5,002-byte executable fits the 100-byte budget because only its condensed form is kept.
    expect(files.keptBytes).toBe('condensed:5002'.length + 'ID=debian\n'.length);
    expect(seen.get('/usr/bin/tool')).toEqual({ mode: 0o755, size: 5002 });
    expect(seen.get('/etc/passwd')).toEqual({ mode: 0o644, size: 26 });
  });

  it('removes what a lower layer kept at a path whose new file the condenser rejects', async () => {
    const select: FileSelector = () => (content) => (content.toString() === 'keep' ? content : null);
    const files = new ImageFileSet();
    await applyLayer(files, await layerOf([{ name: 'app/bin', content: 'keep', mode: 0o755 }]), { select, limits: DEFAULT_PULL_LIMITS, label: 'layer 1' });
    expect(files.paths()).toEqual(['/app/bin']);
    await applyLayer(files, await layerOf([{ name: 'app/bin', content: 'other', mode: 0o755 }]), { select, limits: DEFAULT_PULL_LIMITS, label: 'layer 2' });
    expect(files.paths()).toEqual([]);
  });
});
