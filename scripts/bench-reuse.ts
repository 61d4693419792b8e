// `npm run bench -- reuse`: the exact solves of whole games, each position solved afresh (`auto`)
// against the same positions solved through kept DP models (dp-reuse.ts: a position that adds
// misses and hits to a solved one walks that one's stored layers). Per preset: 4 games of a
// seeded hunt/target shooter at uniform fleets, every position of the first 30 shots, in order,
// as a game's exact heatmaps are asked for. Both runs are timed in this process one after the
// other, so the ratio is measured in one run; the totals are checked equal position by position.

import type { Position } from '../src/core/position';
import { seededRandom } from '../src/core/random';
import { presetRules, type Rules } from '../src/core/rules';
import { fleetSampler } from '../src/core/simulate/fleets';
import { emptyPosition } from '../src/core/position';
import { solve, solveReusing } from '../src/core/solve';
import { buildBoard } from '../src/core/solve/board';
import { dpTallyKeeping } from '../src/core/solve/dp/dp';
import { DpModels } from '../src/core/solve/dp/dp-reuse';
import { edgeFilter, walkTally } from '../src/core/solve/dp/dp-walk';
import { huntTargetPositions } from '../test/support/game-positions';

const GAMES = 4;
const SHOTS = 30;

/** The positions a seeded hunt/target shooter sees in its first SHOTS shots at a uniform fleet. */
function gamePositions(rules: Rules, seed: number): Position[] {
  const random = seededRandom(seed);
  const layout = fleetSampler(rules).draw(random);
  return huntTargetPositions(rules, layout, random, { maxShots: SHOTS });
}

function timeAll(
  positions: Position[],
  run: (p: Position) => string,
): { ms: number; totals: string[] } {
  const t0 = performance.now();
  const totals = positions.map(run);
  return { ms: performance.now() - t0, totals };
}

/**
 * The floor of the empty boards: the fresh DP beside one value pass over its stored states (a
 * walk with nothing changed: one backward pass), which any method that visits these states pays.
 */
function emptyFloor(): void {
  console.log('empty boards: the DP afresh against one value pass over the states it stores:');
  for (const preset of ['classic', 'russian', 'margin']) {
    const board = buildBoard(emptyPosition(presetRules(preset)));
    dpTallyKeeping(board); // warm-up
    const t0 = performance.now();
    const { model } = dpTallyKeeping(board);
    const build = performance.now() - t0;
    if (!model) {
      console.log(`  ${preset.padEnd(8)} (counts past 2^53: no model kept)`);
      continue;
    }
    const filter = edgeFilter(model, board)!;
    walkTally(model, filter); // warm-up
    const t1 = performance.now();
    walkTally(model, filter);
    const pass = performance.now() - t1;
    console.log(
      `  ${preset.padEnd(8)} ${(model.states / 1e6).toFixed(1)}M states: DP ${build.toFixed(0)} ms (${((build * 1e6) / model.states).toFixed(0)} ns a state), one value pass ${pass.toFixed(0)} ms (${((pass * 1e6) / model.states).toFixed(0)} ns a state)`,
    );
  }
}

export function benchReuse(): void {
  emptyFloor();
  console.log(
    `whole games (${GAMES} per preset, the first ${SHOTS} positions of a seeded hunt/target shooter), auto afresh against auto through kept DP models:`,
  );
  for (const preset of ['classic', 'russian', 'margin']) {
    const rules = presetRules(preset);
    const games = Array.from({ length: GAMES }, (_, g) => gamePositions(rules, 9000 + g));
    const positions = games.flat();
    // Warm-up: one game each way, so neither run pays the compiler.
    for (const p of games[0]!.slice(0, 8)) solve(p, 'auto');
    const fresh = timeAll(positions, (p) => solve(p, 'auto').total);
    const models = new DpModels();
    // A new game starts with no model of its own: models are kept per game here, as a
    // simulator's thread keeps them across its games.
    const reused = timeAll(positions, (p) => solveReusing(p, 'auto', models).total);
    fresh.totals.forEach((t, k) => {
      if (reused.totals[k] !== t) throw new Error(`${preset}: position ${k} differs after reuse`);
    });
    const { fresh: built, walk } = models.counts;
    console.log(
      `  ${preset.padEnd(8)} ${positions.length} positions: afresh ${(fresh.ms / 1000).toFixed(2)} s, through models ${(reused.ms / 1000).toFixed(2)} s (${(fresh.ms / reused.ms).toFixed(2)}x; DP solves ${built} fresh, ${walk} walked; same totals)`,
    );
  }
}
