import { describe, expect, it } from 'vitest';
import { assetIdentity, parseImageReference } from './image-reference.js';
import { isSoftwareReference, softwareAssetName } from './software-asset.js';

describe('a named software asset’s reference', () => {
  it('joins the percent-encoded name and version, so no two names and versions share one', () => {
    expect(softwareAssetName('billing', '2.3.0').canonical).toBe('software:billing@2.3.0');
    expect(softwareAssetName('billing', null).canonical).toBe('software:billing');
    expect(softwareAssetName('@acme/billing', '1.0').canonical).toBe('software:%40acme%2Fbilling@1.0');
    // "a@b" unversioned and "a" at version "b" are two assets.
    expect(softwareAssetName('a@b', null).canonical).not.toBe(softwareAssetName('a', 'b').canonical);
  });

  it('is one asset however the name composes its accents', () => {
    const composed = softwareAssetName('caf\u00e9', '1\u00b7e\u0301');
    expect(softwareAssetName('cafe\u0301', '1\u00b7\u00e9')).toEqual(composed);
    expect(composed.name).toBe('caf\u00e9');
  });

  it("never equals an image's identity, which always holds a registry and a slash", () => {
    for (const text of ['software:billing', 'software:8080', 'software:8080/web', 'software:acme:1']) {
      const image = parseImageReference(text);
      if (image.ok) expect(assetIdentity(image.reference)).toContain('/');
    }
    for (const [name, version] of [['8080/web', null], ['web', '1/2'], ['software', 'latest']] as const) {
      expect(softwareAssetName(name, version).canonical).not.toContain('/');
    }
    expect(isSoftwareReference(softwareAssetName('8080/web', 'latest').canonical)).toBe(true);
    expect(isSoftwareReference('software:8080/web:latest')).toBe(false);
  });
});
