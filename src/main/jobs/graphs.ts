// The state graphs one worker thread keeps (one copy per thread for now): asked for a rule set it
// has not got, it answers "not yet" (the DP solves meanwhile) and builds the graph in slices of a
// few tens of milliseconds between tasks, on this thread's event loop, so a solve that arrives
// mid-build waits at most one slice. Every graph comes out of one byte budget per thread; a
// rule set whose graph would not fit is refused before allocating and left to the DP for good.

import type { Rules } from '../../core/rules';
import { graphKey } from '../../core/solve/graph/graph';
import {
  prepareSteps,
  type GraphProvider,
  type PreparedGraph,
} from '../../core/solve/graph/prepare';

/** Default bytes of graphs and kept values per worker thread: the three 10x10 presets fit. */
export const THREAD_GRAPH_BYTES = 1.5 * 2 ** 30;
/** How long one slice of a build may run before yielding to the thread's tasks. */
const SLICE_MS = 30;

export type GraphState =
  | { state: 'ready'; graph: PreparedGraph }
  | { state: 'building' }
  | { state: 'refused'; why: string }
  | { state: 'absent' };

export class ThreadGraphs implements GraphProvider {
  private readonly ready = new Map<string, PreparedGraph>();
  private readonly refused = new Map<string, string>();
  private building: string | null = null;
  private used = 0;

  constructor(
    private readonly budget = THREAD_GRAPH_BYTES,
    /** Runs a slice later on this thread (setImmediate; tests may pass their own). */
    private readonly later: (slice: () => void) => void = (slice) => setImmediate(slice),
  ) {}

  graphFor(rules: Rules): PreparedGraph | undefined {
    const key = graphKey(rules);
    const graph = this.ready.get(key);
    if (graph) return graph;
    if (this.building === null && !this.refused.has(key)) this.build(rules, key);
    return undefined;
  }

  stateOf(rules: Rules): GraphState {
    const key = graphKey(rules);
    const graph = this.ready.get(key);
    if (graph) return { state: 'ready', graph };
    if (this.building === key) return { state: 'building' };
    const why = this.refused.get(key);
    return why === undefined ? { state: 'absent' } : { state: 'refused', why };
  }

  /** Builds one graph at a time, in slices; what is left of the budget bounds it. */
  private build(rules: Rules, key: string): void {
    this.building = key;
    const steps = prepareSteps(rules, this.budget - this.used);
    const slice = (): void => {
      const t0 = performance.now();
      try {
        for (;;) {
          const step = steps.next();
          if (step.done) {
            this.ready.set(key, step.value);
            this.used += step.value.bytes;
            this.building = null;
            return;
          }
          if (performance.now() - t0 > SLICE_MS) break;
        }
      } catch (e) {
        this.refused.set(key, e instanceof Error ? e.message : String(e));
        this.building = null;
        return;
      }
      this.later(slice);
    };
    this.later(slice);
  }
}

/** This worker thread's graphs (module state of a worker is per thread). */
export const threadGraphs = new ThreadGraphs();
