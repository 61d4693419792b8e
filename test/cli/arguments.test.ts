// How the command line reads its arguments and explains them, as users meet it: the built bin in
// a child process. A mistake gets one line that says what is wrong and what to type instead; the
// help texts fit an 80-column terminal.

import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands';
import { broadside } from '../support/cli';

/** One line on stderr, exit code 2, nothing on stdout, no stack trace. */
function expectOneLineError(r: ReturnType<typeof broadside>, args: string[]): string {
  expect(r.code, args.join(' ')).toBe(2);
  expect(r.stdout, args.join(' ')).toBe('');
  expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
  expect(r.stderr, args.join(' ')).not.toMatch(/\n\s+at |Error:|parseArgs|ERR_/);
  return r.stderr.trimEnd();
}

describe('option mistakes', () => {
  it('a mistyped option names the one that was meant', () => {
    const cases: [string[], string][] = [
      [
        ['solve', 'board.json', '--solvr', 'dp'],
        'broadside: solve: unknown option --solvr (did you mean --solver?)',
      ],
      [
        ['simulate', '--strategy', 'pdf', '--bot-timout', '3'],
        'broadside: simulate: unknown option --bot-timout (did you mean --bot-timeout?)',
      ],
      [
        ['batch', '--thread', '2'],
        'broadside: batch: unknown option --thread (did you mean --threads?)',
      ],
      [
        ['learn', 'g.json', '--metohd', 'fit'],
        'broadside: learn: unknown option --metohd (did you mean --method?)',
      ],
      [
        ['optimal', '--strat', 'pdf'],
        'broadside: optimal: unknown option --strat (did you mean --strategy?)',
      ],
    ];
    for (const [args, line] of cases) expect(expectOneLineError(broadside(args), args)).toBe(line);
  });

  it('an option nothing resembles lists the options the command takes', () => {
    const args = ['export', '--bogus'];
    expect(expectOneLineError(broadside(args), args)).toBe(
      'broadside: export: unknown option --bogus (export takes --db, --out)',
    );
    const short = ['solve', '-x', 'board.json'];
    expect(expectOneLineError(broadside(short), short)).toBe(
      'broadside: solve: unknown option -x (solve takes --solver, --prior, --json, --memory, --no-graphs)',
    );
  });

  it('a negative number reaches the option check, which says the range', () => {
    const cases: [string[], string][] = [
      [
        ['simulate', '--strategy', 'pdf', '--games', '-5'],
        'broadside: --games: must be a whole number from 1 to 10,000,000, got "-5"',
      ],
      [
        ['simulate', '--strategy', 'pdf', '--games', '10', '--threads', '-1'],
        'broadside: --threads: must be a whole number from 1 to 256, got "-1"',
      ],
      [
        ['web', '--memory', '100'],
        'broadside: --memory: must be a whole number from 256 to 1,048,576, got "100"',
      ],
      [
        ['solve', 'board.json', '--memory', '-1'],
        'broadside: --memory: must be a whole number from 256 to 1,048,576, got "-1"',
      ],
    ];
    for (const [args, line] of cases) expect(expectOneLineError(broadside(args), args)).toBe(line);
  });

  it('a missing value, a value given to a switch and an option in place of a value', () => {
    const cases: [string[], string][] = [
      [
        ['simulate', '--strategy', 'pdf', '--games'],
        'broadside: simulate: option --games needs a value: --games N',
      ],
      [
        ['solve', 'board.json', '--json=yes'],
        'broadside: solve: option --json is a switch and takes no value, got --json=yes',
      ],
      [
        ['solve', 'board.json', '--solver', '--json'],
        'broadside: solve: option --solver needs a value but is followed by --json: --solver NAME (write --solver=VALUE for a value that starts with a dash)',
      ],
    ];
    for (const [args, line] of cases) expect(expectOneLineError(broadside(args), args)).toBe(line);
  });

  it('a mistyped command names the one that was meant, in one line', () => {
    const args = ['slove', 'board.json'];
    expect(expectOneLineError(broadside(args), args)).toBe(
      'broadside: unknown command "slove" (did you mean solve?); see broadside --help',
    );
  });

  it('an unknown command is one line pointing to --help, not the whole usage', () => {
    const args = ['frobnicate'];
    expect(expectOneLineError(broadside(args), args)).toBe(
      'broadside: unknown command "frobnicate"; see broadside --help',
    );
  });
});

describe('help', () => {
  const expectFits = (text: string, what: string): void => {
    for (const line of text.split('\n')) {
      expect(line.length, `${what}: ${JSON.stringify(line)}`).toBeLessThanOrEqual(80);
      expect(line, `${what}: trailing spaces`).toBe(line.trimEnd());
    }
  };

  it('broadside --help lists every command with its summary in 80 columns', () => {
    const r = broadside(['--help']);
    expect(r.code).toBe(0);
    expectFits(r.stdout, '--help');
    const flat = r.stdout.replace(/\s+/g, ' ');
    for (const command of commands) {
      expect(r.stdout).toMatch(new RegExp(`^  ${command.name} `, 'm'));
      expect(flat).toContain(command.summary);
    }
  });

  it("each command's --help shows its whole usage and summary in 80 columns", () => {
    for (const command of commands) {
      const r = broadside([command.name, '--help']);
      expect(r.code, command.name).toBe(0);
      expectFits(r.stdout, `${command.name} --help`);
      // Read back without the line breaks, the usage is all there, word for word.
      const flat = r.stdout
        .replace(/\|\n\s+/g, '|')
        .replace(/\s+/g, ' ')
        .replace(/ or: broadside /g, ' | ');
      expect(flat).toContain(`Usage: broadside ${command.usage} `);
      expect(flat).toContain(command.summary);
    }
  });
});
