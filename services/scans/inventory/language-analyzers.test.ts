import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageAnalyzers } from './language-analyzers.js';
import { relativePathsBelow, testdataDirectory } from './testing/language-testdata.js';

describe('the language analyzers together', () => {
  it('have distinct names', () => {
    expect(new Set(languageAnalyzers.map((analyzer) => analyzer.name)).size).toBe(languageAnalyzers.length);
  });

  it('never both want one of the real files, even when it was copied into the image executable', () => {
    const testdata = testdataDirectory();
    const fixtures = readdirSync(testdata).flatMap((ecosystem) => {
      const root = path.join(testdata, ecosystem, 'root');
      return statSync(root, { throwIfNoEntry: false })?.isDirectory() ? relativePathsBelow(root).map((relative) => ({ imagePath: `/${relative}`, size: statSync(path.join(root, relative)).size })) : [];
    });
    expect(fixtures.length).toBe(45);
    for (const { imagePath, size } of fixtures) {
      for (const mode of [0o644, 0o755]) {
        const wanting = languageAnalyzers.filter((analyzer) => analyzer.wants(imagePath, { mode, size }) !== false).length;
        // The test fixtures inside the resolve package are wanted by none.
        expect({ imagePath, mode, wanting }).toEqual({ imagePath, mode, wanting: imagePath.includes('/resolve/test/') ? 0 : 1 });
      }
    }
  });
});
