import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_DISABLE, MAX_DELIVERY_ATTEMPTS, nominalRetryDelayMs, retryDelayMs, shouldAutoDisable } from './delivery-schedule.js';
import { isWebhookEventType, renderDeliveryBody } from './event-types.js';

const SECOND = 1_000;
const HOUR = 3_600 * SECOND;

describe('retry schedule', () => {
  it('starts at 30 s, doubles, and caps at 2 hours', () => {
    expect([1, 2, 3, 8, 9, 10, 19].map(nominalRetryDelayMs)).toEqual([30, 60, 120, 3_840, 7_200, 7_200, 7_200].map((s) => s * SECOND));
  });

  it('jitters each delay within [0.8, 1.2) of the nominal one', () => {
    expect(retryDelayMs(1, () => 0)).toBe(24 * SECOND);
    expect(retryDelayMs(1, () => 0.5)).toBe(30 * SECOND);
    expect(retryDelayMs(12, () => 0.999_999)).toBeLessThan(1.2 * 2 * HOUR);
    expect(retryDelayMs(12, () => 0.999_999)).toBeGreaterThan(1.19 * 2 * HOUR);
  });

  it('spreads 20 attempts over about a day', () => {
    const total = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => nominalRetryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(total / HOUR).toBeCloseTo(24.1, 1);
  });

  it('disables only after 20 consecutive failures spanning 24 hours', () => {
    const now = new Date('2030-01-02T00:00:00Z');
    const dayAgo = new Date(now.getTime() - 24 * HOUR);
    const hourAgo = new Date(now.getTime() - HOUR);
    expect(shouldAutoDisable(DEFAULT_AUTO_DISABLE, { consecutiveFailures: 20, failingSince: dayAgo }, now)).toBe(true);
    expect(shouldAutoDisable(DEFAULT_AUTO_DISABLE, { consecutiveFailures: 500, failingSince: hourAgo }, now)).toBe(false);
    expect(shouldAutoDisable(DEFAULT_AUTO_DISABLE, { consecutiveFailures: 19, failingSince: dayAgo }, now)).toBe(false);
  });
});

describe('webhook event types', () => {
  it('knows the registered types and nothing inherited', () => {
    expect(isWebhookEventType('scan.completed')).toBe(true);
    expect(isWebhookEventType('webhook_endpoint.disabled')).toBe(true);
    expect(isWebhookEventType('scan.exploded')).toBe(false);
    expect(isWebhookEventType('toString')).toBe(false);
  });

  it('renders the documented body around the event payload', () => {
    const body = renderDeliveryBody({
      event_id: '6f1c1f3e-8f0a-4c52-9a52-2b1f1e0f7a10',
      org_id: '0b8e5f43-8d55-4a0e-a8a8-7d3f1c9f4e21',
      type: 'verdict.recorded',
      occurred_at: Date.UTC(2030, 0, 1, 12),
      subject_id: 'v-1',
      actor: { kind: 'user', id: 'u-1' },
      correlation_id: 'req-1',
      payload: '{"verdict":"pass"}',
    });
    expect(body).toBe(
      '{"id":"6f1c1f3e-8f0a-4c52-9a52-2b1f1e0f7a10","type":"verdict.recorded","occurred_at":"2030-01-01T12:00:00.000Z","organization_id":"0b8e5f43-8d55-4a0e-a8a8-7d3f1c9f4e21","data":{"verdict":"pass"}}',
    );
  });
});
