// What applying new rules to a board leaves behind. `withRules` keeps every mark, sunk ship,
// named hit and volley that still fits (marks by row and column); this names the rest, so the
// user is told what went rather than finding it missing later.

import { HIT, UNKNOWN } from '../../../core/position';
import { cellName } from '../../../core/rules';
import { sunkProblem, type BoardSnapshot } from './board-model';

function sameCells(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((c, k) => c === b[k]);
}

/** The lines to show after `from` became `to` under new rules (empty: nothing was lost). */
export function rulesChangeReport(from: BoardSnapshot, to: BoardSnapshot): string[] {
  const oldW = from.rules.width;
  const { width: W, height: H } = to.rules;
  const oldName = (c: number): string => cellName(Math.floor(c / oldW), c % oldW);
  const remap = (c: number): number => {
    const r = Math.floor(c / oldW);
    const col = c % oldW;
    return r < H && col < W ? r * W + col : -1;
  };
  const lines: string[] = [];

  let outside = 0;
  from.cells.forEach((m, c) => {
    if (m !== UNKNOWN && remap(c) < 0) outside++;
  });
  if (outside > 0) {
    lines.push(`${outside} mark${outside === 1 ? '' : 's'} outside the new ${W}×${H} board`);
  }

  from.sunk.forEach((ship, i) => {
    const where = `${oldName(ship[0]!)}${ship.length > 1 ? `–${oldName(ship[ship.length - 1]!)}` : ''}`;
    const moved = ship.map(remap);
    if (moved.some((c) => c < 0)) {
      lines.push(`the sunk ship on ${where} (off the new board)`);
      return;
    }
    const k = to.sunk.findIndex((s) => sameCells(s, moved));
    if (k < 0) {
      const why = sunkProblem(to, moved) ?? 'it no longer fits the fleet';
      lines.push(`the sunk ship on ${where}, now plain hits (${why})`);
      return;
    }
    const named = from.sunkShips?.[i];
    const label = named === undefined ? undefined : from.rules.fleet[named]?.name;
    if (label && to.rules.fleet[to.sunkShips?.[k] ?? -1]?.name !== label) {
      lines.push(`the name ${label} of the sunk ship on ${where} (no such ship now)`);
    }
  });

  for (const h of from.named ?? []) {
    const cell = remap(h.cell);
    const kept = cell >= 0 && (to.named ?? []).some((n) => n.cell === cell && n.ship === h.ship);
    if (kept) continue;
    const why =
      cell < 0 ? 'off the new board' : to.cells[cell] !== HIT ? 'no hit there' : 'no such ship now';
    lines.push(`the ${h.ship} named on the hit ${oldName(h.cell)} (${why})`);
  }

  (from.volleys ?? []).forEach((v, i) => {
    const cells = v.cells.map(remap);
    const kept = (to.volleys ?? []).some((t) => sameCells(t.cells, cells));
    if (!kept)
      lines.push(
        `volley ${i + 1} (${cells.some((c) => c < 0) ? 'off the new board' : 'its answer no longer fits the fleet'})`,
      );
  });

  return lines;
}
