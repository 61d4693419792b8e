// The memory plan (main/memory-plan.ts): its figures for the machines docs/engine.md names, what
// it guarantees (every thread solves in the WebAssembly memory; kept values only when a thread
// does not hold), and the holding places worker threads claim through it.

import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors';
import {
  PROCESS_BYTES,
  ResidentPlan,
  WASM_MAX_BYTES,
  budgetFromEnv,
  claimHolding,
  memoryPlan,
  plannedStates,
  type GraphSize,
  type MemoryPlan,
} from '../../src/main/memory-plan';

const MiB = 2 ** 20;
const GiB = 2 ** 30;

/** The presets' graphs (docs/engine.md): classic, Russian, margin. */
const PRESET_GRAPHS: GraphSize[] = [
  { states: 17_380_000, widestLayer: 312_628, bytes: 122 * MiB },
  { states: 35_410_000, widestLayer: 662_163, bytes: 57 * MiB },
  { states: 8_250_000, widestLayer: 162_922, bytes: 28 * MiB },
];

const planFor = (availableBytes: number, threads: number, budgetBytes?: number): MemoryPlan =>
  memoryPlan({
    availableBytes,
    threads,
    graphs: PRESET_GRAPHS,
    ...(budgetBytes === undefined ? {} : { budgetBytes }),
  });

/** What the WebAssembly memory holds under a plan, counted from its parts. */
function counted(plan: MemoryPlan, threads: number, graphs = PRESET_GRAPHS): number {
  const structures = graphs.reduce((s, g) => s + g.bytes, 0);
  const kept = plan.keptValues ? graphs.reduce((s, g) => s + 16 * g.states, 0) : 0;
  const { holding, other } = plan.threadBytes;
  return (
    structures + kept + plan.holdingThreads * holding + (threads - plan.holdingThreads) * other
  );
}

describe('the memory plan', () => {
  it('this machine, one solving thread: it holds, no kept values, about 1 GB planned', () => {
    const plan = planFor(24 * GiB, 1);
    expect(plan).toMatchObject({ holdingThreads: 1, keptValues: false, fits: true });
    expect(plan.holdStates).toBe(35_410_000); // Russian's, the largest
    // Graphs, Russian's held values and their scratch, and the process: under 1.6 GB.
    expect(plan.plannedBytes + PROCESS_BYTES).toBeLessThan(1.6e9);
    expect(plan.plannedBytes).toBe(counted(plan, 1));
    expect(plan.memoryMaxBytes).toBe(WASM_MAX_BYTES);
  });

  it('a 2-core 8 GB and a 4-core 8 GB machine: every thread holds', () => {
    for (const threads of [1, 3]) {
      const plan = planFor(8 * GiB, threads);
      expect(plan.budgetBytes).toBe(4 * GiB);
      expect(plan).toMatchObject({ holdingThreads: threads, keptValues: false, fits: true });
      expect(plan.plannedBytes).toBe(counted(plan, threads));
      expect(plan.plannedBytes).toBeLessThanOrEqual(plan.memoryMaxBytes);
    }
  });

  it('an 8-core 16 GB machine: past the 4 GiB of addresses, some threads solve from kept values', () => {
    const plan = planFor(16 * GiB, 7);
    expect(plan.memoryMaxBytes).toBe(WASM_MAX_BYTES);
    expect(plan.keptValues).toBe(true);
    expect(plan.holdingThreads).toBeGreaterThan(0);
    expect(plan.holdingThreads).toBeLessThan(7);
    expect(plan.plannedBytes).toBe(counted(plan, 7));
    expect(plan.plannedBytes).toBeLessThanOrEqual(plan.memoryMaxBytes);
    // One more holder would not fit.
    const oneMore = plan.plannedBytes + plan.threadBytes.holding - plan.threadBytes.other;
    expect(oneMore).toBeGreaterThan(plan.memoryMaxBytes);
  });

  it('a small budget: no thread holds, none falls outside the memory; too small refuses', () => {
    // A 1,500 MB cgroup limit: half of it.
    const limited = planFor(1500 * MiB, 1);
    expect(limited).toMatchObject({ holdingThreads: 0, keptValues: false, fits: true });
    expect(limited.plannedBytes).toBeLessThanOrEqual(limited.memoryMaxBytes);
    const tight = planFor(24 * GiB, 1, 700 * MiB);
    expect(tight.memoryMaxBytes).toBe(700 * MiB - PROCESS_BYTES);
    expect(tight).toMatchObject({ holdingThreads: 0, fits: true });
    expect(planFor(24 * GiB, 2, 600 * MiB).fits).toBe(false);
  });

  it('whatever the machine and threads, the plan fits its memory or says it does not', () => {
    for (const gb of [1, 2, 4, 8, 16, 32, 64]) {
      for (const threads of [1, 2, 3, 7, 15, 31]) {
        const plan = planFor(gb * GiB, threads);
        if (!plan.fits) continue;
        expect(plan.plannedBytes).toBeLessThanOrEqual(plan.memoryMaxBytes);
        expect(plan.plannedBytes).toBe(counted(plan, threads));
        // Kept values only when some thread does not hold.
        if (plan.keptValues) expect(plan.holdingThreads).toBeLessThan(threads);
        expect(plan.dpBytes).toBeGreaterThan(0);
      }
    }
  });

  it('kept values loaded with the graphs are counted once', () => {
    const withKept = PRESET_GRAPHS.map((g) => ({ ...g, keptBytes: 16 * g.states }));
    const plan = memoryPlan({ availableBytes: 16 * GiB, threads: 7, graphs: withKept });
    expect(plan.keptValues).toBe(true);
    const loaded = withKept.reduce((sum, g) => sum + g.bytes + g.keptBytes, 0);
    const { holding, other } = plan.threadBytes;
    const threads = plan.holdingThreads * holding + (7 - plan.holdingThreads) * other;
    expect(plan.plannedBytes).toBe(loaded + threads);
    expect(plan.plannedBytes).toBeLessThanOrEqual(plan.memoryMaxBytes);
  });
});

describe('holding places', () => {
  const flat = (g: GraphSize) => ({ ...g, key: 'k' });

  it('threads claim as many places as the plan allows, and the held arrays fit the largest graph', () => {
    const resident = new ResidentPlan({ availableBytes: 8 * GiB, threads: 3 });
    const classic = resident.admit('classic', flat(PRESET_GRAPHS[0]!))!;
    const shared = (classic as { holdPlan: Int32Array }).holdPlan;
    expect(plannedStates(shared)).toBe(17_380_000);
    resident.admit('russian', flat(PRESET_GRAPHS[1]!));
    expect(plannedStates(shared)).toBe(35_410_000);
    expect([11, 12, 13, 14].map((thread) => claimHolding(shared, thread))).toEqual([
      35_410_000, 35_410_000, 35_410_000, 0,
    ]);
    // A thread keeps its place; one that exits gives it to the next thread.
    expect(claimHolding(shared, 12)).toBe(35_410_000);
    expect(claimHolding(shared, 15)).toBe(0);
    resident.release(12);
    expect(claimHolding(shared, 15)).toBe(35_410_000);
    expect(claimHolding(shared, 16)).toBe(0);
  });

  it('a graph that leaves the threads no room is not handed out, and says why', () => {
    const resident = new ResidentPlan({
      availableBytes: 24 * GiB,
      threads: 2,
      budgetBytes: 600 * MiB,
    });
    const russian = flat(PRESET_GRAPHS[1]!);
    expect(resident.admit('russian', russian)).toBeUndefined();
    expect(resident.refused(russian)).toMatch(/MB/);
    const margin = resident.admit('margin', flat(PRESET_GRAPHS[2]!));
    expect(margin).toBeDefined();
    expect(resident.refused(flat(PRESET_GRAPHS[2]!))).toBeNull();
  });

  it('BROADSIDE_MEMORY_MB sets the budget; a bad value is one clear line', () => {
    expect(budgetFromEnv({ BROADSIDE_MEMORY_MB: '1024' })).toEqual({ memoryBudgetBytes: GiB });
    expect(budgetFromEnv({})).toEqual({});
    expect(() => budgetFromEnv({ BROADSIDE_MEMORY_MB: '1.5GB' })).toThrow(InputError);
    expect(() => budgetFromEnv({ BROADSIDE_MEMORY_MB: '12' })).toThrow(/BROADSIDE_MEMORY_MB.*256/);
  });
});
