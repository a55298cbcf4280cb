import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { bucketStarts, parseFilter, parseWindow } from './window.js';

const today = new Date('2026-03-18T15:30:00Z'); // a Wednesday

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseWindow', () => {
  it('defaults to the 90 days ending today, by day', () => {
    const { window, echo } = parseWindow({}, today);
    expect(echo).toEqual({ from: '2025-12-19', to: '2026-03-19', bucket: 'day', requested_from: '2025-12-19', requested_to: '2026-03-19', aligned: false });
    expect(bucketStarts(window)).toHaveLength(90);
    expect(bucketStarts(window).at(-1)).toBe('2026-03-18');
  });

  it('aligns weeks to Mondays: from down, to up, and says so', () => {
    const { window, echo } = parseWindow({ from: '2026-03-04', to: '2026-03-19', bucket: 'week' }, today);
    expect(echo).toMatchObject({ from: '2026-03-02', to: '2026-03-23', aligned: true, requested_from: '2026-03-04', requested_to: '2026-03-19' });
    expect(bucketStarts(window)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
  });

  it('leaves a window already on Mondays as it is', () => {
    expect(parseWindow({ from: '2026-03-02', to: '2026-03-16', bucket: 'week' }, today).echo).toMatchObject({ from: '2026-03-02', to: '2026-03-16', aligned: false });
  });

  it('aligns months to the 1st, across a year end', () => {
    const { window, echo } = parseWindow({ from: '2025-11-15', to: '2026-02-02', bucket: 'month' }, today);
    expect(echo).toMatchObject({ from: '2025-11-01', to: '2026-03-01', aligned: true });
    expect(bucketStarts(window)).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
  });

  it.each([
    [{ from: '2026-03-10', to: '2026-03-10' }, 'from must be before to'],
    [{ from: '2026-03-11', to: '2026-03-10' }, 'from must be before to'],
    [{ from: '2026-02-30' }, 'from must be a date'],
    [{ to: '18-03-2026' }, 'to must be a date'],
    [{ from: '1969-12-31' }, 'from must be a date'],
    [{ bucket: 'year' }, 'bucket must be one of: day, week, month'],
    [{ from: '2020-01-01', to: '2026-01-01' }, 'from and to span 2192 day buckets; at most 1000'],
  ])('refuses %j naming the parameter', (query, message) => {
    const error = refusal(() => parseWindow(query, today));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain(message);
  });

  it('takes 1000 buckets, and a larger bucket over the same range', () => {
    expect(bucketStarts(parseWindow({ from: '2024-01-01', to: '2026-09-27' }, today).window)).toHaveLength(1000);
    expect(bucketStarts(parseWindow({ from: '2020-01-01', to: '2026-01-01', bucket: 'week' }, today).window)).toHaveLength(314);
  });
});

describe('parseFilter', () => {
  it('reports every severity worst first when none is asked', () => {
    expect(parseFilter({})).toEqual({ filter: {}, echo: { severity: null, kind: null, asset_id: null }, severities: ['critical', 'high', 'medium', 'unknown', 'low', 'none'] });
  });

  it('narrows to the severities, kinds and asset asked', () => {
    const asset = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11';
    expect(parseFilter({ severity: 'low,critical', kind: 'secret', asset_id: asset })).toEqual({
      filter: { severities: ['critical', 'low'], kinds: ['secret'], assetId: asset.toLowerCase() },
      echo: { severity: ['critical', 'low'], kind: ['secret'], asset_id: asset.toLowerCase() },
      severities: ['critical', 'low'],
    });
  });

  it.each([[{ severity: 'severe' }, 'severity'], [{ kind: 'licence' }, 'kind']])('refuses %j naming the parameter', (query, name) => {
    expect(refusal(() => parseFilter(query)).message).toMatch(new RegExp(`^${name} must be`));
  });
});
