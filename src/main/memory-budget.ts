// The memory budget of a solve: how many bytes one job on the pool may hold. Every pool job that
// solves (solve, propose, each chunk of a simulation) takes the same per-thread share.

import { totalmem } from 'node:os';
import type { JobPool } from './pool';

/** The most memory any one solve may hold, whatever the machine (see core/solve/memory.ts). */
export const MAX_SOLVE_BYTES = 8 * 2 ** 30;
/**
 * The most one solve may hold on the command line: a command is often one of several processes
 * on the machine (scripts, a batch beside the app), so it takes less than the app may.
 */
export const CLI_MAX_SOLVE_BYTES = 2 * 2 ** 30;
const MIN_SOLVE_BYTES = 256 * 2 ** 20;

/**
 * Memory this process may use: its control group's limit when one is set (a container, a
 * systemd slice), else the computer's memory. Worker threads share the process, so a solve that
 * passed this would take the whole app down with it.
 */
export function availableMemory(): number {
  const constrained = process.constrainedMemory();
  const total = totalmem();
  return constrained > 0 && constrained < total ? constrained : total;
}

/**
 * The memory budget of one DP solve on a pool of `threads`, in bytes: half of the memory
 * available shared by the threads (each may be solving at once), within MIN_SOLVE_BYTES and
 * `cap`, and never more than half the memory available whatever the floor says.
 * The DP counts its buffers against it and refuses before allocating past it.
 */
export function solveMemoryBudget(
  threads: number,
  availableBytes = availableMemory(),
  cap = MAX_SOLVE_BYTES,
): number {
  const half = Math.floor(availableBytes / 2);
  const share = Math.floor(half / Math.max(1, threads));
  return Math.min(half, Math.max(MIN_SOLVE_BYTES, Math.min(cap, share)));
}

/**
 * The budget of one solve on `pool` (its own cap when it has one): what its memory plan leaves
 * the DP (memory-plan.ts), or for a pool without one a share of the memory available.
 */
export function poolSolveBudget(pool: JobPool): number {
  const plan = pool.memoryPlan?.();
  if (plan) return Math.min(plan.dpBytes, pool.maxSolveBytes ?? MAX_SOLVE_BYTES);
  return solveMemoryBudget(pool.threads, availableMemory(), pool.maxSolveBytes);
}
