// One worker thread's view of the process's graphs: the flat graphs its jobs receive (shared
// memory, graph-store.ts), made ready once per rule set with this thread's WebAssembly kernel,
// and one set of held values (core/solve/graph/held.ts) for the rule set solved last, so that a
// position one shot away from the previous one (a game being played or simulated, the solves
// ahead of a click) costs one pass. The held values live in the kernel's memory and are reused,
// not freed, when the rules change: a thread holds at most one set, as large as its largest.

import { graphKey } from '../../core/solve/graph/graph';
import { holdValues, type HeldValues } from '../../core/solve/graph/held';
import { typescriptKernel } from '../../core/solve/graph/kernel';
import type { GraphProvider, PreparedGraph } from '../../core/solve/graph/prepare';
import type { Rules } from '../../core/rules';
import type { GraphObject } from './graph-file';
import { kernelCache } from './graph-memory';
import { preparedFromFlat } from './graph-transfer';
import { HOLD_PLAN_FIELD, claimHolding, plannedStates } from '../memory-plan';

export class ThreadGraphs implements GraphProvider {
  readonly #kernelOf = kernelCache();
  readonly #graphs = new Map<string, PreparedGraph>();
  /** The held values, the graph they belong to and the states their arrays can take. */
  #held: { key: string; values: HeldValues; capacity: number } | undefined;
  /** Held values could not be allocated (the memory is full): solves run without them. */
  #noRoom = false;
  /** The pool's memory plan's holding places (memory-plan.ts), once a graph brought them. */
  #holdPlan: Int32Array | undefined;
  /** This thread took one of the plan's holding places (it keeps it). */
  #holding = false;

  /** Makes a graph a job brought known to this thread (its first copy is kept). */
  offer(flat: GraphObject): void {
    const { [HOLD_PLAN_FIELD]: plan, ...graph } = flat;
    if (plan instanceof Int32Array) this.#holdPlan ??= plan;
    const key = graph['key'];
    if (typeof key === 'string' && !this.#graphs.has(key)) {
      this.#graphs.set(key, preparedFromFlat(graph, this.#kernelOf));
    }
  }

  graphFor(rules: Rules): PreparedGraph | undefined {
    const key = graphKey(rules);
    const prepared = this.#graphs.get(key);
    if (!prepared) return undefined;
    const held = this.#heldFor(key, prepared);
    return held ? { ...prepared, held } : prepared;
  }

  #heldFor(key: string, prepared: PreparedGraph): HeldValues | undefined {
    const { graph } = prepared;
    const kernel = prepared.kernel ?? typescriptKernel;
    const current = this.#held;
    if (current?.key === key && current.values.kernel === kernel) return current.values;
    if (current && current.values.kernel === kernel && current.capacity >= graph.states) {
      // Views of the whole arrays (the last ones may be shorter, for a smaller graph).
      const view = (a: Float64Array) => new Float64Array(a.buffer, a.byteOffset, graph.states);
      const values: HeldValues = {
        masks: null,
        forward: view(current.values.forward),
        backward: view(current.values.backward),
        startMass: new Float64Array(0),
        kernel,
      };
      this.#held = { key, values, capacity: current.capacity };
      return values;
    }
    // Held values in the kernel's memory only, where the pool's memory plan gives this thread a
    // place; without a plan (a graph sent by a caller that has none), with kept values only.
    if (this.#noRoom || !prepared.kernel) return undefined;
    const planned = this.#holding
      ? plannedStates(this.#holdPlan!)
      : this.#holdPlan
        ? claimHolding(this.#holdPlan)
        : prepared.empty
          ? 1
          : 0;
    if (planned === 0) return undefined;
    this.#holding = this.#holdPlan !== undefined;
    try {
      const values = holdValues(graph, kernel, planned);
      this.#held = { key, values, capacity: Math.max(planned, graph.states) };
      return values;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      this.#noRoom = true;
      return undefined;
    }
  }
}
