// Exact solving of named hits and volleys: every solver named in SOLVERS must agree with a naive
// brute force on hundreds of random positions played from a hidden layout, and give the hand-
// counted answers below. A solver that learns these observations joins by adding its name.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import { namesUsed } from '../../src/core/observations';
import { parsePosition, type Position } from '../../src/core/position';
import { solve } from '../../src/core/solve';
import { resultToWire, type SolveResult } from '../../src/core/solve/result';
import { bruteForceNamed, type NamedBruteResult } from '../support/brute-force-named';
import { namedScenarioArb } from '../support/named-arbitraries';

const SOLVERS = ['enumerate', 'dp', 'auto'];

function factorial(k: number): number {
  return k <= 1 ? 1 : k * factorial(k - 1);
}

/**
 * Orderings of interchangeable ships, by which the brute force's labelled count exceeds the
 * solvers' count: named ships are told apart when the position names ships, equal-length
 * unnamed ships never are.
 */
function orderings(p: Position): number {
  const named = namesUsed(p.named ?? [], p.volleys ?? []).size > 0;
  const groups = new Map<string, number>();
  for (const s of p.rules.fleet) {
    const key = `${s.length}:${named ? (s.name ?? '') : ''}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  let k = 1;
  for (const m of groups.values()) k *= factorial(m);
  return k;
}

function fired(p: Position, cell: number): boolean {
  return p.cells[cell] !== 0 || (p.volleys ?? []).some((v) => v.cells.includes(cell));
}

function expectAgreement(p: Position, r: SolveResult, ref: NamedBruteResult): void {
  const n = p.cells.length;
  const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(1e-9);
  const k = orderings(p);
  if (p.prior) {
    expect(r.weighted).toBe(true);
    // The solvers weigh with the grid divided by its largest weight: every layout covers the
    // whole fleet's cells, so the total shrinks by max^cells.
    const max = Math.max(...p.prior);
    const cells = p.rules.fleet.reduce((sum, s) => sum + s.length, 0);
    const total = (Number(r.total) * max ** cells * k) / ref.total;
    expect(Math.abs(total - 1)).toBeLessThan(1e-9);
  } else {
    expect(r.total).toBe(String(ref.total / k));
    expect(r.cellCounts!.map(Number)).toEqual(ref.cells.map((x) => x / k));
  }
  for (let i = 0; i < n; i++) close(r.probabilities[i]!, ref.cells[i]! / ref.total);
  for (const len of ref.byLength.keys()) {
    expect(r.byLength.map((v) => v.length)).toContain(len);
  }
  for (const view of r.byLength) {
    const counts = ref.byLength.get(view.length) ?? new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) close(view.probabilities[i]!, counts[i]! / ref.total);
  }
  const named = namesUsed(p.named ?? [], p.volleys ?? []).size > 0;
  if (!named) {
    expect(r.byShip).toBeUndefined();
  } else {
    expect(r.byShip!.map((v) => v.name).sort()).toEqual([...ref.byName.keys()].sort());
    for (const view of r.byShip!) {
      const counts = ref.byName.get(view.name)!;
      for (let i = 0; i < n; i++) close(view.probabilities[i]!, counts[i]! / ref.total);
    }
  }
  // The best shot is the likeliest cell never fired at, volley cells included.
  const open = Array.from({ length: n }, (_, i) => i).filter((i) => !fired(p, i));
  if (open.length === 0) {
    expect(r.best).toBeNull();
  } else {
    expect(open).toContain(r.best);
    for (const t of r.ties) expect(open).toContain(t);
    const top = Math.max(...open.map((i) => ref.cells[i]!));
    close(ref.cells[r.best!]! / ref.total, top / ref.total);
  }
}

describe('exact solvers agree with a naive brute force on named hits and volleys', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: hundreds of random positions played from a hidden layout`, () => {
      let withVolleys = 0;
      let withNamed = 0;
      let withSunk = 0;
      fc.assert(
        fc.property(namedScenarioArb(), ({ position }) => {
          const ref = bruteForceNamed(position);
          expect(ref.total).toBeGreaterThan(0); // the hidden layout always fits
          expectAgreement(position, solve(position, solver), ref);
          if (position.volleys?.length) withVolleys++;
          if (position.named?.length) withNamed++;
          if (position.sunk.length || position.volleys?.some((v) => v.sunk.length)) withSunk++;
        }),
        { numRuns: 400, seed: 20261124 },
      );
      // The generator really mixes the observations (not a vacuous pass).
      expect(withVolleys).toBeGreaterThan(100);
      expect(withNamed).toBeGreaterThan(50);
      expect(withSunk).toBeGreaterThan(30);
    });

    it(`${solver}: positions where either of two equal ships may have sunk in a sunk list`, () => {
      let open = 0;
      fc.assert(
        fc.property(namedScenarioArb({ ambiguous: true }), ({ position }) => {
          const ref = bruteForceNamed(position);
          expect(ref.total).toBeGreaterThan(0);
          expectAgreement(position, solve(position, solver), ref);
          // Which ship sank is open when a sunk cell belongs to a named ship in some layouts only.
          const sunkCells = position.sunk.flat();
          const undecided = [...ref.byName.values()].some((counts) =>
            sunkCells.some((c) => counts[c]! > 0 && counts[c]! < ref.total),
          );
          if (undecided) open++;
        }),
        { numRuns: 150, seed: 20261125 },
      );
      expect(open).toBeGreaterThan(30);
    });
  }
});

/** A one-row board (the second row all misses) with the given first row and observations. */
function row(
  first: string,
  fleet: { length: number; name?: string }[],
  extra: Record<string, unknown> = {},
): Position {
  return parsePosition({
    rules: { width: first.length, height: 2, fleet, touch: 'allowed' },
    board: [first, 'o'.repeat(first.length)],
    ...extra,
  });
}

const A2 = { length: 2, name: 'A' };
const B2 = { length: 2, name: 'B' };

describe('hand-counted positions', () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a named hit tells the two equal ships apart`, () => {
      // A covers C1: A on B1-C1 with B on D1-E1, or A on C1-D1 with B on A1-B1.
      const r = solve(row('..x..', [A2, B2], { named: [[0, 2, 'A']] }), solver);
      expect(r.total).toBe('2');
      const a = r.byShip!.find((v) => v.name === 'A')!.probabilities;
      const b = r.byShip!.find((v) => v.name === 'B')!.probabilities;
      expect([...a.slice(0, 5)]).toEqual([0, 0.5, 1, 0.5, 0]);
      expect([...b.slice(0, 5)]).toEqual([0.5, 0.5, 0, 0.5, 0.5]);
      expect([...r.probabilities.slice(0, 5)]).toEqual([0.5, 1, 1, 1, 0.5]);
      expect(r.note).toContain('named ship labelled');
      const wire = resultToWire(r);
      expect(wire.byShip!.map((v) => [v.name, v.length])).toEqual([
        ['A', 2],
        ['B', 2],
      ]);
      expect(wire.byShip![0]!.probabilities).toEqual([
        [0, 0.5, 1, 0.5, 0],
        [0, 0, 0, 0, 0],
      ]);
    });

    it(`${solver}: a hitCount volley's cells are never the next shot`, () => {
      // One ship of 2 on A1-D1, volley A1+D1 hit once: A1-B1 or C1-D1, every cell 1/2.
      const r = solve(
        row('....', [{ length: 2 }], {
          volleys: [
            {
              cells: [
                [0, 0],
                [0, 3],
              ],
              hitCount: 1,
            },
          ],
        }),
        solver,
      );
      expect(r.total).toBe('2');
      expect([...r.probabilities.slice(0, 4)]).toEqual([0.5, 0.5, 0.5, 0.5]);
      expect(r.best).toBe(1);
      expect(r.ties).toEqual([1, 2]);
      expect(r.byShip).toBeUndefined();
    });

    it(`${solver}: a ship sunk after the second volley lies on both volleys`, () => {
      // A hit once in A1+B1, then sunk by C1: A on B1-C1; the boat B avoids both volleys: D1.
      const r = solve(
        row('....', [A2, { length: 1, name: 'B' }], {
          volleys: [
            {
              cells: [
                [0, 0],
                [0, 1],
              ],
              hits: { A: 1 },
            },
            { cells: [[0, 2]], hitShips: ['A'], sunk: ['A'] },
          ],
        }),
        solver,
      );
      expect(r.total).toBe('1');
      expect([...r.probabilities.slice(0, 4)]).toEqual([0, 1, 1, 1]);
      expect(r.best).toBe(3);
    });

    it(`${solver}: a sunk list either named ship could be is summed over both readings`, () => {
      // A1-B1 sank (A or B); the boat C was hit at E1. Either way the other ship of 2 is C1-D1.
      const r = solve(
        row('xx...', [A2, B2, { length: 1, name: 'C' }], {
          sunk: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
          volleys: [{ cells: [[0, 4]], hitShips: ['C'], sunk: ['C'] }],
        }),
        solver,
      );
      expect(r.total).toBe('2');
      const a = r.byShip!.find((v) => v.name === 'A')!.probabilities;
      expect([...a.slice(0, 5)]).toEqual([0.5, 0.5, 0.5, 0.5, 0]);
      expect([...r.probabilities.slice(0, 5)]).toEqual([1, 1, 1, 1, 1]);
    });

    it(`${solver}: a ship hit in a volley did not sink in a list of single hits`, () => {
      const r = solve(
        row('xx...', [A2, B2], {
          sunk: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
          volleys: [{ cells: [[0, 3]], hitShips: ['B'] }],
        }),
        solver,
      );
      // A sank on A1-B1; B covers D1: C1-D1 or D1-E1.
      expect(r.total).toBe('2');
      const a = r.byShip!.find((v) => v.name === 'A')!.probabilities;
      expect([...a.slice(0, 5)]).toEqual([1, 1, 0, 0, 0]);
    });
  }
});

describe('contradictions are reported with a sentence naming them', () => {
  const cases: [string, Position | (() => Position), string][] = [
    [
      'a named ship cannot cover all its named hits',
      () =>
        row('.x..x', [A2, B2], {
          named: [
            [0, 1, 'A'],
            [0, 4, 'A'],
          ],
        }),
      'no remaining ship can be the A named at E1',
    ],
    [
      'a volley hits a ship more often than it can be',
      () =>
        row('....', [A2, { length: 1, name: 'B' }], {
          volleys: [
            {
              cells: [
                [0, 0],
                [0, 2],
              ],
              hits: { A: 2 },
            },
          ],
        }),
      'volley 1 says the A was hit twice, but no placement of the A covers 2 of its cells',
    ],
    [
      'a ship said not hit cannot avoid the volley',
      () =>
        row(
          '....',
          [
            { length: 3, name: 'A' },
            { length: 1, name: 'B' },
          ],
          {
            volleys: [
              {
                cells: [
                  [0, 1],
                  [0, 2],
                ],
                hits: { B: 1 },
              },
            ],
          },
        ),
      'volley 1 says the A was not hit, but every placement of it covers one of its cells',
    ],
    [
      'a ship said hit cannot reach the volley',
      () => row('..o.', [A2], { volleys: [{ cells: [[0, 3]], hitShips: ['A'] }] }),
      'volley 1 says the A was hit, but no placement of the A covers one of its cells',
    ],
    [
      'a ship sunk after a volley has a cell never fired at',
      () => row('....', [A2], { volleys: [{ cells: [[0, 0]], hitShips: ['A'], sunk: ['A'] }] }),
      'the A sank after volley 1, but no placement of it lies on hits and volley cells up to it with one in it',
    ],
    [
      'a ship not announced sunk lies wholly on fired cells',
      () =>
        row('x...', [{ length: 2 }], {
          volleys: [
            { cells: [[0, 1]], hitCount: 1 },
            {
              cells: [
                [0, 2],
                [0, 3],
              ],
              hitCount: 0,
            },
          ],
        }),
      'the remaining ship of length 2 was not announced sunk, but every placement of it lies wholly on cells already fired at',
    ],
    [
      'a named ship has no room at all',
      () =>
        row(
          '.o.o',
          [
            { length: 3, name: 'A' },
            { length: 1, name: 'B' },
          ],
          {
            volleys: [{ cells: [[0, 2]], hitShips: ['B'] }],
          },
        ),
      'no placement of the A fits the board',
    ],
    [
      'every placement of a ship covers a hit named for another',
      () =>
        row('.xx.', [{ length: 3, name: 'A' }, B2], {
          named: [
            [0, 1, 'B'],
            [0, 2, 'B'],
          ],
        }),
      'every placement of the A covers a hit named for another ship',
    ],
    [
      'a hitCount volley hit more cells than the fleet has',
      () =>
        row('....', [{ length: 2 }], {
          volleys: [
            {
              cells: [
                [0, 0],
                [0, 2],
                [0, 3],
              ],
              hitCount: 3,
            },
          ],
        }),
      'volley 1 hit 3 cells, but the ships still afloat have only 2 cells',
    ],
    [
      'a hitCount volley hit more cells than the ships can reach',
      () =>
        row('..o..', [{ length: 2 }], {
          volleys: [
            {
              cells: [
                [0, 0],
                [0, 3],
              ],
              hitCount: 2,
            },
          ],
        }),
      'volley 1 hit 2 cells, but the ships still afloat can cover at most 1 of them',
    ],
    [
      'a sunk list carries two names',
      () =>
        row('xx...', [A2, B2], {
          sunk: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
          named: [
            [0, 0, 'A'],
            [0, 1, 'B'],
          ],
        }),
      'sunk ship 1 carries hits named A and B, but one ship sank there',
    ],
    [
      'a sunk list carries a name whose ship lies elsewhere too',
      () =>
        row('xx.x.', [A2, B2], {
          sunk: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
          named: [
            [0, 0, 'A'],
            [0, 3, 'A'],
          ],
        }),
      'sunk ship 1 carries the hit named A at A1, but the A cannot have sunk there',
    ],
    [
      'no ship can be a sunk list',
      () =>
        row('xx...', [A2, B2], {
          sunk: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
          volleys: [
            {
              cells: [
                [0, 3],
                [0, 4],
              ],
              hitShips: ['A', 'B'],
            },
          ],
        }),
      'no ship of length 2 can be sunk ship 1',
    ],
    [
      'the sunk lists cannot all be read as distinct ships',
      () =>
        row('xx.xx.', [A2, B2], {
          sunk: [
            [
              [0, 0],
              [0, 1],
            ],
            [
              [0, 3],
              [0, 4],
            ],
          ],
          volleys: [{ cells: [[0, 5]], hitShips: ['B'] }],
        }),
      'the sunk ships cannot all be told apart as fleet ships',
    ],
    [
      'an unsunk hit no remaining ship may cover',
      () =>
        row('x...', [A2, { length: 1, name: 'B' }], {
          sunkReported: false,
          volleys: [{ cells: [[0, 1]], hitShips: ['B'] }],
        }),
      'no remaining ship can cover the hit at A1',
    ],
  ];
  for (const solver of SOLVERS) {
    it.each(cases)(`${solver}: %s`, (_, make, message) => {
      const p = typeof make === 'function' ? make() : make;
      expect(() => solve(p, solver)).toThrow(NoLayoutError);
      expect(() => solve(p, solver)).toThrow(message);
      expect(bruteForceNamed(p).total).toBe(0);
    });
  }
});
