import { describe, expect, it } from 'vitest';
import {
  SCALE_STEPS,
  TEXT_ON,
  VIRIDIS,
  contrastRatio,
  heatColour,
  legendTicks,
  luminance,
  scaleGradient,
  scaleIndex,
} from '../../src/renderer/src/model/colour-scale';

describe('viridis table', () => {
  it('has 256 hex colours from dark purple to yellow', () => {
    expect(VIRIDIS).toHaveLength(SCALE_STEPS);
    for (const c of VIRIDIS) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(VIRIDIS[0]).toBe('#440154');
    expect(VIRIDIS[255]).toBe('#fde725');
  });

  it('is ordered: luminance rises with the value (up to 8-bit rounding)', () => {
    for (let i = 1; i < SCALE_STEPS; i++) {
      expect(luminance(VIRIDIS[i]!)).toBeGreaterThan(luminance(VIRIDIS[i - 1]!) - 1e-3);
    }
    expect(luminance(VIRIDIS[255]!) / luminance(VIRIDIS[0]!)).toBeGreaterThan(20);
  });

  it('picks the text colour with at least 4.5:1 contrast on every step', () => {
    for (let i = 0; i < SCALE_STEPS; i++) {
      const bg = luminance(VIRIDIS[i]!);
      const fg = luminance(TEXT_ON[i]!);
      expect(contrastRatio(bg, fg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('scaleIndex', () => {
  it('maps 0..max onto 0..255 and clamps', () => {
    expect(scaleIndex(0)).toBe(0);
    expect(scaleIndex(1)).toBe(255);
    expect(scaleIndex(2)).toBe(255);
    expect(scaleIndex(-1)).toBe(0);
    expect(scaleIndex(Number.NaN)).toBe(0);
    expect(scaleIndex(0.5)).toBe(128);
    expect(scaleIndex(0.1, 0.2)).toBe(128);
    expect(scaleIndex(0.3, 0)).toBe(0);
  });

  it('never decreases as the value grows', () => {
    let last = 0;
    for (let v = 0; v <= 1; v += 0.001) {
      const i = scaleIndex(v);
      expect(i).toBeGreaterThanOrEqual(last);
      last = i;
    }
    expect(heatColour(0.25, 0.25)).toBe('#fde725');
  });
});

describe('legend', () => {
  it('gives round ticks ending at the maximum', () => {
    expect(legendTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    const t = legendTicks(0.2136);
    expect(t[0]).toBe(0);
    expect(t.at(-1)).toBe(0.2136);
    expect(t.length).toBeGreaterThanOrEqual(3);
    expect(t.length).toBeLessThanOrEqual(7);
    expect(legendTicks(0)).toEqual([0]);
  });

  it('keeps interior ticks clear of a wide top label', () => {
    // "24.91%" is six characters: a "20%" tick would run into it; "100%" leaves room for "80%".
    expect(legendTicks(0.2491, 6)).toEqual([0, 0.05, 0.1, 0.15, 0.2491]);
    expect(legendTicks(1, 4)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('builds a CSS gradient from the table', () => {
    const g = scaleGradient(4);
    expect(g.startsWith('linear-gradient(to right, #440154 0.0%')).toBe(true);
    expect(g.endsWith('#fde725 100.0%)')).toBe(true);
  });
});
