import { describe, expect, it } from 'vitest';
import { overSeatLimit, seatFree } from './seats.js';

describe('seats', () => {
  it('has a seat free below the limit only, and always on an unlimited plan', () => {
    expect(seatFree({ held: 2, limit: 3 })).toBe(true);
    expect(seatFree({ held: 3, limit: 3 })).toBe(false);
    expect(seatFree({ held: 500, limit: null })).toBe(true);
  });

  it('is over the limit only above it: at the limit, an invitation already holds the seat its acceptance takes up', () => {
    expect(overSeatLimit({ held: 3, limit: 3 })).toBe(false);
    expect(overSeatLimit({ held: 4, limit: 3 })).toBe(true);
    expect(overSeatLimit({ held: 500, limit: null })).toBe(false);
  });
});
