// The library the load test and the library bench search: seeded, so every run builds the same.

import { positionToJson } from '../../src/core/position';
import { seededRandom, randomInt } from '../../src/core/random';
import type { Rules } from '../../src/core/rules';
import { observe, randomLayout } from './arbitraries';

const WORDS = ['opening', 'corner', 'endgame', 'parity', 'hunt', 'edge', 'cluster', 'sparse'];
const TAGS = Array.from({ length: 24 }, (_, i) => `tag-${i}`);

/**
 * A bundle of `n` distinct consistent 6x6 positions with names, tags and notes of varied kinds
 * (one in a hundred mentions a kraken in its notes).
 */
export function loadLibrary(n: number): string {
  const random = seededRandom(2026);
  const rules: Rules = {
    width: 6,
    height: 6,
    fleet: [3, 2, 2].map((length) => ({ length })),
    touch: 'allowed',
  };
  const positions = [];
  for (let i = 0; i < n; i++) {
    const layout = randomLayout(rules, random)!;
    const shots = Array.from({ length: 36 }, (_, c) => c).filter(() => random() < 0.35);
    const json = positionToJson(observe(rules, layout, shots, true));
    const word = WORDS[randomInt(random, WORDS.length)]!;
    const tags = TAGS.filter(() => random() < 0.08);
    const rare = i % 100 === 7 ? ' kraken sighting' : '';
    positions.push({
      name: `${word} ${i}`,
      tags,
      notes: `game ${i % 313}: ${WORDS[randomInt(random, WORDS.length)]} play${rare}`,
      ...json,
    });
  }
  return JSON.stringify({ format: 'broadside-bundle', version: 1, positions });
}
