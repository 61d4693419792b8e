// The recorded game as a table: one row per shot, ours and theirs taken in turn (the logs hold
// no times, so shot k of each side share a turn), each with its cell and answer, a sinking
// naming the ship when the player named it.

import { isVolleyJson } from '../../../core/game-log';
import type { VolleyJson } from '../../../core/observations';
import { parseRules } from '../../../core/rules-json';
import { cellName } from '../../../core/rules';
import type { GameLogJson } from '../../../shared/api';
import { shipLabel } from './board-model';

export interface ShotRow {
  side: 'me' | 'them';
  /** 1-based number of the shot within its side's log. */
  n: number;
  cell: string;
  result: string;
}

/** A volley's cells and its aggregated answer, as one row. */
function volleyRow(v: VolleyJson): { cell: string; result: string } {
  const answer =
    'hits' in v
      ? Object.entries(v.hits)
          .map(([ship, n]) => `${ship} ${n}`)
          .join(', ') || 'no hit'
      : 'hitShips' in v
        ? v.hitShips.join(', ') || 'no hit'
        : `${v.hitCount} hit${v.hitCount === 1 ? '' : 's'}`;
  const sunk = v.sunk?.length ? `; sunk: ${v.sunk.join(', ')}` : '';
  return { cell: v.cells.map(([r, c]) => cellName(r, c)).join(' '), result: `${answer}${sunk}` };
}

function rowsOf(log: GameLogJson, side: ShotRow['side']): ShotRow[] {
  const fleet = parseRules(log.rules).fleet;
  return log.shots.map((shot, k) => {
    if (isVolleyJson(shot)) return { side, n: k + 1, ...volleyRow(shot.volley) };
    let result: string = shot.result;
    if (shot.result === 'sunk') {
      const ship = shot.ship === undefined ? undefined : fleet[shot.ship];
      result = ship
        ? `sunk: ${shipLabel(ship.length, ship.name)}`
        : `sunk: a ship of ${shot.sunk?.length ?? '?'}`;
    } else if (shot.result === 'hit' && shot.ship !== undefined && fleet[shot.ship]?.name) {
      result = `hit: ${fleet[shot.ship]!.name}`;
    }
    return { side, n: k + 1, cell: cellName(shot.cell[0], shot.cell[1]), result };
  });
}

/** Our shots and theirs, in turn: our 1st, their 1st, our 2nd, ... */
export function shotRows(mine: GameLogJson, theirs: GameLogJson | null): ShotRow[] {
  const a = rowsOf(mine, 'me');
  const b = theirs ? rowsOf(theirs, 'them') : [];
  const rows: ShotRow[] = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    if (a[k]) rows.push(a[k]!);
    if (b[k]) rows.push(b[k]!);
  }
  return rows;
}
