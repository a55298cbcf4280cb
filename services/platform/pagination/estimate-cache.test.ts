import { describe, expect, it } from 'vitest';
import { createEstimateCache } from './estimate-cache.js';

describe('estimate cache', () => {
  it('answers an estimate until it expires', () => {
    let clock = 0;
    const cache = createEstimateCache({ ttlMs: 1_000, maxEntries: 10, now: () => clock });
    cache.set('org-a', 'findings', { status: ['open'] }, 250_000);
    clock = 999;
    expect(cache.get('org-a', 'findings', { status: ['open'] })).toBe(250_000);
    clock = 1_000;
    expect(cache.get('org-a', 'findings', { status: ['open'] })).toBeUndefined();
  });

  it('keeps organizations, listings and filters apart', () => {
    const cache = createEstimateCache({ ttlMs: 1_000, maxEntries: 10, now: () => 0 });
    cache.set('org-a', 'findings', { status: ['open'] }, 250_000);
    expect(cache.get('org-b', 'findings', { status: ['open'] })).toBeUndefined();
    expect(cache.get('org-a', 'asset-findings', { status: ['open'] })).toBeUndefined();
    expect(cache.get('org-a', 'findings', { status: ['resolved'] })).toBeUndefined();
    expect(cache.get('org-a', 'findings', {})).toBeUndefined();
  });

  it('forgets the oldest estimate past its size', () => {
    const cache = createEstimateCache({ ttlMs: 1_000, maxEntries: 2, now: () => 0 });
    cache.set('org-a', 'findings', 1, 11_000);
    cache.set('org-a', 'findings', 2, 12_000);
    cache.set('org-a', 'findings', 1, 11_500);
    cache.set('org-a', 'findings', 3, 13_000);
    expect(cache.get('org-a', 'findings', 2)).toBeUndefined();
    expect(cache.get('org-a', 'findings', 1)).toBe(11_500);
    expect(cache.get('org-a', 'findings', 3)).toBe(13_000);
  });
});
