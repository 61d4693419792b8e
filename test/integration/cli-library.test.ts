// The storage commands as users run them: import, export and batch against a real file.

import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';
import { batchPositions, tempDir } from '../support/library';
import { CLI, OLDER_SYSTEM_NODE } from '../support/paths';
import { RULES_4X4, SINK_A1_B1 } from '../support/fixtures';

const tmp = tempDir();
afterAll(() => tmp.remove());

const systemNode = OLDER_SYSTEM_NODE;

const write = (name: string, content: unknown): string => {
  const file = tmp.file(name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

/** An unfinished game: their 2-ship at A1-B1 sunk, the 1-ship still afloat. */
const game = {
  opponent: 'Ann',
  rules: RULES_4X4,
  shots: SINK_A1_B1,
  playedAt: '2026-11-20T18:00:00Z',
};

describe('broadside import / export / batch', () => {
  it('imports a position, a game log and a bundle; exports them all', () => {
    const db = tmp.file('cli.db');
    const position = write('opening.json', {
      rules: { preset: 'classic' },
      board: ['..x.o.....', ...Array(9).fill('..........')],
    });
    expect(broadside(['import', position, '--db', db])).toEqual({
      code: 0,
      stdout: 'imported 1 position(s), 0 game(s), 0 new opponent(s), 0 prior(s)\n',
      stderr: '',
    });
    const r = broadside(['import', write('game.json', game), '--db', db, '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ positions: 0, games: 1, opponents: 1, priors: 0 });
    const text = write('text.txt', 'rules: 5x5 fleet=3,3,1\n...o.\n###o.\n..o..\n.#...\n...o.\n');
    expect(broadside(['import', text, '--db', db]).code).toBe(0);

    const out = tmp.file('all.json');
    expect(broadside(['export', '--db', db, '--out', out])).toMatchObject({ code: 0, stdout: '' });
    const bundle = JSON.parse(readFileSync(out, 'utf8'));
    expect(bundle.positions.map((p: { name: string }) => p.name)).toEqual(['opening', 'text']);
    expect(bundle.games[0]).toMatchObject({ ...game, firedBy: 'me' });
    // The same through BROADSIDE_DB and standard output; re-imported elsewhere, identical.
    const stdout = broadside(['export'], undefined, { BROADSIDE_DB: db }).stdout;
    expect(stdout).toBe(readFileSync(out, 'utf8'));
    const copy = tmp.file('copy.db');
    expect(broadside(['import', out, '--db', copy]).code).toBe(0);
    expect(broadside(['export', '--db', copy]).stdout).toBe(stdout);
  });

  it('imports nothing from a bundle with a bad record, and says which and why', () => {
    const db = tmp.file('bad.db');
    const bundle = {
      format: 'broadside-bundle',
      version: 1,
      positions: [
        { name: 'fine', rules: { preset: 'classic' } },
        { name: 'broken', rules: { preset: 'classic' }, board: ['x'] },
      ],
      games: [game],
    };
    const r = broadside(['import', write('bad.json', bundle), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'broadside: import: a record is invalid; nothing was imported:\n' +
        '  positions[1] ("broken"): board: has 1 rows, expected 10\n',
    );
    const check = new Database(db, { readonly: true });
    expect(check.prepare('SELECT count(*) AS n FROM positions').get()).toEqual({ n: 0 });
    expect(check.prepare('SELECT count(*) AS n FROM games').get()).toEqual({ n: 0 });
    check.close();
  });

  it('refuses a bundle position without a name, naming it; a lone position is named after its file', () => {
    const db = tmp.file('unnamed.db');
    const bundle = {
      format: 'broadside-bundle',
      version: 1,
      positions: [{ name: 'fine', rules: { preset: 'classic' } }, { rules: { preset: 'classic' } }],
    };
    const r = broadside(['import', write('unnamed.json', bundle), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'broadside: import: a record is invalid; nothing was imported:\n' +
        '  positions[1]: name: is missing (every position in a bundle needs a name)\n',
    );
    const check = new Database(db, { readonly: true });
    expect(check.prepare('SELECT count(*) AS n FROM positions').get()).toEqual({ n: 0 });
    check.close();
    expect(
      broadside(['import', write('lone.json', { rules: { preset: 'classic' } }), '--db', db]).code,
    ).toBe(0);
    const named = new Database(db, { readonly: true });
    expect(named.prepare('SELECT name FROM positions').all()).toEqual([{ name: 'lone' }]);
    named.close();
  });

  it('batch --json prints one summary object; a re-run skips what is solved', () => {
    const db = tmp.file('batch.db');
    const positions = batchPositions(6, 3).map((p) => ({ ...p.position, name: p.name }));
    const impossible = {
      name: 'impossible',
      rules: { width: 3, height: 3, fleet: [3] },
      board: ['.o.', 'o.o', '.o.'],
    };
    write('six.json', {
      format: 'broadside-bundle',
      version: 1,
      positions: [...positions, impossible],
    });
    expect(broadside(['import', tmp.file('six.json'), '--db', db]).code).toBe(0);
    const first = broadside(['batch', '--db', db, '--solver', 'enumerate', '--json']);
    expect(first.code).toBe(1); // one position has no layout: stored as failed
    const summary = JSON.parse(first.stdout);
    // enumerate never goes through a graph: none answered.
    expect(summary).toEqual({
      solved: 6,
      skipped: 0,
      failed: 1,
      graphAnswered: 0,
      ms: expect.any(Number),
    });
    const again = JSON.parse(
      broadside(['batch', '--db', db, '--solver', 'enumerate', '--json']).stdout,
    );
    expect(again).toMatchObject({ solved: 0, skipped: 6, failed: 1 });
    const human = broadside(['batch', '--db', db, '--solver', 'enumerate']);
    expect(human.stdout).toMatch(
      /^0 solved, 6 skipped \(already solved with enumerate\), 1 failed, in /,
    );
    expect(broadside(['batch', '--db', db, '--solver', 'magic']).stderr).toMatch(
      /^broadside: --solver: unknown solver "magic"/,
    );
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'batch stopped by %s exits 130, leaves the run interrupted, and the next run resumes it',
    async (signal) => {
      const TOTAL = 40;
      const db = tmp.file(`stopped-${signal}.db`);
      const positions = batchPositions(TOTAL, 4).map((p) => ({ ...p.position, name: p.name }));
      const bundle = write(`forty-${signal}.json`, {
        format: 'broadside-bundle',
        version: 1,
        positions,
      });
      expect(broadside(['import', bundle, '--db', db]).code).toBe(0);
      const args = [CLI, 'batch', '--db', db, '--solver', 'dp', '--threads', '1'];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const reader = new Database(db, { readonly: true });
      const stored = reader.prepare('SELECT count(*) AS n FROM solve_results');
      while ((stored.get() as { n: number }).n < 3) {
        if (child.exitCode !== null) throw new Error('the batch finished before it was stopped');
        await new Promise((r) => setTimeout(r, 5));
      }
      child.kill(signal);
      expect(await exit, stderr).toBe(130);
      expect(stderr).toBe('broadside: interrupted; run the same command again to resume\n');
      const run = reader
        .prepare('SELECT state, solved FROM batch_runs ORDER BY id DESC LIMIT 1')
        .get() as { state: string; solved: number };
      const kept = (stored.get() as { n: number }).n;
      reader.close();
      expect(run).toEqual({ state: 'interrupted', solved: kept });
      expect(kept).toBeLessThan(TOTAL);
      expect(stdout).toMatch(
        new RegExp(`^${kept} solved, 0 skipped \\(already solved with dp\\), 0 failed, in `),
      );

      const again = broadside(args.slice(1));
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout.split('\n').slice(0, 2)).toEqual([
        `resuming: batch 1 with dp was interrupted after ${kept} of ${TOTAL} positions`,
        expect.stringMatching(
          new RegExp(`^${TOTAL - kept} solved, ${kept} skipped .* on 1 worker thread\\(s\\)$`),
        ),
      ]);
    },
  );

  it('batch --timeout takes the API range of 0.1 to 86400 seconds, naming the option', () => {
    const db = tmp.file('timeout.db');
    // batch works on an existing library (it never creates one): start it with an import
    const empty = write('empty-bundle.json', {
      format: 'broadside-bundle',
      version: 1,
      positions: [],
      opponents: [],
      games: [],
    });
    expect(broadside(['import', empty, '--db', db]).code).toBe(0);
    for (const value of ['0.05', '86401', 'soon', '']) {
      const r = broadside(['batch', '--db', db, '--timeout', value]);
      expect(r.code, value).toBe(2);
      expect(r.stderr).toBe(
        `broadside: --timeout: must be from 0.1 to 86400 seconds, got ${value}\n`,
      );
    }
    const ok = broadside(['batch', '--db', db, '--timeout', '0.1', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ solved: 0, skipped: 0, failed: 0 });
  });

  it('refuses a database written by a newer version, leaving it untouched', () => {
    const db = tmp.file('future.db');
    expect(broadside(['import', write('future.json', game), '--db', db]).code).toBe(0);
    const raw = new Database(db);
    raw.pragma('user_version = 999');
    raw.close();
    const before = readFileSync(db);
    const r = broadside(['export', '--db', db]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/was written by a newer version of Broadside \(schema 999/);
    expect(readFileSync(db).equals(before)).toBe(true);
  });

  it.skipIf(systemNode === undefined)(
    'run by a Node older than 22 (where the SQLite driver crashes), it hands over to the project Node',
    () => {
      const db = tmp.file('old-node.db');
      const position = write('old-node.json', {
        rules: { preset: 'classic' },
        board: Array(10).fill('..........'),
      });
      const r = spawnSync(systemNode!, [CLI, 'import', position, '--db', db], { encoding: 'utf8' });
      expect({ code: r.status, signal: r.signal, stderr: r.stderr }).toEqual({
        code: 0,
        signal: null,
        stderr: '',
      });
      const raw = new Database(db, { readonly: true });
      expect(raw.prepare('SELECT count(*) AS n FROM positions').get()).toEqual({ n: 1 });
      raw.close();
    },
  );
});
