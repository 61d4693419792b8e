// Import and export: bundles of positions and games (JSON text in and out) and the heatmap of a
// position as CSV; and, for a caller in this process (the command line), a bundle of any size
// read from chunks and the library's bundle written out a piece at a time.

import { parsePosition } from '../../core/position';
import { columnName } from '../../core/rules';
import type { SolveResultWire } from '../../core/solve/result';
import { importInWorker } from '../import-runner';
import {
  bundleLines,
  exportBundle,
  importRecords,
  type ExportSelection,
  type ImportOutcome,
} from '../store/bundle';
import { importStream } from '../store/bundle-import';
import { getPosition } from '../store/positions';
import { listSolves, getStoredResult, putSolveIfCurrent } from '../store/solve-results';
import { resultMismatch } from '../store/result-fit';
import { write } from '../store/sql';
import { InputError } from '../../core/errors';
import type { ImportSummary } from '../../shared/records';
import type { Db } from '../store/open';
import type { ApiContext } from './context';
import type { HandlersFor } from './handlers';
import { solveOnPool } from './solve';

/**
 * The heatmap as CSV: a header row (blank corner, then column letters A, B, ...), then one row
 * per board row (its number 1, 2, ..., then the probability of a ship in each cell, 0..1, full
 * precision; misses 0, hits and sunk cells 1).
 */
export function heatmapCsv(r: SolveResultWire): string {
  const header = ['', ...Array.from({ length: r.width }, (_, c) => columnName(c))];
  const rows = r.probabilities.map((row, i) => [String(i + 1), ...row.map(String)]);
  return `${[header, ...rows].map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/**
 * What an import answers: its summary, with the learned priors of the opponents whose fleets
 * its games fired at scheduled to be learned again.
 */
export function importedSummary(ctx: ApiContext, { summary, firedAt }: ImportOutcome) {
  // Asked for at the desk: learned at once, not after play pauses.
  for (const id of firedAt) ctx.priorUpdates.schedule(id, { now: true });
  return { ...summary, relearning: firedAt.length };
}

/**
 * importBundle for a bundle or a JSON record of any size, read a chunk at a time (all or
 * nothing, as importBundle): the summary, with the learned priors it makes stale scheduled to
 * be learned again. Errors are thrown as the store's import throws them.
 */
export async function importChunks(
  ctx: ApiContext,
  chunks: AsyncIterable<string>,
  name?: string,
): Promise<ImportSummary> {
  return importedSummary(ctx, await importStream(ctx.db, chunks, name));
}

/**
 * The bundle of the library (or of `selection`) written to `write` a line at a time inside one
 * read transaction: a consistent snapshot of a library of any size, in bounded memory.
 */
export function writeBundle(
  db: Db,
  selection: ExportSelection,
  write: (text: string) => void,
): void {
  db.transaction(() => {
    for (const line of bundleLines(db, selection)) write(line);
  })();
}

/** Bundles up to this many characters are imported on the main thread (a few milliseconds). */
export const IMPORT_HERE_CHARS = 256 * 1024;

export function ioApi(
  ctx: ApiContext,
): HandlersFor<'importBundle' | 'exportBundle' | 'exportHeatmapCsv'> {
  const { db } = ctx;
  return {
    // A large import (seconds of parsing and writing) runs on its own thread and connection; a
    // small one (milliseconds) here, where starting a thread would cost more than it; a library
    // in memory has no file another connection could open.
    importBundle: async (p) =>
      importedSummary(
        ctx,
        p.text.length <= IMPORT_HERE_CHARS || db.memory
          ? importRecords(db, p.text, p.name)
          : await importInWorker({ dbPath: ctx.dbPath, text: p.text, defaultName: p.name }),
      ),
    exportBundle: (p) => ({ text: exportBundle(db, p) }),
    async exportHeatmapCsv(p, call) {
      if ((p.position === undefined) === (p.positionId === undefined)) {
        throw new InputError('exportHeatmapCsv', 'needs either a position or a positionId');
      }
      if (p.position) {
        const { wire } = await solveOnPool(ctx, {
          position: parsePosition(p.position),
          solver: p.solver ?? 'auto',
          signal: call.signal,
        });
        return { csv: heatmapCsv(wire) };
      }
      const saved = getPosition(db, p.positionId!);
      // A stored solve: with the solver asked for, else any successful one.
      let stored = p.solver ? getStoredResult(db, saved.id, p.solver) : null;
      if (!p.solver) {
        const any = listSolves(db, { positionIds: [saved.id] }).items.find((s) => s.ok);
        if (any) stored = getStoredResult(db, saved.id, any.solver);
      }
      // Only a result of this board (a row edited by hand, or left by an older version, is not).
      if (stored && resultMismatch(stored, parsePosition(saved.position)) === null) {
        return { csv: heatmapCsv(stored) };
      }
      const solver = p.solver ?? 'auto';
      const { wire, thread } = await solveOnPool(ctx, {
        position: parsePosition(saved.position),
        solver,
        signal: call.signal,
      });
      write(db, () =>
        putSolveIfCurrent(db, saved.position, {
          positionId: saved.id,
          solver,
          result: wire,
          ms: wire.ms,
          worker: thread,
        }),
      );
      return { csv: heatmapCsv(wire) };
    },
  };
}
