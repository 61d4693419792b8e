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
 * One pass over layer `layer`'s edges, either direction: each edge reads the value at one end
 * and adds w times it into the other end (forward: source to target, backward: target to source,
 * the caller swapping the index arrays). `to` (size values) is zeroed first. With `masses` set,
 * each ship label's mass sum of the added value times `other` at the written end is added into
 * startMass[layer * (labels - SHIP) + l - SHIP].
 */
export function layerPass(
  layer: i32,
  labels: i32,
  weightsAt: usize,
  groupStartAt: usize,
  singleStartAt: usize,
  runLenAt: usize,
  singleReadAt: usize,
  singleWriteAt: usize,
  runReadAt: usize,
  runWriteAt: usize,
  fromAt: usize,
  toAt: usize,
  size: i32,
  masses: bool,
  otherAt: usize,
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
        const d = cell(toAt, int(singleWriteAt, e));
        store<f64>(d, load<f64>(d) + w * load<f64>(cell(fromAt, int(singleReadAt, e))));
      }
      for (let g = int(groupStartAt, at); g < g1; g++) {
        let r = cell(fromAt, int(runReadAt, g));
        let d = cell(toAt, int(runWriteAt, g));
        const end = r + ((<usize>load<u16>(runLenAt + ((<usize>g) << 1))) << 3);
        for (; r < end; r += 8, d += 8) store<f64>(d, load<f64>(d) + w * load<f64>(r));
      }
      continue;
    }
    let mass: f64 = 0;
    for (let e = int(singleStartAt, at); e < s1; e++) {
      const di = int(singleWriteAt, e);
      const d = cell(toAt, di);
      const v = w * load<f64>(cell(fromAt, int(singleReadAt, e)));
      store<f64>(d, load<f64>(d) + v);
      mass += v * load<f64>(cell(otherAt, di));
    }
    for (let g = int(groupStartAt, at); g < g1; g++) {
      let r = cell(fromAt, int(runReadAt, g));
      const di = int(runWriteAt, g);
      let d = cell(toAt, di);
      let o = cell(otherAt, di);
      const end = r + ((<usize>load<u16>(runLenAt + ((<usize>g) << 1))) << 3);
      for (; r < end; r += 8, d += 8, o += 8) {
        const v = w * load<f64>(r);
        store<f64>(d, load<f64>(d) + v);
        mass += v * load<f64>(o);
      }
    }
    const m = cell(startMassAt, layer * (labels - SHIP) + l - SHIP);
    store<f64>(m, load<f64>(m) + mass);
  }
}
