// One worker thread's view of the process's graphs: the flat graphs its jobs receive (shared
// memory, graph-store.ts), made ready once per rule set with this thread's WebAssembly kernel,
// and one set of held values (core/solve/graph/held.ts) for the rule set solved last, so that a
// position one shot away from the previous one (a game being played or simulated, the solves
// ahead of a click) costs one pass. The held values live in the kernel's memory, in this thread's
// slot (core/solve/graph/shared-memory.ts), and are reused, not freed, when the rules change: a
// thread holds at most one set, as large as its largest graph. Each rule set's arrays are cut from
// the full-capacity ones, never from the last rule set's cut, so any order of rule sets fits.

import { threadId } from 'node:worker_threads';
import { graphKey } from '../../core/solve/graph/graph';
import type { HeldValues } from '../../core/solve/graph/held';
import type { PassKernel } from '../../core/solve/graph/kernel';
import type { GraphProvider } from '../../core/solve/options';
import type { PreparedGraph } from '../../core/solve/graph/prepare';
import type { Rules } from '../../core/rules';
import type { GraphObject } from './graph-file';
import { kernelCache } from '../../core/solve/graph/shared-memory';
import { preparedFromFlat } from '../../core/solve/graph/transfer';
import { HOLD_PLAN_FIELD, claimHolding, plannedStates } from '../memory-plan';

interface ThreadGraph {
  prepared: PreparedGraph;
  memory: WebAssembly.Memory | undefined;
  memoryId: string | undefined;
}

/** The held arrays at their full capacity (states), in one kernel's memory. */
interface HeldRoom {
  kernel: PassKernel;
  capacity: number;
  forward: Float64Array;
  backward: Float64Array;
}

const PAGE = 65536;

export class ThreadGraphs implements GraphProvider {
  readonly #kernelOf;
  /** This thread's id: the owner of its slots and of its holding place. */
  readonly #owner: number;
  readonly #graphs = new Map<string, ThreadGraph>();
  #room: HeldRoom | undefined;
  /** The held values and the graph they belong to. */
  #held: { key: string; values: HeldValues } | undefined;
  /** Held values could not be allocated (the memory is full): solves run without them. */
  #noRoom = false;
  /** The pool's memory plan's holding places (memory-plan.ts), once a graph brought them. */
  #holdPlan: Int32Array | undefined;
  /** This thread took one of the plan's holding places (it keeps it). */
  #holding = false;

  /** `owner`: the thread id a slot is claimed for in each graph memory (this thread's). */
  constructor(owner: number = threadId) {
    this.#owner = owner;
    this.#kernelOf = kernelCache(owner);
  }

  /**
   * Makes a graph a job brought known to this thread (its first copy is kept, until a copy comes
   * with the kept empty-board values the pool attached since).
   */
  offer(flat: GraphObject): void {
    const { [HOLD_PLAN_FIELD]: plan, ...graph } = flat;
    if (plan instanceof Int32Array) this.#holdPlan ??= plan;
    const key = graph['key'];
    const known = typeof key === 'string' ? this.#graphs.get(key) : undefined;
    const newlyKept = !known?.prepared.empty && graph['keptForward'] instanceof Float64Array;
    if (typeof key === 'string' && (!known || newlyKept)) {
      const { memory, memoryId } = graph;
      this.#graphs.set(key, {
        prepared: preparedFromFlat(graph, this.#kernelOf),
        memory: memory instanceof WebAssembly.Memory ? memory : undefined,
        memoryId: typeof memoryId === 'string' ? memoryId : undefined,
      });
    }
  }

  graphFor(rules: Rules): PreparedGraph | undefined {
    const key = graphKey(rules);
    const known = this.#graphs.get(key);
    if (!known) return undefined;
    const held = this.#heldFor(key, known);
    return held ? { ...known.prepared, held } : known.prepared;
  }

  /** The slot this thread holds in the memory of the graph with `key` (tests, diagnostics). */
  slotFor(key: string): number | undefined {
    const id = this.#graphs.get(key)?.memoryId;
    return id === undefined ? undefined : this.#kernelOf.slotOf(id)?.index;
  }

  #heldFor(key: string, known: ThreadGraph): HeldValues | undefined {
    const { prepared } = known;
    const kernel = prepared.kernel;
    // Held values only in the kernel's memory.
    if (!kernel || !known.memory || this.#noRoom) return undefined;
    const current = this.#held;
    if (current?.key === key && current.values.kernel === kernel) return current.values;
    const states = prepared.graph.states;
    let room = this.#room;
    if (!room || room.kernel !== kernel || room.capacity < states) {
      // Held values where the pool's memory plan gives this thread a place (a place taken is
      // kept); without a plan (a graph sent by a caller that has none), with kept values only.
      const planned = this.#holding
        ? plannedStates(this.#holdPlan!)
        : this.#holdPlan
          ? claimHolding(this.#holdPlan, this.#owner)
          : prepared.empty
            ? states
            : 0;
      if (planned === 0) return undefined;
      this.#holding = this.#holdPlan !== undefined;
      try {
        room = this.#makeRoom(known, kernel, Math.max(planned, states));
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        this.#noRoom = true;
        return undefined;
      }
      this.#room = room;
    }
    // Nothing held is valid for this graph yet (masks null): the first solve starts from the
    // kept values, or from nothing without them.
    const values: HeldValues = {
      masks: null,
      forward: room.forward.subarray(0, states),
      backward: room.backward.subarray(0, states),
      startMass: new Float64Array(0),
      kernel,
      narrow: true,
    };
    this.#held = { key, values };
    return values;
  }

  /** Held arrays for `states` states: the slot's region (or new pages when there is no slot). */
  #makeRoom(known: ThreadGraph, kernel: PassKernel, states: number): HeldRoom {
    const memory = known.memory!;
    const bytes = 2 * 8 * states;
    const slot = known.memoryId === undefined ? undefined : this.#kernelOf.slotOf(known.memoryId);
    const region = slot
      ? slot.region('held', bytes)
      : { at: memory.grow(Math.ceil(bytes / PAGE)) * PAGE, bytes };
    const capacity = Math.floor(region.bytes / 16);
    return {
      kernel,
      capacity,
      forward: new Float64Array(memory.buffer, region.at, capacity),
      backward: new Float64Array(memory.buffer, region.at + 8 * capacity, capacity),
    };
  }
}
