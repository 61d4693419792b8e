// The placement advisor, for our own fleet: how an opponent tends to shoot, and which layouts
// their shooting would find slowest; or a uniformly random legal layout (the unpredictable
// choice, which no habit of theirs can exploit on average).
//
// The opponent's habit is read from logs of their shots at us (firedBy "opponent"). Only their
// search shots say where they look first: a shot fired while one of our ships is hit but not sunk
// is aimed at that ship, so it says where our ship was, not what they prefer. Per cell the risk
// map is how early their search reaches it: 1 - (search shot number) / cells, averaged over games
// (0 where a game's search never reached it; games where the cell was shot while finishing off a
// ship say nothing and are left out).
//
// A candidate layout is scored by replaying each logged game's search order against it with the
// usual finishing-off rule (after a hit, fire next to it, along the line once two hits line up;
// never at cells the touch rule rules out around a sunk ship), and counting the shots needed to
// sink the whole fleet; the score is the mean over their games. The advice is the best few of
// many uniformly random legal layouts. Picking the best of many on the same games flatters the
// winners a little; `baseline` (the mean over all candidates) is what a random layout gets.

import { InputError } from '../errors';
import { isVolley, type GameLog } from '../game-log';
import { emptyPosition } from '../position';
import { seededRandom, type Random } from '../random';
import { fleetLengths, rulesKey, type Rules } from '../rules';
import { touchNeighbours } from '../neighbours';
import { layoutSampler } from '../solve/sample';

// ---------------------------------------------------------------- random layouts

/** Every placement of a ship of length `len` on the empty board, as cell lists. */
function placements(rules: Rules, len: number): number[][] {
  const { width: W, height: H } = rules;
  const out: number[][] = [];
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      if (c + len <= W) out.push(Array.from({ length: len }, (_, k) => r * W + c + k));
      if (len > 1 && r + len <= H) out.push(Array.from({ length: len }, (_, k) => (r + k) * W + c));
    }
  }
  return out;
}

/**
 * A uniformly random legal layout. Each ship picks a placement uniformly and the whole draw is
 * rejected if two ships overlap or break the touch rule: accepted draws are uniform over
 * layouts (every layout is reached by the same number of orderings of equal-length ships).
 * Fleets that rarely fit that way fall back to the exact sampler of the DP.
 */
export function randomLayout(rules: Rules, random: Random, maxTries = 20_000): number[][] {
  const { width: W, height: H } = rules;
  const lengths = fleetLengths(rules.fleet);
  const options = new Map<number, number[][]>();
  for (const len of lengths) if (!options.has(len)) options.set(len, placements(rules, len));
  const owner = new Int32Array(W * H);
  for (let attempt = 0; attempt < maxTries; attempt++) {
    owner.fill(-1);
    const ships: number[][] = [];
    let ok = true;
    for (let s = 0; s < lengths.length && ok; s++) {
      const list = options.get(lengths[s]!)!;
      const ship = list[Math.floor(random() * list.length)]!;
      for (const c of ship) {
        if (owner[c]! >= 0) ok = false;
        for (const nb of touchNeighbours(rules.touch, W, H, c)) {
          if (owner[nb]! >= 0) ok = false;
        }
      }
      if (!ok) break;
      for (const c of ship) owner[c] = s;
      ships.push(ship);
    }
    if (ok) return ships;
  }
  return layoutSampler(emptyPosition(rules)).draw(random);
}

// ---------------------------------------------------------------- the opponent's search

/** One logged game of theirs, reduced to the order of their search shots. */
interface SearchOrder {
  /** Cells of their search shots, in order. */
  search: number[];
  /** Cells shot while finishing off a ship (no evidence of preference). */
  aimed: Set<number>;
}

/**
 * Their shots in order, a search shot when none of our ships was hit and not yet sunk. A volley's
 * cells count as fired together, in the volley's place; its answer does not say which cells hit,
 * so it opens no target of its own.
 */
function searchOrder(game: GameLog): SearchOrder {
  const search: number[] = [];
  const aimed = new Set<number>();
  const sunk = new Set<number>();
  const hits = new Set<number>();
  for (const entry of game.shots) {
    let open = 0;
    for (const h of hits) if (!sunk.has(h)) open++;
    const cells = isVolley(entry) ? entry.volley.cells : [entry.cell];
    for (const c of cells) {
      if (open > 0) aimed.add(c);
      else search.push(c);
    }
    if (isVolley(entry)) continue;
    if (entry.result !== 'miss') hits.add(entry.cell);
    if (entry.result === 'sunk') for (const c of entry.sunk!) sunk.add(c);
  }
  return { search, aimed };
}

function theirGames(
  games: readonly GameLog[],
  rules?: Rules,
): { rules: Rules; orders: SearchOrder[] } {
  const theirs = games.filter((g) => g.firedBy === 'opponent' && g.shots.length > 0);
  if (theirs.length === 0) {
    throw new InputError(
      'games',
      'none logs the opponent\'s shots at our fleet (firedBy "opponent"); the advisor needs their shooting',
    );
  }
  const r = rules ?? theirs[0]!.rules;
  theirs.forEach((g, k) => {
    if (rulesKey(g.rules) !== rulesKey(r)) {
      throw new InputError(
        `game ${k + 1}`,
        'is played under other rules than the layout asked for',
      );
    }
  });
  return { rules: r, orders: theirs.map(searchOrder) };
}

/** How early the opponent's search reaches each cell: 1 = their first shot, 0 = never. */
export function riskMap(games: readonly GameLog[], rules?: Rules): Float64Array {
  const { rules: r, orders } = theirGames(games, rules);
  const n = r.width * r.height;
  const sum = new Float64Array(n);
  const seen = new Float64Array(n);
  for (const o of orders) {
    const rank = new Int32Array(n).fill(-1);
    o.search.forEach((c, k) => (rank[c] = k));
    for (let i = 0; i < n; i++) {
      if (o.aimed.has(i)) continue;
      seen[i]! += 1;
      if (rank[i]! >= 0) sum[i]! += 1 - rank[i]! / n;
    }
  }
  let total = 0;
  let cells = 0;
  for (let i = 0; i < n; i++) {
    if (seen[i]! > 0) {
      total += sum[i]! / seen[i]!;
      cells++;
    }
  }
  const fallback = cells > 0 ? total / cells : 0;
  return sum.map((s, i) => (seen[i]! > 0 ? s / seen[i]! : fallback));
}

/** Per logged game, a full priority over cells: its search order, then the rest by risk. */
function priorities(orders: readonly SearchOrder[], risk: Float64Array): Int32Array[] {
  const n = risk.length;
  const byRisk = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => risk[b]! - risk[a]! || a - b,
  );
  return orders.map((o) => {
    const prio = new Int32Array(n).fill(-1);
    let next = 0;
    for (const c of o.search) if (prio[c]! < 0) prio[c] = next++;
    for (const c of byRisk) if (prio[c]! < 0) prio[c] = next++;
    return prio;
  });
}

/**
 * Shots a hunt-and-finish shooter with this priority (lower first) needs to sink `layout`.
 * `byPriority` lists the cells in priority order.
 */
export function shotsToSink(
  rules: Rules,
  layout: readonly number[][],
  prio: Int32Array,
  byPriority: Int32Array,
): number {
  return Math.max(...sinkingShots(rules, layout, prio, byPriority));
}

/** The shot (1-based) at which the same shooter sinks each ship of `layout`, in layout order. */
export function sinkingShots(
  rules: Rules,
  layout: readonly number[][],
  prio: Int32Array,
  byPriority: Int32Array,
): Int32Array {
  const { width: W, height: H } = rules;
  const n = W * H;
  const owner = new Int32Array(n).fill(-1);
  layout.forEach((ship, k) => ship.forEach((c) => (owner[c] = k)));
  const left = layout.map((s) => s.length);
  const sunkAt = new Int32Array(layout.length);
  const shot = new Uint8Array(n); // 1 shot, 2 known empty (touch rule around a sunk ship)
  const open: number[] = []; // hits on ships not yet sunk
  let sunkShips = 0;
  let shots = 0;
  let cursor = 0;
  const better = (a: number, b: number): boolean => b < 0 || prio[a]! < prio[b]!;
  while (sunkShips < layout.length) {
    let cell = -1;
    if (open.length > 0) {
      // Along the line when two open hits are adjacent, else next to any open hit.
      const lineEnds: number[] = [];
      const around: number[] = [];
      for (const h of open) {
        const r = Math.floor(h / W);
        const c = h % W;
        const horizontal =
          open.some((o) => o === h + 1 && c + 1 < W) || open.some((o) => o === h - 1 && c > 0);
        const vertical = open.includes(h + W) || open.includes(h - W);
        const steps: [number, number, boolean][] = [
          [0, 1, horizontal],
          [0, -1, horizontal],
          [1, 0, vertical],
          [-1, 0, vertical],
        ];
        for (const [dr, dc, inLine] of steps) {
          const y = r + dr;
          const x = c + dc;
          if (y < 0 || y >= H || x < 0 || x >= W) continue;
          const nb = y * W + x;
          if (shot[nb]) continue;
          (inLine ? lineEnds : around).push(nb);
        }
      }
      for (const nb of lineEnds.length > 0 ? lineEnds : around) if (better(nb, cell)) cell = nb;
    }
    if (cell < 0) {
      while (cursor < n && shot[byPriority[cursor]!]) cursor++;
      if (cursor === n) break; // cannot happen with a legal layout
      cell = byPriority[cursor]!;
    }
    shot[cell] = 1;
    shots++;
    const k = owner[cell]!;
    if (k < 0) continue;
    open.push(cell);
    if (--left[k]! > 0) continue;
    sunkShips++;
    sunkAt[k] = shots;
    for (const c of layout[k]!) {
      const at = open.indexOf(c);
      if (at >= 0) open.splice(at, 1);
      for (const nb of touchNeighbours(rules.touch, W, H, c)) if (!shot[nb]) shot[nb] = 2;
    }
  }
  return sunkAt;
}

export interface AdviceOptions {
  /** Uniformly random candidate layouts to score (default 2000). */
  candidates?: number;
  /** Layouts to suggest (default 5). */
  suggestions?: number;
  seed?: number;
  /** The rules of our fleet (default: those of the logged games). */
  rules?: Rules;
}

export interface LayoutScore {
  /** Each ship as its cells. */
  layout: number[][];
  /** Mean shots their logged shooting needs to sink it. */
  expectedShots: number;
  /**
   * Mean shot at which each of its ships sinks: breaks ties in expectedShots (many layouts keep
   * one ship in the last cell they would search, and then differ only in the other ships).
   */
  meanShipShots: number;
}

export interface PlacementAdvice {
  rules: Rules;
  /** Games of their shooting used. */
  games: number;
  /** Per cell, how early their search reaches it (1 = first shot, 0 = never). */
  risk: Float64Array;
  /** The slowest layouts for them among the candidates, slowest first. */
  suggestions: LayoutScore[];
  /** Mean expected shots over all candidates: what a uniformly random layout gets. */
  baseline: number;
  candidates: number;
}

/** The first `count` layouts of `scored` that differ (random candidates repeat on small boards). */
function distinct(scored: readonly LayoutScore[], count: number): LayoutScore[] {
  const seen = new Set<string>();
  const out: LayoutScore[] = [];
  for (const s of scored) {
    const key = s.layout
      .map((ship) => [...ship].sort((a, b) => a - b).join(','))
      .sort()
      .join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length === count) break;
  }
  return out;
}

/** The placement advice: risk map and the layouts their shooting finds slowest. */
export function adviseLayouts(
  games: readonly GameLog[],
  options: AdviceOptions = {},
): PlacementAdvice {
  const { rules, orders } = theirGames(games, options.rules);
  const risk = riskMap(games, rules);
  const prios = priorities(orders, risk);
  const orderLists = prios.map((prio) => {
    const byPriority = new Int32Array(prio.length);
    prio.forEach((p, c) => (byPriority[p] = c));
    return byPriority;
  });
  const random = seededRandom(options.seed ?? 1);
  const count = options.candidates ?? 2000;
  const scored: LayoutScore[] = [];
  let total = 0;
  for (let k = 0; k < count; k++) {
    const layout = randomLayout(rules, random);
    let last = 0;
    let all = 0;
    prios.forEach((prio, g) => {
      const sunkAt = sinkingShots(rules, layout, prio, orderLists[g]!);
      last += Math.max(...sunkAt);
      all += sunkAt.reduce((a, b) => a + b, 0) / sunkAt.length;
    });
    const expectedShots = last / prios.length;
    total += expectedShots;
    scored.push({ layout, expectedShots, meanShipShots: all / prios.length });
  }
  scored.sort((a, b) => b.expectedShots - a.expectedShots || b.meanShipShots - a.meanShipShots);
  return {
    rules,
    games: orders.length,
    risk,
    suggestions: distinct(scored, options.suggestions ?? 5),
    baseline: total / count,
    candidates: count,
  };
}
