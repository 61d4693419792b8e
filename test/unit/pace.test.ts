import { describe, expect, it } from 'vitest';
import { formatDuration, timeLeftMs } from '../../src/renderer/src/model/pace';

describe('time left from measured progress', () => {
  it('leaves the setup before the first game out of the pace', () => {
    // 13 s of setup at 0%, then 1% a second: at 20 s, 7% done, 93 s are left.
    const first = { ms: 14_000, fraction: 0.01 };
    const now = { ms: 20_000, fraction: 0.07 };
    expect(timeLeftMs(first, now)).toBeCloseTo(93_000, 6);
    // The pace from the run's start would have said about 266 s.
    expect((now.ms * (1 - now.fraction)) / now.fraction).toBeGreaterThan(260_000);
  });

  it('gives no number before progress has moved enough to measure', () => {
    expect(timeLeftMs(null, { ms: 13_000, fraction: 0 })).toBeNull();
    const first = { ms: 14_000, fraction: 0.01 };
    expect(timeLeftMs(first, { ms: 14_500, fraction: 0.05 })).toBeNull(); // too short a span
    expect(timeLeftMs(first, { ms: 30_000, fraction: 0.02 })).toBeNull(); // too little progress
    expect(timeLeftMs(first, { ms: 30_000, fraction: 1 })).toBeNull(); // done
  });

  it('says durations as a person would', () => {
    expect(formatDuration(400)).toBe('1 s');
    expect(formatDuration(8_400)).toBe('8 s');
    expect(formatDuration(100_000)).toBe('1 min 40 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(725_000)).toBe('12 min');
  });
});
