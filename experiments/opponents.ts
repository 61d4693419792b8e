// Synthetic opponents with a known placement habit, and logged games against them: what the
// prior experiments (prior-evidence.ts) learn from, and what the learners' tests check against.
// Not a weight-product prior, so the learners' model is only an approximation of the truth, as it
// is for real people.

import { gameLogToJson, parseGameLog, type GameLog, type Shot } from '../src/core/game-log';
import type { Random } from '../src/core/random';
import { fleetLengths, type Rules } from '../src/core/rules';

function placements(rules: Rules, len: number): { cells: number[]; border: boolean }[] {
  const { width: W, height: H } = rules;
  const out: { cells: number[]; border: boolean }[] = [];
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      if (c + len <= W) {
        const cells = Array.from({ length: len }, (_, k) => r * W + c + k);
        out.push({ cells, border: r === 0 || r === H - 1 });
      }
      if (len > 1 && r + len <= H) {
        const cells = Array.from({ length: len }, (_, k) => (r + k) * W + c);
        out.push({ cells, border: c === 0 || c === W - 1 });
      }
    }
  }
  return out;
}

/**
 * The "edge hugger" (touch rule "allowed" only): each ship, longest first, lies along the border
 * with probability `pBorder`, else anywhere free.
 */
export function edgeHuggerLayout(rules: Rules, random: Random, pBorder = 0.7): number[][] {
  const lengths = fleetLengths(rules.fleet);
  for (;;) {
    const used = new Uint8Array(rules.width * rules.height);
    const ships: number[][] = [];
    for (const len of lengths) {
      const wantBorder = random() < pBorder;
      const options = placements(rules, len).filter(
        (p) => (!wantBorder || p.border) && p.cells.every((c) => !used[c]),
      );
      if (options.length === 0) break;
      const pick = options[Math.floor(random() * options.length)]!;
      pick.cells.forEach((c) => (used[c] = 1));
      ships.push(pick.cells);
    }
    if (ships.length === lengths.length) return ships;
  }
}

/** A finished game: the whole layout revealed. */
export function revealedGame(rules: Rules, layout: number[][]): GameLog {
  return { opponent: 'synthetic', rules, firedBy: 'me', shots: [], layout };
}

/**
 * A game against `layout` by a random hunt-and-finish shooter, stopped after `stop` shots (or
 * when the fleet is sunk).
 */
export function playedGame(
  rules: Rules,
  layout: number[][],
  random: Random,
  stop: number,
  firedBy: 'me' | 'opponent' = 'me',
): GameLog {
  const { width: W, height: H } = rules;
  const N = W * H;
  const owner = new Int32Array(N).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  const left = layout.map((s) => s.length);
  const shotAt = new Uint8Array(N);
  const open: number[] = [];
  const shots: Shot[] = [];
  while (shots.length < stop && left.some((l) => l > 0)) {
    const around: number[] = [];
    for (const h of open) {
      for (const nb of [h - W, h + W, h % W > 0 ? h - 1 : -1, h % W < W - 1 ? h + 1 : -1]) {
        if (nb >= 0 && nb < N && !shotAt[nb]) around.push(nb);
      }
    }
    let cell: number;
    if (around.length) cell = around[Math.floor(random() * around.length)]!;
    else {
      do cell = Math.floor(random() * N);
      while (shotAt[cell]);
    }
    shotAt[cell] = 1;
    const k = owner[cell]!;
    if (k < 0) {
      shots.push({ cell, result: 'miss' });
      continue;
    }
    open.push(cell);
    if (--left[k]! > 0) {
      shots.push({ cell, result: 'hit' });
      continue;
    }
    const sunk = [...layout[k]!].sort((a, b) => a - b);
    shots.push({ cell, result: 'sunk', sunk });
    for (const c of sunk) open.splice(open.indexOf(c), 1);
  }
  return parseGameLog(gameLogToJson({ opponent: 'synthetic', rules, firedBy, shots }));
}

/**
 * The "corner lover" (touch rule "allowed" only): each ship, longest first, lies inside the
 * top-left quarter of the board with probability `pCorner`, else anywhere free. A one-sided
 * habit, which pooling over mirror images would wash out.
 */
export function cornerLoverLayout(rules: Rules, random: Random, pCorner = 0.6): number[][] {
  const lengths = fleetLengths(rules.fleet);
  const { width: W, height: H } = rules;
  const inCorner = (c: number): boolean =>
    Math.floor(c / W) < Math.ceil(H / 2) && c % W < Math.ceil(W / 2);
  for (;;) {
    const used = new Uint8Array(W * H);
    const ships: number[][] = [];
    for (const len of lengths) {
      const want = random() < pCorner;
      const options = placements(rules, len).filter(
        (p) => (!want || p.cells.every(inCorner)) && p.cells.every((c) => !used[c]),
      );
      if (options.length === 0) break;
      const pick = options[Math.floor(random() * options.length)]!;
      pick.cells.forEach((c) => (used[c] = 1));
      ships.push(pick.cells);
    }
    if (ships.length === lengths.length) return ships;
  }
}
