// `npm run bench -- first-click [--rounds N] [--graphs-from DIR]`: the first click of a game on a
// started server, on a thread the warm-up reached and on a fresh one. In this process, through
// openServices as `broadside web` opens them (one solving thread, the built worker; build first),
// on a temporary data folder (`--graphs-from` copies classic's graph file in first, to skip its
// build). Each round opens the services twice, without the warm-up and with it; once classic's
// graph is loaded (and, warm, once each thread has solved its empty board), the process idles a
// second and one classic hunting position with one miss is solved through the API, timed: wall
// and the process's CPU (every thread's) for that click, and where its passes started. Rounds
// alternate the two, so a change of the machine's load shows in both.

import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { positionToJson } from '../src/core/position';
import { presetRules } from '../src/core/rules';
import { graphKey } from '../src/core/solve/graph/graph';
import { graphFileName } from '../src/main/graphs/graph-store';
import { openServices } from '../src/main/services';
import { huntingPositions } from '../test/support/preset-graphs';
import { cpuMs, median } from './bench-util';

interface Click {
  wallMs: number;
  cpuMs: number;
  note: string;
  /** CPU of the warm-up's empty-board solves (0 without it). */
  warmCpuMs: number;
}

async function firstClick(dataDir: string, warm: boolean, seed: number): Promise<Click> {
  const services = openServices({ threads: 1, graphsDataDir: dataDir, warmPresetGraphs: warm });
  try {
    const classic = presetRules('classic');
    // The threads start as the app starts them once it listens, not with the click timed.
    services.pool().start();
    if (!(await services.pool().graphs!.ready(classic))) throw new Error('no classic graph');
    const loaded = cpuMs();
    await services.warmed();
    const warmCpuMs = warm ? cpuMs() - loaded : 0;
    await new Promise((done) => setTimeout(done, 1000));
    const position = positionToJson(huntingPositions('classic', seed, 1, 1)[0]!);
    const c0 = cpuMs();
    const t0 = performance.now();
    const reply = await services.api().call('solve', { position, solver: 'auto' });
    const wallMs = performance.now() - t0;
    const cpu = cpuMs() - c0;
    if (!reply.ok) throw new Error(`the click failed: ${JSON.stringify(reply.error)}`);
    return { wallMs, cpuMs: cpu, note: reply.value.note ?? '', warmCpuMs };
  } finally {
    await services.close();
  }
}

/** Where the note says the passes started. */
function startedFrom(note: string): string {
  const m =
    /from the (position solved before|empty board's kept values) \((\d+) layer passes\)/.exec(note);
  if (!m) return /auto chose graph/.test(note) ? 'nothing (2 full passes)' : note.slice(0, 40);
  return `${m[1] === 'position solved before' ? 'held empty board' : 'kept values'} (${m[2]} layer passes)`;
}

export async function benchFirstClick(argv: string[]): Promise<void> {
  const at = argv.indexOf('--rounds');
  const rounds = at >= 0 ? Number(argv[at + 1]) : 3;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: give a whole number');
  process.env['BROADSIDE_WORKER'] ??= resolve(import.meta.dirname, '../../out/main/worker.js');
  // piscina, bundled into the bench, starts its own thread file from beside its module
  // (__dirname, which a bundled ES module lacks): point it at the installed package.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(
    createRequire(import.meta.url).resolve('piscina'),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'broadside-bench-first-click-'));
  try {
    const from = argv.indexOf('--graphs-from');
    if (from >= 0) {
      const name = graphFileName(graphKey(presetRules('classic')));
      const source = join(argv[from + 1]!, name);
      mkdirSync(join(dataDir, 'graphs'));
      if (existsSync(source)) copyFileSync(source, join(dataDir, 'graphs', name));
    }
    console.log('first classic click (one miss) on a started server, one thread, in process');
    console.log(
      `load average at the start: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')}`,
    );
    const runs: Record<'fresh' | 'warm', Click[]> = { fresh: [], warm: [] };
    for (let r = 0; r < rounds; r++) {
      for (const mode of ['fresh', 'warm'] as const) {
        const click = await firstClick(dataDir, mode === 'warm', 30 + r);
        runs[mode].push(click);
        console.log(
          `  round ${r + 1} ${mode.padEnd(5)} wall ${click.wallMs.toFixed(0).padStart(5)} ms  CPU ${click.cpuMs.toFixed(0).padStart(5)} ms  from ${startedFrom(click.note)}`,
        );
      }
    }
    console.log('thread         first click wall (median)  CPU (median)  warm-up CPU (median)');
    for (const mode of ['fresh', 'warm'] as const) {
      const xs = runs[mode];
      console.log(
        `  ${mode.padEnd(12)} ${median(xs.map((c) => c.wallMs))
          .toFixed(0)
          .padStart(10)} ms ${median(xs.map((c) => c.cpuMs))
          .toFixed(0)
          .padStart(14)} ms ${median(xs.map((c) => c.warmCpuMs))
          .toFixed(0)
          .padStart(16)} ms`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
