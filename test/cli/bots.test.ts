// External bots in `broadside simulate`, with real child processes: a well-behaved bot in Python
// and one in Node, deliberately broken bots (each fault reported, the run completed), a placement
// bot, `broadside bot --strategy pdf` against the built-in pdf, and bots ended with the run.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationReport } from '../../src/core/simulate/report';
import { broadside } from '../support/cli';
import { CLI, ROOT, OLDER_SYSTEM_NODE } from '../support/paths';

const dir = mkdtempSync(join(tmpdir(), 'broadside-bots-'));
const node = process.execPath;
const FAULTY = join(ROOT, 'test/support/bots/faulty-bot.mjs');
const quote = (s: string) => `'${s}'`;
const faulty = (mode: string, pidFile?: string) =>
  [node, FAULTY, mode, ...(pidFile ? [pidFile] : [])].map(quote).join(' ');
const builtIn = (strategy: string) => `${quote(node)} ${quote(CLI)} bot --strategy ${strategy}`;

function simulate(args: string[]): SimulationReport {
  const r = broadside(['simulate', '--json', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as SimulationReport;
}

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) console.log('bots.test: python3 not found, the Python example bot is not tested');

describe('well-behaved bots play beside the strategies on the same fleets', () => {
  it.skipIf(!hasPython)('the Python example bot: every game finished, no fault', () => {
    const bot = `python3 ${quote(join(ROOT, 'examples/python-bot.py'))}`;
    const report = simulate(['--strategy', 'random', '--games', '12', '--bot', `hunter=${bot}`]);
    const hunter = report.strategies['hunter']!;
    expect(hunter.games).toBe(12);
    expect(report.bots!.shooters['hunter']).toMatchObject({ forfeits: 0 });
    expect(report.bots!.faultCount).toBe(0);
    // hunting on a checkerboard and clearing around hits beats random fire on every fleet here
    expect(hunter.max).toBeLessThan(report.strategies['random']!.min);
    expect(report.paired).toContainEqual(
      expect.objectContaining({ a: 'random', b: 'hunter', games: 12, bFewer: 12 }),
    );
    // as a placer, on the margin rules (no touching): every fleet it places passes the check
    const placed = simulate([
      '--strategy',
      'pdf',
      '--rules',
      'margin',
      '--games',
      '6',
      '--placer',
      `hunter=${bot}`,
    ]);
    expect(placed.bots!.placer).toMatchObject({ name: 'hunter', faults: 0 });
    expect(placed.bots!.faultCount).toBe(0);
  });

  it('the Node example bot, and a run with bots repeats exactly on 1 or 2 threads', () => {
    const bot = `${quote(node)} ${quote(join(ROOT, 'examples/node-bot.mjs'))}`;
    const args = ['--strategy', 'hunt-target', '--games', '16', '--bot', `sweeper=${bot}`];
    const one = simulate([...args, '--threads', '1']);
    const two = simulate([...args, '--threads', '2']);
    expect(one.bots!.faultCount).toBe(0);
    expect(one.strategies['sweeper']!.max).toBeLessThan(100);
    expect(two.strategies['sweeper']!.histogram).toEqual(one.strategies['sweeper']!.histogram);
    expect(two.paired).toEqual(one.paired);
  });

  it('broadside bot --strategy pdf through --bot fires the shots of the built-in pdf, game for game', () => {
    const report = simulate([
      '--strategy',
      'pdf',
      '--games',
      '24',
      '--seed',
      '11',
      '--threads',
      '2',
      '--answers',
      'hit-miss',
      '--bot',
      `viabot=${builtIn('pdf')}`,
    ]);
    const pair = report.paired.find((p) => p.a === 'pdf' && p.b === 'viabot')!;
    expect(pair).toMatchObject({ games: 24, equal: 24, meanDifference: 0 });
    expect(report.strategies['viabot']!.histogram).toEqual(report.strategies['pdf']!.histogram);
  });
});

describe('faulty bots forfeit their games and the run completes', () => {
  /** The faulty bots of `modes` in one 6-game run under a time limit per shot. */
  function faultyRun(modes: string[], botTimeout: string): SimulationReport {
    return simulate([
      '--strategy',
      'random',
      '--games',
      '6',
      '--threads',
      '2',
      '--bot-timeout',
      botTimeout,
      ...modes.flatMap((m) => ['--bot', `${m}=${faulty(m)}`]),
    ]);
  }

  function expectForfeits(report: SimulationReport, kinds: Record<string, string>): void {
    for (const [mode, kind] of Object.entries(kinds)) {
      // faulty in games 1 and 4 only: restarted after each fault, it plays the other games
      expect(report.bots!.shooters[mode], mode).toMatchObject({
        forfeits: 2,
        byKind: { [kind]: 2 },
      });
      const games = report.bots!.faults.filter((f) => f.bot === mode).map((f) => f.game);
      expect(games, mode).toEqual([1, 4]);
      expect(report.strategies[mode]!.max).toBe(100);
      expect(report.strategies[mode]!.histogram['100']).toBe(2);
    }
  }

  it('hang, crash, garbage, off-board and repeated cell: each reported', () => {
    const kinds: Record<string, string> = {
      hang: 'timeout',
      crash: 'exited',
      garbage: 'garbage',
      'off-board': 'off-board',
      repeat: 'repeated-cell',
    };
    // The hanging bot's two timeouts cost a few seconds; the others answer well within the
    // limit even on a busy machine.
    const report = faultyRun(Object.keys(kinds), '5');
    expectForfeits(report, kinds);
    const crash = report.bots!.faults.find((f) => f.bot === 'crash' && f.game === 4)!;
    expect(crash.stderr).toEqual(['crash bot: giving up in game 4']);
    expect(crash.message).toBe('exited with code 3');
    const garbage = report.bots!.faults.find((f) => f.bot === 'garbage')!;
    expect(garbage.message).toMatch(/not JSON: "fire at will!"/);
  });

  it('a stderr flood: the bot exits, and only a bounded head and tail of its lines are kept', () => {
    // 20,000 lines of 300 characters take a while to write on a busy machine: a limit that
    // leaves no doubt the bot's own exit ends its game, not the clock.
    const report = faultyRun(['flood'], '120');
    expectForfeits(report, { flood: 'exited' });
    const flood = report.bots!.faults.find((f) => f.bot === 'flood')!;
    expect(flood.stderr.length).toBeLessThanOrEqual(17);
    expect(flood.stderr[0]).toMatch(/^flood line 0 x+\.\.\.$/);
    expect(flood.stderr.join('\n')).toMatch(/lines left out/);
    expect(flood.stderr.at(-1)).toMatch(/^flood line 19999 /);
    expect(flood.stderr.every((l) => l.length <= 210)).toBe(true);
  });

  it('control characters a bot writes to stderr are escaped, never reach the terminal raw', () => {
    const run = ['--strategy', 'random', '--games', '2', '--bot', `esc=${faulty('escapes')}`];
    const r = broadside(['simulate', ...run]);
    expect(r.code, r.stderr).toBe(0);
    const printed = r.stdout + r.stderr;
    expect(printed).toContain('stderr: title\\x1b]2;owned\\x07 clear\\x1b[2J csi\\x9b1m end');
    // eslint-disable-next-line no-control-regex -- no raw control character may be printed
    expect(printed).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    // the same run as JSON keeps what the bot wrote, escaped the same way
    const json = simulate(run);
    expect(json.bots!.faults[0]!.stderr).toEqual([
      'title\\x1b]2;owned\\x07 clear\\x1b[2J csi\\x9b1m end',
      'red\\x1b[31m',
    ]);
  });

  it('slices of a run with faulty bots merge into the run, faults added up', () => {
    const args = (first: number, games: number) => [
      '--strategy',
      'random',
      '--first-game',
      String(first),
      '--games',
      String(games),
      // long enough that a healthy answer is never late on a busy machine: the faults counted
      // are the bots' own
      '--bot-timeout',
      '5',
      ...['crash', 'garbage'].flatMap((m) => ['--bot', `${m}=${faulty(m)}`]),
    ];
    const stripTimings = (report: Record<string, unknown>): string => {
      delete report.wallMs;
      delete report.threads;
      for (const s of Object.values(report.strategies as Record<string, Record<string, number>>)) {
        s.ms = s.msPerShot = s.msPerGame = 0;
      }
      return JSON.stringify(report);
    };
    const whole = simulate(args(0, 6));
    const later = join(dir, 'later.json');
    const earlier = join(dir, 'earlier.json');
    writeFileSync(later, JSON.stringify(simulate(args(3, 3))));
    writeFileSync(earlier, JSON.stringify(simulate(args(0, 3))));
    const merged = broadside(['merge', later, earlier, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(whole.bots!.faultCount).toBe(4);
    expect(stripTimings(JSON.parse(merged.stdout))).toBe(
      stripTimings(whole as unknown as Record<string, unknown>),
    );
    // another command under the same bot name is another simulation: refused
    const other = join(dir, 'other.json');
    const swapped = args(3, 3).map((a) =>
      a === `crash=${faulty('crash')}` ? `crash=${faulty('hang')}` : a,
    );
    writeFileSync(other, JSON.stringify(simulate(swapped)));
    const refused = broadside(['merge', earlier, other]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/its bots differs/);
  });

  it('a placer: its fleets are the hidden ones; an illegal layout is a fault of that game', () => {
    const base = ['--strategy', 'pdf', '--games', '9', '--threads', '2'];
    const plain = simulate(base);
    // the built-in bot places the fleet the simulator would have drawn: the same games
    const same = simulate([...base, '--placer', `drawn=${builtIn('random')}`]);
    expect(same.strategies['pdf']!.histogram).toEqual(plain.strategies['pdf']!.histogram);
    expect(same.bots!.placer).toMatchObject({ name: 'drawn', faults: 0 });
    const bad = simulate([...base, '--placer', `rows=${faulty('bad-layout')}`]);
    expect(bad.bots!.placer).toMatchObject({ name: 'rows', faults: 3 });
    expect(bad.bots!.faults.map((f) => [f.game, f.role, f.kind])).toEqual([
      [1, 'placer', 'illegal-layout'],
      [4, 'placer', 'illegal-layout'],
      [7, 'placer', 'illegal-layout'],
    ]);
    expect(bad.bots!.faults[0]!.message).toMatch(/ship 2 overlaps ship 1/);
    // its legal fleets (ship k on row 2k) differ from the drawn ones
    expect(bad.strategies['pdf']!.histogram).not.toEqual(plain.strategies['pdf']!.histogram);
  });

  it('refuses a bad --bot in one line, naming the option', () => {
    for (const [arg, error] of [
      ['nobody', /--bot: needs NAME=COMMAND/],
      ['x=', /--bot x: names no program/],
      ['x=node "a', /--bot x: has an unclosed "/],
      ['pdf=node a.mjs', /the name "pdf" is taken/],
    ] as const) {
      const r = broadside(['simulate', '--strategy', 'pdf', '--games', '1', '--bot', arg]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(error);
    }
    // a placer alone has nobody to shoot at its fleets
    const alone = broadside(['simulate', '--games', '1', '--placer', `p=${faulty('hang')}`]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/^broadside: --strategy: needs a comma-separated list/);
    const missing = simulate(['--games', '2', '--bot', 'ghost=/nonexistent/bot-program']);
    expect(missing.bots!.faults[0]).toMatchObject({ kind: 'exited', game: 0 });
    expect(missing.bots!.faults[0]!.message).toMatch(/could not be started: .*ENOENT/);
  });
});

/** Running and not a zombie (a bot that is gone but not yet reaped has stopped all the same). */
function running(pid: number): boolean {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The pids the bots wrote to `file`, once there are `count` of them. */
async function botPids(file: string, count: number): Promise<number[]> {
  for (let i = 0; i < 400; i++) {
    if (existsSync(file)) {
      const pids = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
      if (pids.length >= count) return pids;
    }
    await sleep(25);
  }
  throw new Error('the bot never started');
}

/** Bots a test waits on: any still running when it ends (it timed out) are killed. */
const watched = new Set<number>();
afterEach(() => {
  for (const pid of watched) if (running(pid)) process.kill(pid, 'SIGKILL');
  watched.clear();
});

/**
 * Resolves once `pid` is gone. No clock of its own: a bot left hanging fails the test by its
 * time limit, and is then killed.
 */
async function gone(pid: number): Promise<true> {
  watched.add(pid);
  while (running(pid)) await sleep(20);
  return true;
}

const systemNode = OLDER_SYSTEM_NODE;

describe.skipIf(process.platform !== 'linux')('bots end with the run', () => {
  // a bot that stalls in game 1 with a minute to answer (it hangs, or also ignores SIGTERM when
  // deaf): only the run's end can stop it
  const stalledRun = (runner: string, pidFile: string, fault: 'hang' | 'deaf' = 'hang') =>
    spawn(
      runner,
      [
        CLI,
        'simulate',
        '--strategy',
        'random',
        '--games',
        '3',
        '--threads',
        '1',
        '--bot-timeout',
        '60',
        '--bot',
        `${fault === 'hang' ? 'stuck' : 'deaf'}=${faulty(fault, pidFile)}`,
      ],
      { stdio: 'ignore' },
    );

  it('Ctrl+C (SIGINT) cancels the run and kills the hanging bot', async () => {
    const pidFile = join(dir, 'sigint.pids');
    writeFileSync(pidFile, '');
    const run = stalledRun(node, pidFile);
    // each chunk (here one game) starts the bot afresh: the second one hangs in game 1
    const bot = (await botPids(pidFile, 2))[1];
    await sleep(500);
    expect(running(bot!)).toBe(true);
    const exited = new Promise<number | null>((r) => run.on('exit', (code) => r(code)));
    run.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(await gone(bot!)).toBe(true);
  });

  it('what a well-behaved bot started in the background ends with the run', async () => {
    const pidFile = join(dir, 'background.pids');
    writeFileSync(pidFile, '');
    const bot = `${quote(node)} ${quote(join(ROOT, 'examples/node-bot.mjs'))}`;
    // the shell records its background sleep's pid, then becomes the bot (the group leader)
    const script = `sleep 95 & echo $! >> ${quote(pidFile)}; exec ${bot}`;
    const report = simulate([
      '--strategy',
      'random',
      '--games',
      '2',
      '--bot',
      `bg=sh -c "${script}"`,
    ]);
    expect(report.bots!.faultCount).toBe(0);
    const sleepers = await botPids(pidFile, 1);
    expect(sleepers.length).toBeGreaterThan(0);
    for (const pid of sleepers) expect(await gone(pid), `sleep ${pid}`).toBe(true);
  });

  it('kill -9 of the process running a bot that ignores SIGTERM ends the bot', async () => {
    const pidFile = join(dir, 'deaf.pids');
    writeFileSync(pidFile, '');
    const run = stalledRun(node, pidFile, 'deaf');
    const bot = (await botPids(pidFile, 2))[1];
    await sleep(300);
    expect(running(bot!)).toBe(true);
    const exited = new Promise<NodeJS.Signals | null>((r) => run.on('exit', (_, sig) => r(sig)));
    run.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await gone(bot!)).toBe(true);
  });

  it.skipIf(!systemNode)('the death of the parent (kill -9) ends the bot too', async () => {
    const pidFile = join(dir, 'parent.pids');
    writeFileSync(pidFile, '');
    // started by an older Node, the command re-executes itself; the first process is killed
    const run = stalledRun(systemNode!, pidFile);
    const bot = (await botPids(pidFile, 2))[1];
    await sleep(300);
    run.kill('SIGKILL');
    expect(await gone(bot!)).toBe(true);
  });
});
