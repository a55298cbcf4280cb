// The views' own arithmetic over sparse store rows: zero-fill, accumulation, means, ages and SLA breaches.
import { describe, expect, it } from 'vitest';
import type { BucketedWindow } from './store/finding-transitions.js';
import { DEFAULT_REMEDIATION_SLA } from './remediation-sla.js';
import { findingAges, findingFlowSeries, lagSeconds, openFindingsSeries, remediationMean, remediationSeries, worstSeverity } from './views.js';

const days: BucketedWindow = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z'), bucket: 'day' };

describe('openFindingsSeries', () => {
  it('accumulates net changes from the open count at the start, zero-filling every bucket and severity asked', () => {
    const series = openFindingsSeries(
      {
        openAtStart: [{ severity: 'high', open: 2 }],
        changes: [
          { bucket: '2026-03-02', severity: 'high', net: -1 },
          { bucket: '2026-03-02', severity: 'critical', net: 3 },
          { bucket: '2026-03-03', severity: 'critical', net: -1 },
        ],
      },
      days,
      ['critical', 'high', 'low'],
    );
    expect(series).toEqual([
      { bucket: '2026-03-01', end: '2026-03-02', by_severity: { critical: 0, high: 2, low: 0 }, total: 2 },
      { bucket: '2026-03-02', end: '2026-03-03', by_severity: { critical: 3, high: 1, low: 0 }, total: 4 },
      { bucket: '2026-03-03', end: '2026-03-04', by_severity: { critical: 2, high: 1, low: 0 }, total: 3 },
    ]);
  });

  it('ignores severities outside those asked', () => {
    const series = openFindingsSeries({ openAtStart: [{ severity: 'low', open: 5 }], changes: [] }, days, ['critical']);
    expect(series.map((point) => point.total)).toEqual([0, 0, 0]);
  });

  it('ends a month bucket at the next 1st', () => {
    const months: BucketedWindow = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-03-01T00:00:00Z'), bucket: 'month' };
    expect(openFindingsSeries({ openAtStart: [], changes: [] }, months, ['low']).map((point) => [point.bucket, point.end])).toEqual([
      ['2026-01-01', '2026-02-01'],
      ['2026-02-01', '2026-03-01'],
    ]);
  });
});

describe('findingFlowSeries', () => {
  it('zero-fills discovered, resolved and reopened, and totals them', () => {
    const series = findingFlowSeries([{ bucket: '2026-03-02', severity: 'low', discovered: 4, resolved: 1, reopened: 2 }], days, ['high', 'low']);
    expect(series[0]).toEqual({
      bucket: '2026-03-01',
      by_severity: { high: { discovered: 0, resolved: 0, reopened: 0 }, low: { discovered: 0, resolved: 0, reopened: 0 } },
      total: { discovered: 0, resolved: 0, reopened: 0 },
    });
    expect(series[1]!.by_severity.low).toEqual({ discovered: 4, resolved: 1, reopened: 2 });
    expect(series[1]!.total).toEqual({ discovered: 4, resolved: 1, reopened: 2 });
  });
});

describe('remediationSeries', () => {
  it('means per bucket and over the window, null where nothing was resolved', () => {
    const { overall, series } = remediationSeries(
      [
        { bucket: '2026-03-01', severity: 'high', resolved: 2, totalSeconds: 2 * 86_400 },
        { bucket: '2026-03-03', severity: 'high', resolved: 1, totalSeconds: 5 * 86_400 },
        { bucket: '2026-03-03', severity: 'low', resolved: 1, totalSeconds: 3_600 },
      ],
      days,
      ['high', 'low'],
    );
    expect(overall.by_severity.high).toEqual({ resolved: 3, mean_seconds: 201_600, mean_days: 2.33 });
    expect(overall.by_severity.low).toEqual({ resolved: 1, mean_seconds: 3_600, mean_days: 0.04 });
    expect(overall.all).toEqual({ resolved: 4, mean_seconds: 152_100, mean_days: 1.76 });
    expect(series[1]).toEqual({ bucket: '2026-03-02', by_severity: { high: remediationMean(0, 0), low: remediationMean(0, 0) }, all: remediationMean(0, 0) });
    expect(remediationMean(0, 0)).toEqual({ resolved: 0, mean_seconds: null, mean_days: null });
  });
});

describe('worstSeverity', () => {
  it("follows the findings' order, where unknown is worse than low", () => {
    expect(worstSeverity(['low', 'unknown'])).toBe('unknown');
    expect(worstSeverity(['medium', 'critical', 'high'])).toBe('critical');
  });
});

describe('findingAges', () => {
  const today = new Date('2026-03-18T00:00:00Z');
  it('puts open findings in age buckets and counts those older than the SLA', () => {
    const ages = findingAges(
      [
        { severity: 'critical', firstSeenDay: '2026-03-18', open: 1 }, // 0 days
        { severity: 'critical', firstSeenDay: '2026-03-11', open: 2 }, // 7 days: at the SLA, not past it
        { severity: 'critical', firstSeenDay: '2026-03-10', open: 3 }, // 8 days
        { severity: 'critical', firstSeenDay: '2025-09-01', open: 4 }, // 198 days
        { severity: 'none', firstSeenDay: '2025-01-01', open: 1 },
      ],
      today,
      ['critical', 'none'],
      DEFAULT_REMEDIATION_SLA,
    );
    expect(ages.critical).toEqual({ open: 10, ages: { days_0_7: 3, days_8_30: 3, days_31_90: 0, days_91_180: 0, days_over_180: 4 }, sla_days: 7, past_sla: 7 });
    expect(ages.none).toEqual({ open: 1, ages: { days_0_7: 0, days_8_30: 0, days_31_90: 0, days_91_180: 0, days_over_180: 1 }, sla_days: null, past_sla: 0 });
  });
});

describe('lagSeconds', () => {
  it('is 0 when caught up or nothing happened, whole seconds behind otherwise, null when nothing was recorded', () => {
    expect(lagSeconds(null, null)).toBe(0);
    expect(lagSeconds(new Date('2026-03-18T10:00:00Z'), new Date('2026-03-18T10:00:00.900Z'))).toBe(0);
    expect(lagSeconds(new Date('2026-03-18T10:00:00Z'), new Date('2026-03-18T10:00:42.100Z'))).toBe(42);
    expect(lagSeconds(null, new Date('2026-03-18T10:00:00Z'))).toBeNull();
  });
});
