// `broadside bot` as a program another harness runs: a real child process fed on its standard
// input. A line past the 64 KB limit is refused while it is still being read (the input stays
// open), a full board is not answered with [null, null], and a sunk ship the rules cannot have
// is refused, each in one line naming the input line.

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';
import { CLI } from '../support/paths';

const hello = JSON.stringify({ type: 'hello', protocol: 'broadside-bot/1' });
const game = (rules: object) => JSON.stringify({ type: 'game', game: 0, seed: 1, rules });
const result = (cell: number[], r: string, sunk?: number[][]) =>
  JSON.stringify({ type: 'result', cell, result: r, ...(sunk ? { sunk } : {}) });
const lineOf = (text: string) => text + '\n';

describe('broadside bot checks the line limit while reading', () => {
  it('an unfinished line past 64 KB ends the bot with one line, before the input ends', async () => {
    const bot = spawn(process.execPath, [CLI, 'bot', '--strategy', 'random'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    bot.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    bot.stdin.on('error', () => {});
    const exited = new Promise<number | null>((r) => bot.on('exit', (code) => r(code)));
    let inputEnded = false;
    bot.stdin.write(lineOf(hello));
    // 4 MB of one line, never finished and never closed: only a check while reading can refuse
    const block = '{"type":"shoot","pad":"' + 'x'.repeat(64 * 1024);
    for (let i = 0; i < 64; i++) bot.stdin.write(block);
    const timer = setTimeout(() => {
      inputEnded = true;
      bot.stdin.end();
    }, 30_000);
    const code = await exited;
    clearTimeout(timer);
    expect(inputEnded).toBe(false);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      'broadside: standard input line 2: is longer than 65536 characters',
    ]);
  });
});

describe('broadside bot refuses what no game can ask', () => {
  const tiny = { width: 2, height: 2, fleet: [{ length: 1 }], touch: 'allowed' };
  for (const strategy of ['random', 'hunt-target', 'pdf']) {
    it(`${strategy}: asked to shoot when every cell is answered`, () => {
      const misses = [0, 1, 2, 3].map((c) => result([c >> 1, c & 1], 'miss'));
      const input = [hello, game(tiny), ...misses];
      const r = broadside(
        ['bot', '--strategy', strategy],
        [...input, '{"type":"shoot"}', ''].join('\n'),
      );
      expect(r.stdout).not.toMatch(/null/);
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(
        'broadside: standard input line 7: shoot: came when every cell has been answered',
      );
    });
  }

  const rules = { width: 5, height: 5, fleet: [{ length: 3 }, { length: 2 }], touch: 'allowed' };
  it.each([
    ['no cells', [], /line 5: result\.sunk: lists no cells/],
    [
      'a cell twice',
      [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 1],
      ],
      /lists \[0, 1\] twice/,
    ],
    [
      'a cell not hit',
      [
        [0, 2],
        [0, 1],
        [0, 3],
      ],
      /lists \[0, 3\], which was not answered a hit/,
    ],
    [
      'not the shot',
      [
        [0, 0],
        [0, 1],
      ],
      /leaves out the shot's own cell \[0, 2\]/,
    ],
    [
      'a bend',
      [
        [1, 1],
        [0, 1],
        [0, 2],
      ],
      /lists \[1, 1\], which was not answered a hit/,
    ],
  ])('a sunk list with %s', (_, sunk, error) => {
    const input = [
      hello,
      game(rules),
      result([0, 0], 'hit'),
      result([0, 1], 'hit'),
      result([0, 2], 'sunk', sunk as number[][]),
    ];
    const r = broadside(
      ['bot', '--strategy', 'pdf'],
      [...input, '{"type":"shoot"}', ''].join('\n'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(error);
  });

  it('a second sinking of the only 2-ship', () => {
    const input = [
      hello,
      game(rules),
      result([0, 0], 'hit'),
      result([0, 1], 'sunk', [
        [0, 0],
        [0, 1],
      ]),
      result([2, 0], 'hit'),
      result([2, 1], 'sunk', [
        [2, 1],
        [2, 0],
      ]),
    ];
    const r = broadside(['bot', '--strategy', 'pdf'], [...input, ''].join('\n'));
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^broadside: standard input line 6: result\.sunk: .*all ships of length 2 are already sunk$/,
    );
  });

  it('a legal sinking is taken and the bot fires on', () => {
    const input = [
      hello,
      game(rules),
      result([0, 0], 'hit'),
      result([0, 1], 'hit'),
      result([0, 2], 'sunk', [
        [0, 2],
        [0, 0],
        [0, 1],
      ]),
      '{"type":"shoot"}',
      '{"type":"bye"}',
    ];
    const r = broadside(['bot', '--strategy', 'pdf'], input.join('\n') + '\n');
    expect(r.code, r.stderr).toBe(0);
    const shot = JSON.parse(r.stdout.trim().split('\n')[1]!) as { cell: number[] };
    // the cells around a sunk ship of the 3 are still open (touching allowed), but not its own
    expect(shot.cell).not.toEqual([0, 0]);
    expect(shot.cell[0]! >= 0 && shot.cell[1]! >= 0).toBe(true);
  });
});
