// Solves aside (held.ts runPassesAside, SolveOptions.aside): a position one shot from the held
// one is solved from the held values without moving them. Same counts as the fresh passes, in
// both kernels, on small boards and a preset; the held values byte-equal after; and a click after
// the two solves ahead of it costs the layer passes of its own shot only.

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { HIT, MISS, UNKNOWN, clonePosition, type Position } from '../../src/core/position';
import { PRESETS, type Rules } from '../../src/core/rules';
import { graphKey } from '../../src/core/solve/graph/graph';
import { holdValues, type HeldValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import type { SolveOptions } from '../../src/core/solve/options';
import type { SolveResult } from '../../src/core/solve/result';
import { randomInt, seededRandom, type Random } from '../../src/core/random';
import { copyIntoMemory, kernelCache } from '../../src/core/solve/graph/shared-memory';
import { createGraphMemory } from '../../src/main/graphs/graph-memory';
import { flattenPrepared, preparedFromFlat } from '../../src/core/solve/graph/transfer';
import { observe, randomLayout, scenarioArb } from '../support/arbitraries';

const MB = 2 ** 20;

/** Each rule set's graph in the TypeScript kernel and, copied into a shared memory, in the
 * WebAssembly kernel (as worker threads run it). */
function graphCache(): (rules: Rules) => [PreparedGraph, PreparedGraph] {
  const built = new Map<string, [PreparedGraph, PreparedGraph]>();
  const memory = createGraphMemory();
  const kernelOf = kernelCache();
  return (rules) => {
    let pair = built.get(graphKey(rules));
    if (!pair) {
      const fresh = prepareGraph(rules, 1024 * MB);
      const copy = preparedFromFlat(copyIntoMemory(flattenPrepared(fresh), memory), kernelOf);
      expect(copy.kernel?.name).toBe('WebAssembly');
      built.set(graphKey(rules), (pair = [fresh, copy]));
    }
    return pair;
  };
}

const graphs = (
  (cache) => () =>
    cache
)(graphCache());

/** Held values over a graph, made once per graph and kernel and emptied for each use (the
 * kernel's memory is never given back). */
const heldMade = new Map<string, HeldValues[]>();
function freshHeld(g: PreparedGraph, slot = 0): HeldValues {
  const kernel = g.kernel ?? typescriptKernel;
  const key = `${g.graph.key}/${kernel.name}`;
  const made = heldMade.get(key) ?? [];
  heldMade.set(key, made);
  made[slot] ??= holdValues(g.graph, kernel);
  const held = made[slot];
  held.masks = null;
  held.startMass = new Float64Array(0);
  return held;
}

type Outcome = SolveResult | 'no layout';

function attempt(p: Position, g: PreparedGraph, options: SolveOptions = {}): Outcome {
  try {
    const r = solveGraph(p, g, options);
    if (r === null) throw new Error('the graph engine declined a position it should take');
    return r;
  } catch (e) {
    if (e instanceof NoLayoutError) return 'no layout';
    throw e;
  }
}

function expectSame(r: Outcome, reference: Outcome, weighted: boolean): void {
  if (r === 'no layout' || reference === 'no layout') {
    expect(r === 'no layout' ? r : r.total).toBe(reference === 'no layout' ? r : reference.total);
    return;
  }
  if (weighted) {
    expect(Number(r.total) / Number(reference.total)).toBeCloseTo(1, 9);
    r.probabilities.forEach((q, i) => expect(q).toBeCloseTo(reference.probabilities[i]!, 9));
  } else {
    expect(r.total).toBe(reference.total);
    expect(r.cellCounts).toEqual(reference.cellCounts);
  }
}

/** What held values hold, as one string of bytes (a diff of millions of values would take
 * minutes to print). */
function snapshot(held: HeldValues): string {
  const hex = (a: Float64Array) =>
    createHash('sha256')
      .update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength))
      .digest('hex');
  const masks = held.masks ? `${hex(held.masks.weights)}/${held.masks.target}` : 'none';
  return [masks, hex(held.forward), hex(held.backward), hex(held.startMass)].join(' ');
}

function unknownCells(p: Position): number[] {
  return [...p.cells.keys()].filter((i) => p.cells[i] === UNKNOWN);
}

function shotAt(p: Position, cell: number, mark: number): Position {
  const next = clonePosition(p);
  next.cells[cell] = mark;
  return next;
}

/** A hunting position of a preset: `misses` random misses off a random layout. */
function hunting(rules: Rules, misses: number, random: Random): Position {
  const layout = randomLayout(rules, random)!;
  const taken = new Set(layout.flat());
  const shots: number[] = [];
  while (shots.length < misses) {
    const c = randomInt(random, rules.width * rules.height);
    if (!taken.has(c) && !shots.includes(c)) shots.push(c);
  }
  return observe(rules, layout, shots, true);
}

describe('solves aside from held values', () => {
  it(
    'equal the fresh passes one shot from the held position, both kernels, and write nothing held',
    { timeout: 600_000 },
    () => {
      const graphOf = graphs();
      let asides = 0;
      fc.assert(
        fc.property(
          scenarioArb({ prior: false }),
          scenarioArb({ prior: true }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          (plain, weighted, seed) => {
            const random = seededRandom(seed);
            for (const { position } of [plain, weighted]) {
              const free = unknownCells(position);
              if (free.length === 0) continue;
              for (const g of graphOf(position.rules)) {
                const held = freshHeld(g);
                const withHeld = { ...g, held };
                // Held on P (a first solve fills them).
                if (attempt(position, withHeld) === 'no layout') continue;
                const before = snapshot(held);
                for (let k = 0; k < 3; k++) {
                  const cell = free[randomInt(random, free.length)]!;
                  const q = shotAt(position, cell, random() < 0.5 ? MISS : HIT);
                  const reference = attempt(q, g);
                  const r = attempt(q, withHeld, { aside: {} });
                  expectSame(r, reference, !!position.prior);
                  expect(snapshot(held)).toEqual(before);
                  asides++;
                }
              }
            }
          },
        ),
        { numRuns: 80, seed: 41 },
      );
      expect(asides).toBeGreaterThan(300);
    },
  );

  it(
    'equal the fresh passes on hunting positions of a preset, both kernels',
    { timeout: 600_000 },
    () => {
      const graphOf = graphs();
      const random = seededRandom(42);
      const rules = PRESETS['margin']!;
      for (const g of graphOf(rules)) {
        const held = freshHeld(g);
        const withHeld = { ...g, held };
        for (let round = 0; round < 3; round++) {
          const p = hunting(rules, 3 + 3 * round, random);
          expect(attempt(p, withHeld)).not.toBe('no layout');
          const before = snapshot(held);
          const free = unknownCells(p);
          for (let k = 0; k < 4; k++) {
            const q = shotAt(p, free[randomInt(random, free.length)]!, k & 1 ? HIT : MISS);
            const r = attempt(q, withHeld, { aside: {} });
            expectSame(r, attempt(q, g), false);
            expect((r as SolveResult).note).toMatch(/from the position solved before/);
            expect(snapshot(held)).toEqual(before);
          }
        }
      }
    },
  );

  it(
    'a click off the proposed cell, after both solves ahead, runs the layer passes of its own shot',
    { timeout: 600_000 },
    () => {
      const graphOf = graphs();
      const random = seededRandom(43);
      const rules = PRESETS['margin']!;
      const [, g] = graphOf(rules);
      const layers = (r: Outcome): number => {
        const m = /from the position solved before \((\d+) layer passes\)/.exec(
          (r as SolveResult).note ?? '',
        );
        if (!m) throw new Error(`not solved from held values: ${(r as SolveResult).note}`);
        return Number(m[1]);
      };
      for (let round = 0; round < 4; round++) {
        const p = hunting(rules, 4 + round, random);
        const free = unknownCells(p);
        // The proposed cell top left, the click bottom right: their shots change layers apart
        // in either frame, so held values moved to the proposed cell cost the click more.
        const near = (c: number, corner: number) =>
          Math.abs(Math.floor(c / rules.width) - corner) <= 1 &&
          Math.abs((c % rules.width) - corner) <= 1;
        const top = free.filter((c) => near(c, 1));
        const bottom = free.filter((c) => near(c, 8));
        const proposed = top[randomInt(random, top.length)]!;
        const clicked = bottom[randomInt(random, bottom.length)]!;
        const click = shotAt(p, clicked, MISS);

        // What the click costs straight after P: one shot's layers.
        const alone = { ...g!, held: freshHeld(g!, 1) };
        attempt(p, alone);
        const oneShot = layers(attempt(click, alone));

        for (const aside of [true, false]) {
          const held = freshHeld(g!, 2);
          const thread = { ...g!, held };
          attempt(p, thread);
          for (const mark of [MISS, HIT]) {
            attempt(shotAt(p, proposed, mark), thread, aside ? { aside: { holdOn: p } } : {});
          }
          const cost = layers(attempt(click, thread));
          // Aside, the click is one shot from the held values; moved by the solves ahead, it is
          // two shots (the proposed cell's and its own) from them.
          if (aside) expect(cost).toBe(oneShot);
          else expect(cost).toBeGreaterThan(oneShot);
        }
      }
    },
  );

  it(
    'with the held values elsewhere, a solve ahead first moves them onto the position on screen',
    { timeout: 600_000 },
    () => {
      const graphOf = graphs();
      const random = seededRandom(44);
      const rules = PRESETS['margin']!;
      const [, g] = graphOf(rules);
      const p = hunting(rules, 6, random);
      const free = unknownCells(p);
      const [followed, proposed, clicked] = [free[3]!, free[17]!, free[40]!];
      const onScreen = shotAt(p, followed, MISS);
      const held = freshHeld(g!, 0);
      const thread = { ...g!, held };
      // Held on P; the user followed the proposal (answered from the solves ahead, not on this
      // thread), and the solves ahead of the board now on screen run aside.
      attempt(p, thread);
      for (const mark of [MISS, HIT]) {
        attempt(shotAt(onScreen, proposed, mark), thread, { aside: { holdOn: onScreen } });
      }
      const reference = { ...g!, held: freshHeld(g!, 1) };
      attempt(onScreen, reference);
      expect(snapshot(held)).toEqual(snapshot(reference.held));
      const click = shotAt(onScreen, clicked, HIT);
      const r = attempt(click, thread);
      expectSame(r, attempt(click, g!), false);
      expect((r as SolveResult).note).toBe((attempt(click, reference) as SolveResult).note);
    },
  );
});
