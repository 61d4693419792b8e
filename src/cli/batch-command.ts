// `broadside batch [--db PATH] [--solver NAME] [--json] [--threads N] [--timeout SECONDS]`:
// solves every saved position not yet solved with the solver, on the worker pool, storing each
// result as it comes (README, "Batch solving"). Killed or interrupted, it resumes on the next run.

import { InputError } from '../core/errors';
import { STOP_INTERRUPTED, runBatch } from '../main/api/batch';
import { lastRun } from '../main/store/batch-runs';
import type { Db } from '../main/store/open';
import { solverName } from '../shared/api';
import type { BatchStatus } from '../shared/records';
import type { Command } from './command';
import { dbOption, noPositionals, threadsArg, threadsOption, withServices } from './services';

function bar(s: BatchStatus, t0: number): string {
  const todo = s.total - s.skipped;
  const done = s.solved + s.failed;
  const width = 30;
  const filled = todo === 0 ? width : Math.round((done / todo) * width);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const failed = s.failed ? `, ${s.failed} failed` : '';
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${todo}${failed}  ${secs} s `;
}

/** The last run with this solver, when it did not finish (killed, interrupted, failed). */
export function unfinishedRun(db: Db, solver: string): BatchStatus | undefined {
  const last = lastRun(db, solver);
  return last && (last.state === 'interrupted' || last.state === 'failed') ? last : undefined;
}

export const batchCliCommand: Command = {
  name: 'batch',
  usage: 'batch [--db PATH] [--solver NAME] [--json] [--threads N] [--timeout SECONDS]',
  summary: 'solves every saved position not yet solved with the solver (resumable)',
  options: {
    ...dbOption,
    ...threadsOption,
    solver: { type: 'string' },
    json: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  async run(args) {
    noPositionals('batch', args);
    const solver = solverName.parse(args.values.solver ?? 'auto', '--solver');
    const threads = threadsArg(args);
    let timeoutMs: number | undefined;
    if (args.values.timeout !== undefined) {
      const secs = Number(args.values.timeout);
      if (!Number.isFinite(secs) || secs <= 0) {
        throw new InputError(
          '--timeout',
          `must be a positive number of seconds, got ${String(args.values.timeout)}`,
        );
      }
      timeoutMs = secs * 1000;
    }
    const showBar = process.stderr.isTTY === true;
    const t0 = performance.now();
    const controller = new AbortController();
    const interrupt = (): void => controller.abort(STOP_INTERRUPTED);
    // `on`, not `once`: a Ctrl+C may arrive twice (from the terminal and passed on by
    // bin/broadside.mjs), and the repeat must not kill the batch while it stops cleanly.
    process.on('SIGINT', interrupt);
    process.on('SIGTERM', interrupt);
    try {
      const report = await withServices(args, { threads }, ({ db, pool }) => {
        const unfinished = unfinishedRun(db, solver);
        if (unfinished && !args.values.json) {
          const done = unfinished.skipped + unfinished.solved;
          console.log(
            `resuming: batch ${unfinished.id} with ${solver} was ${unfinished.state} after ` +
              `${done} of ${unfinished.total} positions`,
          );
        }
        return runBatch(db, pool(), {
          solver,
          timeoutMs,
          signal: controller.signal,
          onProgress: showBar ? (s) => process.stderr.write(bar(s, t0)) : undefined,
        });
      });
      if (showBar) process.stderr.write('\n');
      const summary = {
        solved: report.solved,
        skipped: report.skipped,
        failed: report.failed,
        ms: Math.round(report.ms),
      };
      if (args.values.json) console.log(JSON.stringify(summary));
      else {
        console.log(
          `${report.solved} solved, ${report.skipped} skipped (already solved with ${solver}), ` +
            `${report.failed} failed, in ${(report.ms / 1000).toFixed(1)} s on ${report.threads} worker thread(s)`,
        );
      }
      if (report.state === 'interrupted') {
        console.error('broadside: interrupted; run the same command again to resume');
        return 130;
      }
      return report.failed > 0 ? 1 : 0;
    } finally {
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', interrupt);
    }
  },
};
