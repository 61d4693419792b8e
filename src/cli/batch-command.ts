// `broadside batch [--db PATH] [--solver NAME] [--json] [--threads N] [--timeout SECONDS]`:
// solves every saved position not yet solved with the solver, on the worker pool, storing each
// result as it comes (README, "Batch solving"). Killed or interrupted, it resumes on the next run.
// It is a client of the API's batch methods like the Library view: batchStart, then batchProgress
// until the run has stopped, and batchCancel (as "interrupted") on Ctrl+C or SIGTERM.

import { InputError } from '../core/errors';
import { SOLVER_NAMES, TIMEOUT_RANGE_MS, type BatchStatus } from '../shared/api';
import type { Command } from './command';
import { solverOption } from './options';
import {
  ApiCallError,
  callApi,
  dbOption,
  noPositionals,
  memoryArg,
  memoryOption,
  threadsArg,
  threadsOption,
  withServices,
} from './services';

// Polling, not a progress hook: the command stays a plain client of the contract, as the app's
// transports are, and one status read (one row by its key) every 50 ms costs nothing next to a
// solve, while a hook would be a side door into the implementation just for this command.
const POLL_MS = 50;

function bar(s: BatchStatus, t0: number): string {
  const todo = s.total - s.skipped;
  const done = s.solved + s.failed;
  const width = 30;
  const filled = todo === 0 ? width : Math.round((done / todo) * width);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const failed = s.failed ? `, ${s.failed} failed` : '';
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${todo}${failed}  ${secs} s `;
}

export const batchCliCommand: Command = {
  name: 'batch',
  usage:
    'batch [--db PATH] [--solver NAME] [--json] [--threads N] [--memory MB] [--timeout SECONDS]',
  summary: 'solves every saved position not yet solved with the solver (resumable)',
  details: `Solvers: ${SOLVER_NAMES.join(', ')} (default auto).`,
  options: {
    ...dbOption,
    ...threadsOption,
    ...memoryOption,
    solver: { type: 'string' },
    json: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  async run(args) {
    noPositionals('batch', args);
    const solver = solverOption(args.values.solver);
    const threads = threadsArg(args);
    const memoryBytes = memoryArg(args.values.memory);
    let timeoutMs: number | undefined;
    if (args.values.timeout !== undefined) {
      // The API's range for `timeoutMs`, in seconds, checked here to name the option.
      const { min, max } = TIMEOUT_RANGE_MS;
      timeoutMs = Math.round(Number(args.values.timeout) * 1000);
      if (!(timeoutMs >= min && timeoutMs <= max)) {
        throw new InputError(
          '--timeout',
          `must be from ${min / 1000} to ${max / 1000} seconds, got ${String(args.values.timeout)}`,
        );
      }
    }
    const showBar = process.stderr.isTTY === true;
    const t0 = performance.now();
    const controller = new AbortController();
    const interrupt = (): void => controller.abort();
    // `on`, not `once`: a Ctrl+C may arrive twice (from the terminal and passed on by
    // bin/broadside.mjs), and the repeat must not kill the batch while it stops cleanly.
    process.on('SIGINT', interrupt);
    process.on('SIGTERM', interrupt);
    try {
      const report = await withServices(
        args,
        { threads, memoryBytes, mustExist: true, graphs: true },
        async (services) => {
          const api = services.api();
          const [last] = await callApi(api, 'batchList', { limit: 1, solver });
          const unfinished = last?.state === 'interrupted' || last?.state === 'failed';
          if (last && unfinished && !args.values.json) {
            const done = last.skipped + last.solved;
            console.log(
              `resuming: batch ${last.id} with ${solver} was ${last.state} after ` +
                `${done} of ${last.total} positions`,
            );
          }
          let status = await callApi(api, 'batchStart', { solver, timeoutMs });
          const { id } = status;
          let stopping: Promise<BatchStatus> | undefined;
          const stop = (): void => {
            stopping ??= callApi(api, 'batchCancel', { id, state: 'interrupted' });
          };
          if (controller.signal.aborted) stop();
          else controller.signal.addEventListener('abort', stop, { once: true });
          for (;;) {
            if (showBar) process.stderr.write(bar(status, t0));
            if (status.state !== 'running') break;
            await new Promise((r) => setTimeout(r, POLL_MS));
            status = await callApi(api, 'batchProgress', { id });
          }
          if (stopping) status = await stopping;
          if (status.state === 'failed') {
            throw new ApiCallError(
              status.error ?? { name: 'InternalError', message: `batch ${id} failed` },
            );
          }
          return status;
        },
      );
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
            `${report.failed} failed, in ${(report.ms / 1000).toFixed(1)} s on ${report.threads ?? 0} worker thread(s)`,
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
