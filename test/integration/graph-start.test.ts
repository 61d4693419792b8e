// `broadside web` starting beside graph files, as a real child process on its own data folder:
// it listens and answers `info` with no graph read (the presets' big files are listed with their
// sizes, none loaded), though a named pipe stands in classic's file's place (a blocking open would
// hang the start for good) and is replaced by the rebuilt graph; a folder in a rule set's file's place is said in the `auto` result's
// note and once on standard error; `broadside info` prints the files, their total and how to free
// the space.

import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { presetRules } from '../../src/core/rules';
import { GRAPH_ENGINE_VERSION, graphKey } from '../../src/core/solve/graph/graph';
import { writeGraphFile } from '../../src/main/graphs/graph-file';
import { graphFileName } from '../../src/main/graphs/graph-store';
import type { AppInfo } from '../../src/shared/records';
import { OPEN_8X8_NO_TOUCH } from '../support/fixtures';
import { tempDir } from '../support/library';
import { CLI } from '../support/paths';
import { startWebChild } from '../support/web-child';

const tmp = tempDir();
afterAll(() => tmp.remove());

// Graph files live beside the library file --db names (no shared folder from the environment).
const { BROADSIDE_GRAPHS_DIR: _shared, ...env } = process.env;
const graphsDir = join(tmp.path, 'graphs');
const dbPath = join(tmp.path, 'lib.sqlite');

/** The server on the data folder's library, in this environment; stop() ends it and waits. */
async function startWeb() {
  const web = await startWebChild(dbPath, 1, [], env);
  return {
    ...web,
    async stop() {
      web.child.kill('SIGTERM');
      await web.exited;
    },
  };
}

const keyOf = (preset: string): string => graphKey(presetRules(preset));
const fileOf = (preset: string): string => join(graphsDir, graphFileName(keyOf(preset)));

describe('the start of broadside web beside graph files', () => {
  it("listens and answers info with no graph read, though a named pipe stands in a file's place", async () => {
    mkdirSync(graphsDir, { recursive: true });
    // Two big files in the presets' names (never read unless asked for), a pipe in classic's.
    for (const preset of ['russian', 'margin']) {
      const big = { key: keyOf(preset), values: new Uint8Array(64 * 2 ** 20) };
      writeGraphFile(fileOf(preset), big, keyOf(preset), GRAPH_ENGINE_VERSION);
    }
    execFileSync('mkfifo', [fileOf('classic')]);
    // A folder in a small rule set's file's place: its graph can never be written.
    const fixtureKey = graphKey({
      width: 8,
      height: 8,
      fleet: [4, 3, 3, 2].map((length) => ({ length })),
      touch: 'no-touch',
    });
    mkdirSync(join(graphsDir, graphFileName(fixtureKey)));

    const web = await startWeb();
    try {
      const reply = await web.call('info', {});
      expect(reply.ok).toBe(true);
      const { graphs } = reply.value as AppInfo;
      expect(graphs!.dir).toBe(graphsDir);
      const sizes = Object.fromEntries(graphs!.files.map((f) => [f.name, f.bytes]));
      for (const preset of ['russian', 'margin']) {
        expect(sizes[graphFileName(keyOf(preset))]).toBe(statSync(fileOf(preset)).size);
      }
      expect(graphs!.totalBytes).toBe(
        statSync(fileOf('russian')).size + statSync(fileOf('margin')).size,
      );
      expect(graphs!.loaded).not.toContain(keyOf('russian'));
      expect(graphs!.loaded).not.toContain(keyOf('margin'));
      expect(graphs!.remove).toContain(graphsDir);

      // The folder in the fixture's file's place: the DP answers, and says why.
      let note = '';
      for (let n = 0; n < 40 && !note.includes('is not used'); n++) {
        // One miss, a new cell each time: no answer kept from before, and too many layouts for
        // the enumeration's probe.
        const board = Array.from({ length: 8 }, (_, r) =>
          Array.from({ length: 8 }, (_, c) => (r * 8 + c === (n * 5) % 64 ? 'o' : '.')).join(''),
        );
        const solved = await web.call('solve', {
          position: { ...OPEN_8X8_NO_TOUCH, board },
          solver: 'auto',
        });
        expect(solved.ok).toBe(true);
        note = (solved.value as { note: string }).note;
      }
      expect(note).toMatch(
        /^auto chose dp: .*; the state graph of these rules is not used: cannot write the graph file .* a folder stands in its place/,
      );
      const said = web
        .stderr()
        .split('\n')
        .filter((l) => l.includes(`${fixtureKey} is not used`));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^broadside: /);

      // Classic's pipe was never waited on: its graph is rebuilt in its place and loaded.
      let loaded: string[] = [];
      while (!loaded.includes(keyOf('classic'))) {
        await new Promise((done) => setTimeout(done, 250));
        loaded = ((await web.call('info', {})).value as AppInfo).graphs!.loaded;
      }
      expect(statSync(fileOf('classic')).isFile()).toBe(true);
      expect(web.stderr()).toMatch(/a named pipe stands where the graph file should be/);
      expect(loaded).not.toContain(keyOf('russian'));
    } finally {
      await web.stop();
    }
  }, 240_000);

  it('broadside info prints the graph folder, each file, the total and how to free it', () => {
    const out = execFileSync(process.execPath, [CLI, 'info', '--db', dbPath], {
      env,
      encoding: 'utf8',
    });
    expect(out).toContain(`state graphs: ${graphsDir}`);
    expect(out).toMatch(
      new RegExp(
        `${graphFileName(keyOf('russian')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+64\\.0 MB`,
      ),
    );
    const total = /total (\d+\.\d) MB in (\d+) file/.exec(out);
    expect(Number(total![2])).toBe(4);
    expect(Number(total![1])).toBeGreaterThan(128);
    expect(out).toContain(`remove the folder ${graphsDir}`);
  });
});
