// `info-k`: a salvo that weighs what the turn's aggregated answer will tell. Under the volley
// answers the referee does not say which of the turn's cells hit, so top-k's K likeliest cells
// may all be explained by one ship and come back as one uninformative answer. info-k draws D
// layouts from the posterior (the exact sampler, seeded from the game's own random stream) and
// builds the turn greedily among the M likeliest unfired cells, each step adding the cell that
// maximises
//
//   p(c) + WEIGHT * H(answer to the cells chosen so far plus c)
//
// where p is the posterior chance of a ship on c and H the entropy in bits of the answer the
// referee would give (per ship counts, the set of ships hit, or the count of hits), over the
// draws. The sum of p is the turn's expected hits, so WEIGHT prices one bit of answer in hits.
// When each shot is answered on its own (sunk, hit-miss, named), or K = 1, the answer says which
// cell hit and info-k plays exactly as top-k; it also falls back to top-k for a turn whose
// position the sampler refuses (over its budget, or no layout found).

import type { Position } from '../position';
import { fleetNameIndex } from '../observations';
import { layoutSampler, type NamedLayout } from '../solve/sample';
import { OBSERVATIONS_MAX_BYTES } from './posterior';
import type { Random } from '../random';
import { isVolleyAnswer, type VolleyAnswerKind } from '../answers';
import { topCells, type Strategy } from './strategy';
import { strategyInfo } from '../catalog/strategies';

/** Hits a bit of answer is worth. A volley of 5 scores about 1 to 3 expected hits while its
 * answer carries 0 to 4 bits: a quarter hit per bit lets information decide between cells a few
 * hundredths apart in chance, never over a cell much likelier to hit. */
export const INFO_WEIGHT = 0.25;
/** Layouts drawn per turn to estimate the answer's distribution. */
export const INFO_DRAWS = 200;
/** Candidate cells: the likeliest unfired ones (a volley's cells come from these). */
export const INFO_CANDIDATES = 24;

export interface InfoKOptions {
  weight?: number;
  draws?: number;
  candidates?: number;
}

/** Entropy in bits of the distribution of `keys` (each draw's answer). */
function entropyBits(keys: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const f = n / keys.length;
    h -= f * Math.log2(f);
  }
  return h;
}

/**
 * Per draw, per candidate cell: the label of the ship covering it (-1: water). Labels are fleet
 * indices for named ships; a ship the draw leaves unnamed (no name told yet) takes the label of
 * the first fleet ship of its length, since which of equal ships the referee names says nothing
 * about where ships are.
 */
function ownersOf(position: Position, layouts: NamedLayout[], candidates: number[]): Int16Array[] {
  const { fleet } = position.rules;
  const names = fleetNameIndex(position.rules);
  const at = new Int32Array(position.cells.length).fill(-1);
  candidates.forEach((c, i) => (at[c] = i));
  return layouts.map((layout) => {
    const owner = new Int16Array(candidates.length).fill(-1);
    layout.ships.forEach((cells, s) => {
      const name = layout.names[s];
      const label =
        name !== undefined ? names.get(name)! : fleet.findIndex((f) => f.length === cells.length);
      for (const x of cells) if (at[x]! >= 0) owner[at[x]!] = label;
    });
    return owner;
  });
}

/** The answer's key for one draw, given per fleet label how many chosen cells it covers. */
function answerKey(kind: VolleyAnswerKind, counts: Int16Array): string {
  if (kind === 'volley-count') {
    let sum = 0;
    for (const n of counts) sum += n;
    return String(sum);
  }
  if (kind === 'volley-ships') return counts.map((n) => (n > 0 ? 1 : 0)).join('');
  return counts.join(',');
}

/** The volley chosen as described at the top of the file; null when the sampler refuses. */
export function infoVolley(
  position: Position,
  p: ArrayLike<number>,
  size: number,
  kind: VolleyAnswerKind,
  random: Random,
  options: InfoKOptions = {},
): number[] | null {
  const weight = options.weight ?? INFO_WEIGHT;
  const draws = options.draws ?? INFO_DRAWS;
  const candidates = topCells(position, p, Math.max(options.candidates ?? INFO_CANDIDATES, size));
  if (candidates.length <= size) return candidates;
  let layouts: NamedLayout[];
  try {
    const sampler = layoutSampler(position, { maxBytes: OBSERVATIONS_MAX_BYTES });
    layouts = Array.from({ length: draws }, () => sampler.drawNamed(random));
  } catch {
    return null;
  }
  // Reading order among the candidates, so equal scores go to the first cell.
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[a]! - candidates[b]!);
  const owners = ownersOf(position, layouts, candidates);
  const fleetSize = position.rules.fleet.length;
  const counts = layouts.map(() => new Int16Array(fleetSize));
  const taken = new Uint8Array(candidates.length);
  const keys: string[] = new Array<string>(layouts.length);
  const chosen: number[] = [];
  for (let step = 0; step < size; step++) {
    let best = -1;
    let bestScore = -Infinity;
    for (const i of order) {
      if (taken[i]) continue;
      for (let d = 0; d < layouts.length; d++) {
        const label = owners[d]![i]!;
        const row = counts[d]!;
        if (label >= 0) row[label]!++;
        keys[d] = answerKey(kind, row);
        if (label >= 0) row[label]!--;
      }
      const score = p[candidates[i]!]! + weight * entropyBits(keys);
      if (best < 0 || score > bestScore + 1e-12 * Math.abs(bestScore)) {
        best = i;
        bestScore = score;
      }
    }
    taken[best] = 1;
    chosen.push(candidates[best]!);
    for (let d = 0; d < layouts.length; d++) {
      const label = owners[d]![best]!;
      if (label >= 0) counts[d]![label]!++;
    }
  }
  return chosen;
}

/** info-k with the defaults (the registry's), or another weight, draws or candidates (experiments). */
export function infoKStrategy(options: InfoKOptions = {}): Strategy {
  return {
    ...strategyInfo('info-k'),
    create: ({ posteriors, answers, random }) => ({
      next: (position) => topCells(position, posteriors.get(position).p, 1)[0]!,
      volley: (position, size) => {
        const { p } = posteriors.get(position);
        if (size > 1 && answers !== undefined && isVolleyAnswer(answers)) {
          const cells = infoVolley(position, p, size, answers, random, options);
          if (cells) return cells;
        }
        return topCells(position, p, size);
      },
    }),
  };
}
