// Options every solver accepts, and the type of the graphs a caller hands them.

import type { Position } from '../position';
import type { Rules } from '../rules';
import type { CancelSignal } from './cancel';
import type { PreparedGraph } from './graph/prepare';

/** Whoever owns prepared graphs hands the solver the one for a rule set, or nothing. */
export interface GraphProvider {
  graphFor(rules: Rules): PreparedGraph | undefined;
}

export interface SolveOptions {
  /** Polled between units of work (cancel.ts). */
  signal?: CancelSignal;
  /** Called now and then with the fraction of work done, 0..1. */
  onProgress?: (fraction: number) => void;
  /** DP: refuse positions whose stored state count would pass this. */
  maxStates?: number;
  /**
   * DP: refuse, before allocating, positions whose buffers would pass this many bytes (default
   * 2 GiB; see solve/memory.ts).
   */
  maxBytes?: number;
  /** Stop with a BudgetError after this many milliseconds. */
  maxMs?: number;
  /**
   * State graphs the caller keeps (graph/prepare.ts): `auto` and `graph` solve through the one
   * for the position's rules when there is one.
   */
  graphs?: GraphProvider;
  /**
   * Graph engine with held values (a thread's, graph/held.ts): solve without moving them, so
   * that they stay on the position the user looks at (a solve ahead of a click). With `holdOn`
   * (that position), values held elsewhere are first moved there. A position the held values
   * cannot reach aside (another target: a sinking) moves them as usual.
   */
  aside?: { holdOn?: Position };
  /**
   * `auto` with a graph: always probe the enumeration first, as before the choice from a bound
   * on the layouts (auto-choice.ts); the same answers, for tests and benchmarks to compare.
   */
  probeFirst?: boolean;
}
