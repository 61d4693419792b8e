// `broadside learn` and `broadside solve --prior` as users run them: the built bin, real files.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadside } from '../support/cli';
import { gameLogToJson } from '../../src/core/game-log';
import { parseRules } from '../../src/core/rules-json';
import { seededRandom } from '../../src/core/random';
import { edgeHuggerLayout, playedGame, revealedGame } from '../../experiments/opponents';

const dir = mkdtempSync(join(tmpdir(), 'broadside-learn-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const six = parseRules({ width: 6, height: 6, fleet: [3, 3, 2], touch: 'allowed' });
const random = seededRandom(12);
const games = Array.from({ length: 16 }, (_, k) => {
  const layout = edgeHuggerLayout(six, random);
  return gameLogToJson(
    k % 4 === 3 ? playedGame(six, layout, random, 8) : revealedGame(six, layout),
  );
});
const gamesFile = write('games.json', games);

// Classic rules, the top seven rows missed: quick to solve exactly.
const late = `rules: classic\n${'oooooooooo\n'.repeat(7)}${'..........\n'.repeat(3)}`;

describe('broadside learn', () => {
  it('--json prints {"method", "games", "grid", "logLikelihood"} for both methods', () => {
    for (const method of ['fit', 'counts']) {
      const r = broadside(['learn', gamesFile, '--method', method, '--json']);
      expect(r.code).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json).toMatchObject({ method, games: 16, fullGames: 12, partialGames: 4 });
      expect(json.grid).toHaveLength(6);
      for (const row of json.grid) {
        expect(row).toHaveLength(6);
        for (const w of row) expect(w).toBeGreaterThan(0);
      }
      expect(typeof json.logLikelihood).toBe('number');
      expect(json.logLikelihood).toBeGreaterThan(json.uniformLogLikelihood);
      expect(json.rules).toEqual({ width: 6, height: 6, fleet: [3, 3, 2], touch: 'allowed' });
    }
  });

  it('prints the grid without --json, and takes {"games": [...]} and --symmetric', () => {
    const r = broadside(['learn', write('bundle.json', { games }), '--symmetric']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^fit \(symmetric\): 16 games \(12 whole fleets, 4 partial\)/);
    expect(r.stdout).toMatch(/log-likelihood -?\d+\.\d+ vs uniform -?\d+\.\d+/);
    expect(r.stdout.split('\n').filter((l) => /^\s+[1-6](\s+\d+\.\d\d){6}$/.test(l))).toHaveLength(
      6,
    );
  });

  it('refuses bad input with exit code 2 and a message naming the problem', () => {
    let r = broadside(['learn', gamesFile, '--method', 'magic']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--method: must be one of counts, fit, got "magic"/);
    r = broadside(['learn', write('bad.json', [games[0], { ...games[1], shots: 3 }])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/game 2\.shots/);
    r = broadside(['learn', join(dir, 'missing.json')]);
    expect(r.code).toBe(2);
  });

  it('refuses a game with a hit after every ship sank, naming the shot, and learns nothing', () => {
    const rules = { width: 4, height: 4, fleet: [1], touch: 'allowed' };
    const over = {
      rules,
      shots: [
        { cell: [0, 0], result: 'sunk', sunk: [[0, 0]] },
        { cell: [2, 1], result: 'hit' },
      ],
    };
    const r = broadside(['learn', write('over.json', [over]), '--json']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'broadside: game 1 shot 2 (B3): is a hit after every ship sank (the last at shot 1)',
    );
  });
});

describe('broadside solve --prior', () => {
  it('human weighs the classic solve; uniform keeps exact counts', () => {
    const pos = write('late.txt', late);
    const human = JSON.parse(broadside(['solve', pos, '--prior', 'human', '--json']).stdout);
    const uniform = JSON.parse(broadside(['solve', pos, '--prior', 'uniform', '--json']).stdout);
    expect(human.weighted).toBe(true);
    expect(uniform.weighted).toBe(false);
    expect(typeof uniform.total).toBe('string');
    // The bottom row's corners: people put ships there more often than uniform layouts do.
    expect(human.probabilities[9][0]).toBeGreaterThan(uniform.probabilities[9][0]);
    const edges = broadside(['solve', pos, '--prior', 'edges', '--json']);
    expect(edges.code).toBe(0);
    expect(JSON.parse(edges.stdout).weighted).toBe(true);
  });

  it('says the human prior does not apply to other rules', () => {
    const pos = write('russian.txt', 'rules: russian\n' + '..........\n'.repeat(10));
    const r = broadside(['solve', pos, '--prior', 'human']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /prior: the "Human players \(classic\)" prior was fitted to games on classic rules/,
    );
    expect(r.stderr).toMatch(/does not apply to 10x10, ships 4,3,3,2,2,2,1,1,1,1, touch no-touch/);
  });

  it('takes a learned prior file (the learn --json output), checking its rules', () => {
    const learned = broadside(['learn', gamesFile, '--json']);
    const priorFile = write('prior.json', learned.stdout);
    const pos = write('six.json', { rules: { width: 6, height: 6, fleet: [3, 3, 2] } });
    const r = broadside(['solve', pos, '--prior', priorFile, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).weighted).toBe(true);
    const grid = write('grid.json', JSON.parse(learned.stdout).grid);
    expect(broadside(['solve', pos, '--prior', grid, '--json']).code).toBe(0);
    const other = write('seven.json', { rules: { width: 7, height: 7, fleet: [3, 3, 2] } });
    const bad = broadside(['solve', other, '--prior', priorFile]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /was made for 6x6, ships 3,3,2, touch allowed, but the position is 7x7/,
    );
  });
});
