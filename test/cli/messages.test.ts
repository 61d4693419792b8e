// What the command line says about a mistake, as a user meets it (the built bin in a child
// process): one line naming the file, the place or the name that was likely meant.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SOLVER_NAMES } from '../../src/shared/catalog';
import { broadside } from '../support/cli';
import { tempDir } from '../support/library';
import { CLI } from '../support/paths';

const tmp = tempDir();
afterAll(() => tmp.remove());

const write = (name: string, text: string): string => {
  const file = tmp.file(name);
  writeFileSync(file, text);
  return file;
};

/** The one line on stderr of a run that exits 2 (bad input), with nothing on stdout. */
function oneLine(args: string[]): string {
  const r = broadside(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  return r.stderr.trimEnd();
}

const EMPTY_CLASSIC = `rules: classic\n${'..........\n'.repeat(10)}`;

describe('a misspelt name gets the one meant', () => {
  it('solver, rules preset, prior preset and strategy', () => {
    const board = write('board.txt', EMPTY_CLASSIC);
    expect(oneLine(['solve', board, '--solver', 'Auto'])).toBe(
      `broadside: --solver: unknown solver "Auto" (did you mean "auto"?); the solvers are ${SOLVER_NAMES.join(', ')}`,
    );
    expect(oneLine(['batch', '--solver', 'dpp', '--db', tmp.file('none.db')])).toMatch(
      /^broadside: --solver: unknown solver "dpp" \(did you mean "dp"\?\); /,
    );
    expect(oneLine(['simulate', '--strategy', 'pdf', '--rules', 'clasic'])).toBe(
      'broadside: --rules: "clasic" is neither a preset (classic, russian, margin) nor a readable file (did you mean "classic"?)',
    );
    expect(oneLine(['solve', board, '--prior', 'edgs'])).toBe(
      'broadside: --prior: "edgs" is neither a preset (uniform, edges, human) nor a readable file (did you mean "edges"?)',
    );
    expect(oneLine(['simulate', '--strategy', 'pdf,greedyy'])).toMatch(
      /^broadside: --strategy: unknown strategy "greedyy" .*\(did you mean "greedy"\?\)$/,
    );
  });

  it('a name nothing is close to gets the list, without a guess', () => {
    expect(oneLine(['solve', '-', '--solver', 'quantum'])).not.toMatch(/did you mean/);
  });
});

describe('where the mistake is', () => {
  it('solve names the file that holds no position', () => {
    const notes = write('notes.md', '# Notes\n\nSunk the carrier on turn 12.\n');
    expect(oneLine(['solve', notes])).toBe(
      `broadside: ${notes}: line 1: must be a rules header such as "rules: classic"`,
    );
  });

  it('broken JSON in an import: line and column, in one line', () => {
    const db = tmp.file('broken.db');
    const record = write(
      'record.json',
      '{"format": "broadside-bundle",\n "version": 1,\n "positions": [{"name": "a", "rules": }]}',
    );
    expect(oneLine(['import', record, '--db', db])).toBe(
      "broadside: import: is not valid JSON (line 3, column 39, in positions[0]: unexpected '}')",
    );
    const outer = write(
      'outer.json',
      '{"format": "broadside-bundle",\n "version": 1\n "games": []}',
    );
    expect(oneLine(['import', outer, '--db', db])).toBe(
      `broadside: import: is not valid JSON (line 3, column 2: expected ',' or '}' after "version")`,
    );
    const rules = write('rules.json', '{\n  "width": 10,\n  "height": 10\n  "touch": "allowed"\n}');
    expect(oneLine(['simulate', '--strategy', 'pdf', '--rules', rules])).toBe(
      `broadside: --rules ${rules}: is not valid JSON (line 4, column 3: expected ',' or '}', found '"')`,
    );
  });

  it('solve --help lists the solvers', () => {
    const r = broadside(['solve', '--help']);
    expect(r.code).toBe(0);
    const flat = r.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain(`Solvers: ${SOLVER_NAMES.join(', ')} (default auto).`);
  });
});

describe('a prior whose weights are too far apart', () => {
  it('simulate says so, as solve does', () => {
    const grid = Array.from({ length: 10 }, (_, r) =>
      Array.from({ length: 10 }, (_, c) => ((r + c) % 2 ? 1e308 : 1e-308)),
    );
    const prior = write('uneven.json', JSON.stringify(grid));
    const board = write('open.txt', EMPTY_CLASSIC);
    const solved = broadside(['solve', board, '--prior', prior]);
    expect(solved.code).toBe(2);
    expect(solved.stderr).toMatch(/^broadside: prior: its weights are too far apart/);
    const simulated = broadside([
      'simulate',
      '--strategy',
      'pdf',
      '--games',
      '2',
      '--threads',
      '1',
      '--prior',
      prior,
    ]);
    expect(simulated.code).toBe(2);
    expect(simulated.stderr).toBe(solved.stderr);
  });
});

describe('a streamed import that cannot be a record', () => {
  it('stops reading at once, in one line, long before the stream ends', async () => {
    const child = spawn(process.execPath, [CLI, 'import', '-', '--db', tmp.file('stream.db')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    child.stdin.on('error', () => undefined); // the pipe closes when the command has answered
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let done = false;
    void exited.then(() => (done = true));
    // 16 MB of `{"a":` in 64 KB pieces, each written once the pipe has taken the last.
    const piece = Buffer.from('{"a":'.repeat(13_108));
    const total = 256;
    let written = 0;
    while (written < total && !done && child.stdin.writable) {
      written++;
      if (!child.stdin.write(piece)) {
        await Promise.race([new Promise((r) => child.stdin.once('drain', r)), exited]);
      }
    }
    const writtenAtExit = written;
    if (!done) child.stdin.end();
    expect(await exited).toBe(2);
    expect(stderr).toBe(
      'broadside: import: nests more than 64 levels deep (line 1, column 326); no bundle, position or game log does\n',
    );
    // the command answered while most of the stream was still to come
    expect(writtenAtExit).toBeLessThan(total);
  });
});
