import type { SolveResult } from '../../src/core/solve/result';

/** Layer passes a graph solve ran, read from its note (0 for a position already held, or none). */
export function layerPasses(r: SolveResult | null): number {
  return Number(/\((\d+) layer passes\)/.exec(r?.note ?? '')?.[1] ?? 0);
}
