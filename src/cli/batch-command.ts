// `broadside batch [--db PATH] [--solver NAME] [--json] [--threads N] [--timeout SECONDS]`:
// solves every saved position not yet solved with the solver, on the worker pool, storing each
// result as it comes (README, "Batch solving"). Killed or interrupted, it resumes on the next run.
// It is a client of the API's batch methods like the Library view: batchStart, then batchProgress
// until the run has stopped, and batchCancel (as "interrupted") on Ctrl+C or SIGTERM.
// `auto` solves go through the state graphs of the data folder (graphs/ beside the library): a
// rule set whose file is there, or with positions enough to repay its build, has its graph ready
// before the run starts; the summary counts the positions a graph answered. `--no-graphs`
// refuses them: the DP answers.

import { InputError } from '../core/errors';
import { parseRules } from '../core/rules-json';
import type { Rules } from '../core/rules';
import { graphKey } from '../core/solve/graph/graph';
import { getPosition } from '../main/store/positions';
import { unsolvedPositionIds } from '../main/store/solve-results';
import type { Db } from '../main/store/open';
import type { JobPool } from '../main/pool';
import { SOLVER_NAMES, TIMEOUT_RANGE_MS, type BatchStatus, type SolverName } from '../shared/api';
import type { ApiService } from '../main/api';
import type { Command } from './command';
import { awaitGraph, chooseGraph, noGraphsOption } from './graph-choice';
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

/** The rule sets of the positions the run will solve, with how many of each. */
function rulesToSolve(db: Db, solver: string): { rules: Rules; count: number }[] {
  const byKey = new Map<string, { rules: Rules; count: number }>();
  for (const id of unsolvedPositionIds(db, solver)) {
    let rules: Rules;
    try {
      rules = parseRules(getPosition(db, id).position.rules);
    } catch {
      continue; // the batch stores its own error for a position it cannot read
    }
    const entry = byKey.get(graphKey(rules)) ?? { rules, count: 0 };
    entry.count++;
    byKey.set(graphKey(rules), entry);
  }
  return [...byKey.values()];
}

/**
 * Before the run: each rule set's graph that the data folder has, or that enough positions repay
 * building, is read or built first, so that all their solves go through it (the pool would
 * otherwise start it at their first solve, and the DP answer the positions solved meanwhile).
 */
async function readyGraphs(
  db: Db,
  pool: JobPool,
  dbPath: string,
  solver: string,
  noGraphs: boolean,
): Promise<void> {
  if (solver !== 'auto' || noGraphs) return;
  for (const { rules, count } of rulesToSolve(db, solver)) {
    const choice = chooseGraph({}, rules, count, dbPath);
    if (choice.use) await awaitGraph(pool, rules, choice);
  }
}

/** How many of run `id`'s stored results the state graph answered (the rest: another solver). */
async function graphAnswered(api: ApiService, id: number, solver: SolverName): Promise<number> {
  let answered = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = await callApi(api, 'batchResults', { solver, offset, limit: 1000 });
    answered += page.items.filter((r) => r.batchId === id && r.solverUsed === 'graph').length;
    if (offset + page.items.length >= page.total || page.items.length === 0) return answered;
  }
}

export const batchCliCommand: Command = {
  name: 'batch',
  usage:
    'batch [--db PATH] [--solver NAME] [--json] [--threads N] [--memory MB] [--no-graphs] [--timeout SECONDS]',
  summary: 'solves every saved position not yet solved with the solver (resumable)',
  details: `Solvers: ${SOLVER_NAMES.join(', ')} (default auto).`,
  options: {
    ...dbOption,
    ...threadsOption,
    ...memoryOption,
    ...noGraphsOption,
    solver: { type: 'string' },
    json: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  async run(args) {
    noPositionals('batch', args);
    const solver = solverOption(args.values.solver);
    const threads = threadsArg(args);
    const memoryBytes = memoryArg(args.values.memory);
    const noGraphs = args.values['no-graphs'] === true;
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
        { threads, memoryBytes, mustExist: true, graphs: !noGraphs },
        async (services) => {
          const api = services.api();
          await readyGraphs(services.db, services.pool(), services.dbPath, solver, noGraphs);
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
          return { ...status, graphAnswered: await graphAnswered(api, id, solver) };
        },
      );
      if (showBar) process.stderr.write('\n');
      const summary = {
        solved: report.solved,
        skipped: report.skipped,
        failed: report.failed,
        ms: Math.round(report.ms),
        graphAnswered: report.graphAnswered,
      };
      const graphs = noGraphs ? 'refused by --no-graphs' : 'the rest by other solvers';
      if (args.values.json) console.log(JSON.stringify(summary));
      else {
        console.log(
          `${report.solved} solved, ${report.skipped} skipped (already solved with ${solver}), ` +
            `${report.failed} failed, in ${(report.ms / 1000).toFixed(1)} s on ${report.threads ?? 0} worker thread(s)`,
        );
        console.log(`${report.graphAnswered} answered by a state graph (${graphs})`);
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
