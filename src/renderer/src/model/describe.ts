// Short human descriptions of stored things, for lists and tables.

import { cellName } from '../../../core/rules';
import type { GameSummary, PositionJson, RulesJson } from '../../../shared/api';

export function describeRules(rules: RulesJson): string {
  if ('preset' in rules) return rules.preset;
  const fleet = rules.fleet.map((f) => (typeof f === 'number' ? f : f.length)).join(',');
  return `${rules.width}x${rules.height} · ${fleet} · ${rules.touch}`;
}

export function describePosition(p: PositionJson): string {
  let miss = 0;
  let hit = 0;
  for (const row of p.board) {
    for (const ch of row) {
      if (ch === 'o') miss++;
      else if (ch === 'x') hit++;
    }
  }
  return `${miss} miss${miss === 1 ? '' : 'es'}, ${hit} hit${hit === 1 ? '' : 's'}, ${p.sunk.length} sunk`;
}

export function cellText(cell: [number, number] | null): string {
  return cell ? cellName(cell[0], cell[1]) : '–';
}

export function shortDate(iso: string | null): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Where a listed game stands: the outcome the user recorded, else "finished" once every ship is
 * sunk (nothing is left to play), else "in progress".
 */
export function gameState(g: Pick<GameSummary, 'outcome' | 'allSunk'>): string {
  return g.outcome ?? (g.allSunk ? 'finished' : 'in progress');
}

/** A listed game can be continued: nobody recorded its end and a ship is still afloat. */
export function canContinue(g: Pick<GameSummary, 'outcome' | 'allSunk'>): boolean {
  return g.outcome === null && !g.allSunk;
}
