// What runs a pass over one layer of a graph: the kernel. Two of them compute the same bits:
// this TypeScript one (the reference, and the fallback wherever the graph is not in WebAssembly
// memory) and the WebAssembly one (kernel-wasm.ts, compiled from src/wasm/passes.ts), which needs
// the graph, the kept values and every value array of a position in its memory.

import { SHIP, type RuleGraph } from './graph';

/** A layer's values: layer i's state s is at values[offset + s]. */
export interface LayerValues {
  values: Float64Array;
  offset: number;
}

export interface PassKernel {
  readonly name: 'TypeScript' | 'WebAssembly';
  /** Makes room for `bytes` of value arrays for one position (the next `values` calls). */
  begin(bytes: number): void;
  /** An array of n values the kernel can reach, zeroed only when `zero` is set; valid until
   * the next `begin`. */
  values(n: number, zero: boolean): Float64Array;
  /** An array of n values the kernel can reach for as long as the kernel lives. */
  lasting(n: number): Float64Array;
  /**
   * Layer i forward: to[d] += w * from[s] over its edges, `to` zeroed first; with `other` (layer
   * i + 1's b), each ship label's mass sum of w * from[s] * other[d] is added into startMass.
   */
  forwardLayer: LayerPassFn;
  /**
   * Layer i backward: to[s] += w * from[d] over its edges (`from` is layer i + 1), `to` zeroed
   * first; with `other` (layer i's f), each ship label's mass of w * from[d] * other[s] is added.
   */
  backwardLayer: LayerPassFn;
}

/** One layer's pass in one direction (see PassKernel). */
export type LayerPassFn = (
  graph: RuleGraph,
  weights: Float64Array,
  i: number,
  from: LayerValues,
  to: LayerValues,
  other: LayerValues | null,
  startMass: Float64Array,
) => void;

/** The TypeScript kernel: plain typed arrays anywhere. */
export const typescriptKernel: PassKernel = {
  name: 'TypeScript',
  begin: () => {},
  values: (n) => new Float64Array(n),
  lasting: (n) => new Float64Array(n),
  forwardLayer,
  backwardLayer,
};

function forwardLayer(
  ...[graph, weights, i, from, to, back, startMass]: Parameters<LayerPassFn>
): void {
  const size = graph.layerStart[i + 2]! - graph.layerStart[i + 1]!;
  const { singleSrc, singleDst, runSrc, runDst } = graph;
  layerPass(
    graph,
    weights,
    i,
    singleSrc,
    singleDst,
    runSrc,
    runDst,
    from,
    to,
    size,
    back,
    startMass,
  );
}

function backwardLayer(
  ...[graph, weights, i, from, to, fwd, startMass]: Parameters<LayerPassFn>
): void {
  const size = graph.layerStart[i + 1]! - graph.layerStart[i]!;
  const { singleSrc, singleDst, runSrc, runDst } = graph;
  layerPass(
    graph,
    weights,
    i,
    singleDst,
    singleSrc,
    runDst,
    runSrc,
    from,
    to,
    size,
    fwd,
    startMass,
  );
}

/**
 * Both directions are one pass over layer i's edges: each edge reads the value at one end and
 * adds w times it into the other end (forward: source to target; backward: target to source).
 * With `other` (the other direction's values on the written layer), each ship label's mass sum
 * of the added value times other at the written end goes into startMass. `to` is zeroed first.
 */
function layerPass(
  graph: RuleGraph,
  weights: Float64Array,
  i: number,
  singleRead: Int32Array,
  singleWrite: Int32Array,
  runRead: Int32Array,
  runWrite: Int32Array,
  from: LayerValues,
  to: LayerValues,
  size: number,
  other: LayerValues | null,
  startMass: Float64Array,
): void {
  const { labels, groupStart, runLen, singleStart } = graph;
  const f = from.values;
  const fo = from.offset;
  const t = to.values;
  const to0 = to.offset;
  t.fill(0, to0, to0 + size);
  for (let l = 0; l < labels; l++) {
    const w = weights[i * labels + l]!;
    if (w === 0) continue;
    const at = i * labels + l;
    const s1 = singleStart[at + 1]!;
    const g1 = groupStart[at + 1]!;
    if (other === null || l < SHIP) {
      for (let e = singleStart[at]!; e < s1; e++)
        t[to0 + singleWrite[e]!]! += w * f[fo + singleRead[e]!]!;
      for (let g = groupStart[at]!; g < g1; g++) {
        const r = fo + runRead[g]!;
        const d = to0 + runWrite[g]!;
        const n = runLen[g]!;
        for (let k = 0; k < n; k++) t[d + k]! += w * f[r + k]!;
      }
      continue;
    }
    const o = other.values;
    const oo = other.offset;
    let mass = 0;
    for (let e = singleStart[at]!; e < s1; e++) {
      const d = singleWrite[e]!;
      const v = w * f[fo + singleRead[e]!]!;
      t[to0 + d]! += v;
      mass += v * o[oo + d]!;
    }
    for (let g = groupStart[at]!; g < g1; g++) {
      const r = fo + runRead[g]!;
      const d = runWrite[g]!;
      const n = runLen[g]!;
      for (let k = 0; k < n; k++) {
        const v = w * f[r + k]!;
        t[to0 + d + k]! += v;
        mass += v * o[oo + d + k]!;
      }
    }
    startMass[i * (labels - SHIP) + l - SHIP]! += mass;
  }
}
