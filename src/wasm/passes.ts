// The graph engine's layer passes (src/core/solve/graph/passes.ts) in AssemblyScript, compiled to
// WebAssembly by scripts/build-wasm.mjs. Same arithmetic in the same order as the TypeScript
// kernel (kernel.ts), so both give the same bits. Every argument that ends in `At` is a byte
// address in the imported memory: the graph's arrays, a position's weights and the value arrays
// all live there (the graph in shared memory, written once per process).

const SHIP: i32 = 2;

function int(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}

function cell(base: usize, i: i32): usize {
  return base + ((<usize>i) << 3);
}

/**
 * Layer `layer` forward: to[d] += w * from[s] over its edges, `to` (size values) zeroed first.
 * With `masses` set, each ship label's mass sum of w * from[s] * back[d] is added into
 * startMass[layer * (labels - SHIP) + l - SHIP].
 */
export function forwardLayer(
  layer: i32,
  labels: i32,
  weightsAt: usize,
  groupStartAt: usize,
  runSrcAt: usize,
  runDstAt: usize,
  runLenAt: usize,
  singleStartAt: usize,
  singleSrcAt: usize,
  singleDstAt: usize,
  fromAt: usize,
  toAt: usize,
  size: i32,
  masses: bool,
  backAt: usize,
  startMassAt: usize,
): void {
  memory.fill(toAt, 0, (<usize>size) << 3);
  for (let l = 0; l < labels; l++) {
    const at = layer * labels + l;
    const w = load<f64>(cell(weightsAt, at));
    if (w == 0) continue;
    const s1 = int(singleStartAt, at + 1);
    const g1 = int(groupStartAt, at + 1);
    if (!masses || l < SHIP) {
      for (let e = int(singleStartAt, at); e < s1; e++) {
        const d = cell(toAt, int(singleDstAt, e));
        store<f64>(d, load<f64>(d) + w * load<f64>(cell(fromAt, int(singleSrcAt, e))));
      }
      for (let g = int(groupStartAt, at); g < g1; g++) {
        let s = cell(fromAt, int(runSrcAt, g));
        let d = cell(toAt, int(runDstAt, g));
        const end = s + ((<usize>load<u16>(runLenAt + ((<usize>g) << 1))) << 3);
        for (; s < end; s += 8, d += 8) store<f64>(d, load<f64>(d) + w * load<f64>(s));
      }
      continue;
    }
    let mass: f64 = 0;
    for (let e = int(singleStartAt, at); e < s1; e++) {
      const di = int(singleDstAt, e);
      const d = cell(toAt, di);
      const v = w * load<f64>(cell(fromAt, int(singleSrcAt, e)));
      store<f64>(d, load<f64>(d) + v);
      mass += v * load<f64>(cell(backAt, di));
    }
    for (let g = int(groupStartAt, at); g < g1; g++) {
      let s = cell(fromAt, int(runSrcAt, g));
      const di = int(runDstAt, g);
      let d = cell(toAt, di);
      let b = cell(backAt, di);
      const end = s + ((<usize>load<u16>(runLenAt + ((<usize>g) << 1))) << 3);
      for (; s < end; s += 8, d += 8, b += 8) {
        const v = w * load<f64>(s);
        store<f64>(d, load<f64>(d) + v);
        mass += v * load<f64>(b);
      }
    }
    const m = cell(startMassAt, layer * (labels - SHIP) + l - SHIP);
    store<f64>(m, load<f64>(m) + mass);
  }
}

/**
 * Layer `layer` backward: to[s] += w * from[d] over its edges (`from` is layer + 1), `to` (size
 * values) zeroed first. With `masses` set, each ship label's mass sum of w * from[d] * fwd[s] is
 * added into startMass.
 */
export function backwardLayer(
  layer: i32,
  labels: i32,
  weightsAt: usize,
  groupStartAt: usize,
  runSrcAt: usize,
  runDstAt: usize,
  runLenAt: usize,
  singleStartAt: usize,
  singleSrcAt: usize,
  singleDstAt: usize,
  fromAt: usize,
  toAt: usize,
  size: i32,
  masses: bool,
  fwdAt: usize,
  startMassAt: usize,
): void {
  memory.fill(toAt, 0, (<usize>size) << 3);
  for (let l = 0; l < labels; l++) {
    const at = layer * labels + l;
    const w = load<f64>(cell(weightsAt, at));
    if (w == 0) continue;
    const s1 = int(singleStartAt, at + 1);
    const g1 = int(groupStartAt, at + 1);
    if (!masses || l < SHIP) {
      for (let e = int(singleStartAt, at); e < s1; e++) {
        const s = cell(toAt, int(singleSrcAt, e));
        store<f64>(s, load<f64>(s) + w * load<f64>(cell(fromAt, int(singleDstAt, e))));
      }
      for (let g = int(groupStartAt, at); g < g1; g++) {
        let s = cell(toAt, int(runSrcAt, g));
        let d = cell(fromAt, int(runDstAt, g));
        const end = d + ((<usize>load<u16>(runLenAt + ((<usize>g) << 1))) << 3);
        for (; d < end; s += 8, d += 8) store<f64>(s, load<f64>(s) + w * load<f64>(d));
      }
      continue;
    }
    let mass: f64 = 0;
    for (let e = int(singleStartAt, at); e < s1; e++) {
      const si = int(singleSrcAt, e);
      const s = cell(toAt, si);
      const v = w * load<f64>(cell(fromAt, int(singleDstAt, e)));
      store<f64>(s, load<f64>(s) + v);
      mass += v * load<f64>(cell(fwdAt, si));
    }
    for (let g = int(groupStartAt, at); g < g1; g++) {
      const si = int(runSrcAt, g);
      let s = cell(toAt, si);
      let f = cell(fwdAt, si);
      let d = cell(fromAt, int(runDstAt, g));
      const end = d + ((<usize>load<u16>(runLenAt + ((<usize>g) << 1))) << 3);
      for (; d < end; s += 8, d += 8, f += 8) {
        const v = w * load<f64>(d);
        store<f64>(s, load<f64>(s) + v);
        mass += v * load<f64>(f);
      }
    }
    const m = cell(startMassAt, layer * (labels - SHIP) + l - SHIP);
    store<f64>(m, load<f64>(m) + mass);
  }
}
