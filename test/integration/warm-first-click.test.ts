// @vitest-environment node
// The warm-up of a started server (openServices with warmPresetGraphs) beside classic's graph file:
// once the graph is loaded, each thread solves classic's empty board in the background, so the
// first click of a game, on whichever thread, starts from the values held for the empty board
// (one pass) rather than from nothing (two full passes over pages never touched).

import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionToJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { graphKey } from '../../src/core/solve/graph/graph';
import { graphFileName } from '../../src/main/graphs/graph-store';
import { openServices } from '../../src/main/services';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';
import { huntingPositions, presetGraphOptions } from '../support/preset-graphs';

const tmp = tempDir();
const THREADS = 2;

beforeAll(() => {
  process.env['BROADSIDE_WORKER'] = BUILT_WORKER;
  // Classic's file as a restart finds it (the shared test copy, when there is one: else built).
  const name = graphFileName(graphKey(presetRules('classic')));
  const cached = join(presetGraphOptions().dir!, name);
  mkdirSync(tmp.file('graphs'));
  if (existsSync(cached)) copyFileSync(cached, join(tmp.file('graphs'), name));
});
afterAll(() => {
  delete process.env['BROADSIDE_WORKER'];
  tmp.remove();
});

describe('the warm-up of a started server', () => {
  it('leaves every thread holding the empty board: first clicks are one pass from it', async () => {
    const services = openServices({
      threads: THREADS,
      graphsDataDir: tmp.path,
      warmPresetGraphs: true,
    });
    try {
      await services.warmed();
      // One click on each thread, at once: the first of a game, a miss.
      const clicks = [20, 21].map(async (seed) => {
        const first = positionToJson(huntingPositions('classic', seed, 1, 1)[0]!);
        const reply = await services.api().call('solve', { position: first, solver: 'auto' });
        if (!reply.ok) throw new Error(`the click failed: ${JSON.stringify(reply.error)}`);
        return reply.value;
      });
      for (const wire of await Promise.all(clicks)) {
        expect(wire.note).toMatch(/auto chose graph/);
        expect(wire.note).toMatch(
          /passes in the WebAssembly kernel, from the position solved before \(\d+ layer passes\)/,
        );
      }
    } finally {
      await services.close();
    }
  }, 900_000);
});
