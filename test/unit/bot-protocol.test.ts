// The pure parts of bot support: the protocol's line parsers, the shell-like word splitter, the
// layout check a placement bot's fleet goes through, and the bot side of a built-in strategy
// (driven here by the referee in-process, shot for shot against the built-in game loop).

import { describe, expect, it } from 'vitest';
import { createBotPlayer } from '../../src/core/simulate/bot-player';
import {
  PROTOCOL,
  botRules,
  parseBotLine,
  parseHarnessLine,
  toBotCell,
  type BotMessage,
} from '../../src/core/bot-protocol';
import { presetRules, type Rules } from '../../src/core/rules';
import { fleetRandom, fleetSampler, strategyRandom } from '../../src/core/simulate/fleets';
import { playGame, type Answers } from '../../src/core/simulate/game';
import { createReferee, inFleetOrder, layoutFault } from '../../src/core/simulate/referee';
import { getStrategy } from '../../src/core/strategy';
import { PosteriorCache } from '../../src/core/strategy/posterior';
import { splitWords } from '../../src/main/bots/words';

describe('splitWords: like a shell splits words, without one', () => {
  it.each([
    ['python3 bot.py', ['python3', 'bot.py']],
    ['  node   "my bot.mjs"  --depth 2 ', ['node', 'my bot.mjs', '--depth', '2']],
    ['run \'a "b" $HOME\' x', ['run', 'a "b" $HOME', 'x']],
    ['a\\ b c\\\\d', ['a b', 'c\\d']],
    ['say "x\\"y\\\\z\\n"', ['say', 'x"y\\z\\n']],
    ['p "" \'\'', ['p', '', '']],
    ['p a"b"\'c\'d', ['p', 'abcd']],
    ['p ; rm -rf x | y > z', ['p', ';', 'rm', '-rf', 'x', '|', 'y', '>', 'z']],
  ])('%s', (command, words) => {
    expect(splitWords(command)).toEqual(words);
  });

  it('refuses unclosed quotes, a trailing backslash and an empty command, naming the option', () => {
    expect(() => splitWords('p "abc', '--bot x')).toThrow(/^--bot x: has an unclosed "/);
    expect(() => splitWords("p 'abc")).toThrow(/unclosed '/);
    expect(() => splitWords('p abc\\')).toThrow(/lone backslash/);
    expect(() => splitWords('   ')).toThrow(/names no program/);
  });
});

describe('protocol lines', () => {
  it('accepts the bot messages the harness waits for', () => {
    expect(parseBotLine('{"type":"hello","name":"x"}', 'hello')).toEqual({
      ok: true,
      value: { type: 'hello', name: 'x' },
    });
    expect(parseBotLine('{"type":"shot","cell":[3,4]}', 'shot')).toEqual({
      ok: true,
      value: { type: 'shot', cell: [3, 4] },
    });
    const layout = parseBotLine('{"type":"layout","ships":[[[0,0],[0,1]]]}', 'layout');
    expect(layout.ok && layout.value.ships).toEqual([
      [
        [0, 0],
        [0, 1],
      ],
    ]);
  });

  it.each([
    ['fire!', 'shot', /not JSON/],
    ['[1,2]', 'shot', /not a JSON object/],
    ['{"cell":[1,2]}', 'shot', /no "type"/],
    ['{"type":"layout","ships":[]}', 'shot', /expected a "shot" message, got "layout"/],
    ['{"type":"shot","cell":[1.5,2]}', 'shot', /needs "cell": \[row, col\]/],
    ['{"type":"shot","cell":"A1"}', 'shot', /needs "cell"/],
    ['{"type":"layout","ships":[[1,2]]}', 'layout', /needs "ships"/],
    ['{"type":"hello"}', 'hello', /string "name"/],
  ] as const)('refuses %s while waiting for %s', (line, expect_, error) => {
    const r = parseBotLine(line, expect_);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(error);
  });

  it('reads harness messages and refuses malformed ones', () => {
    const game = parseHarnessLine('{"type":"game","game":17,"rules":{"preset":"classic"}}');
    expect(game).toEqual({
      ok: true,
      value: { type: 'game', game: 17, seed: 0, answers: 'sunk', rules: { preset: 'classic' } },
    });
    expect(parseHarnessLine('{"type":"result","cell":[0,0],"result":"sunk"}').ok).toBe(false);
    expect(parseHarnessLine('{"type":"result","cell":[0,0],"result":"boom"}').ok).toBe(false);
    expect(parseHarnessLine('{"type":"dance"}').ok).toBe(false);
  });

  it('tells a bot the rules with every ship named, in fleet order', () => {
    expect(botRules(presetRules('classic'))).toEqual({
      width: 10,
      height: 10,
      touch: 'allowed',
      fleet: [
        { length: 5, name: 'Carrier' },
        { length: 4, name: 'Battleship' },
        { length: 3, name: 'Cruiser' },
        { length: 3, name: 'Submarine' },
        { length: 2, name: 'Destroyer' },
      ],
    });
    const plain: Rules = { width: 6, height: 5, fleet: [{ length: 3 }], touch: 'no-touch' };
    expect((botRules(plain) as { fleet: unknown }).fleet).toEqual([{ length: 3, name: 'Ship 1' }]);
  });
});

describe('layoutFault: a placement bot fleet against the rules', () => {
  const rules: Rules = {
    width: 5,
    height: 5,
    fleet: [{ length: 3 }, { length: 2 }],
    touch: 'no-touch',
  };
  const at = (r: number, c: number) => r * 5 + c;
  it('accepts a legal fleet in fleet order, in either direction along each ship', () => {
    expect(
      layoutFault(rules, [
        [at(0, 2), at(0, 1), at(0, 0)],
        [at(2, 4), at(3, 4)],
      ]),
    ).toBeNull();
  });
  it.each([
    ['too few ships', [[at(0, 0), at(0, 1), at(0, 2)]], /has 1 ships, the fleet has 2/],
    [
      'fleet order swapped',
      [
        [at(2, 4), at(3, 4)],
        [at(0, 0), at(0, 1), at(0, 2)],
      ],
      /ship 1 has 2 cells, expected 3/,
    ],
    [
      'a bent ship',
      [
        [at(0, 0), at(0, 1), at(1, 1)],
        [at(3, 3), at(3, 4)],
      ],
      /not a straight/,
    ],
    [
      'a gap',
      [
        [at(0, 0), at(0, 1), at(0, 3)],
        [at(3, 3), at(3, 4)],
      ],
      /not a straight/,
    ],
    [
      'wrapping a row',
      [
        [at(0, 3), at(0, 4), at(1, 0)],
        [at(3, 3), at(3, 4)],
      ],
      /not a straight/,
    ],
    [
      'overlap',
      [
        [at(0, 0), at(0, 1), at(0, 2)],
        [at(0, 2), at(1, 2)],
      ],
      /ship 2 overlaps ship 1/,
    ],
    [
      'touching',
      [
        [at(0, 0), at(0, 1), at(0, 2)],
        [at(1, 3), at(2, 3)],
      ],
      /touches ship .*no-touch/,
    ],
    [
      'off the board',
      [
        [at(0, 0), at(0, 1), at(0, 2)],
        [25, 26],
      ],
      /leaves the board/,
    ],
  ])('refuses %s', (_, layout, error) => {
    expect(layoutFault(rules, layout)).toMatch(error);
  });
});

/** Plays one game with the bot side of `strategy`, answered by the referee, as the harness does. */
function playThroughProtocol(
  rules: Rules,
  layout: number[][],
  strategy: string,
  seed: number,
  game: number,
  answers: Answers,
): number[] {
  const player = createBotPlayer(getStrategy(strategy), () => undefined);
  const ask = (m: Parameters<typeof player.handle>[0]) => player.handle(m) as BotMessage;
  expect(ask({ type: 'hello', protocol: PROTOCOL })).toEqual({
    type: 'hello',
    name: `broadside ${strategy}`,
  });
  ask({ type: 'game', game, seed, answers, rules: botRules(rules) });
  const referee = createReferee(rules, layout, answers);
  const cells: number[] = [];
  while (referee.afloat() > 0) {
    const shot = ask({ type: 'shoot' });
    if (shot.type !== 'shot') throw new Error('expected a shot');
    const cell = shot.cell[0] * rules.width + shot.cell[1];
    expect(referee.refuse(cell)).toBeNull();
    cells.push(cell);
    const answer = referee.fire(cell);
    ask({
      type: 'result',
      cell: shot.cell,
      result: answer.result,
      ...(answer.sunk ? { sunk: answer.sunk.map((c) => toBotCell(c, rules.width)) } : {}),
    });
  }
  return cells;
}

describe('a built-in strategy behind the protocol fires the built-in shots', () => {
  const rules = presetRules('classic');
  const sampler = fleetSampler(rules);
  it.each([
    ['pdf', 'sunk'],
    ['random', 'sunk'],
    ['hunt-target', 'sunk'],
    ['parity', 'hit-miss'],
    ['pdf', 'hit-miss'],
  ] as const)('%s with %s answers, games 0-3 of seed 7', (strategy, answers) => {
    for (let game = 0; game < 4; game++) {
      const layout = sampler.draw(fleetRandom(7, game));
      const cells: number[] = [];
      const shooter = getStrategy(strategy).create({
        rules,
        random: strategyRandom(7, game, strategy),
        posteriors: new PosteriorCache(100),
      });
      playGame(rules, layout, shooter, { answers, onShot: (s) => cells.push(s.cell) });
      expect(playThroughProtocol(rules, layout, strategy, 7, game, answers)).toEqual(cells);
    }
  });

  it('places the fleet the simulator draws for the game, in fleet order', () => {
    const player = createBotPlayer(getStrategy('random'), () => undefined);
    player.handle({ type: 'game', game: 5, seed: 3, answers: 'sunk', rules: botRules(rules) });
    const placed = player.handle({ type: 'place' }) as BotMessage;
    const expected = inFleetOrder(rules, sampler.draw(fleetRandom(3, 5)));
    expect(placed).toEqual({
      type: 'layout',
      ships: expected.map((ship) => ship.map((c) => toBotCell(c, 10))),
    });
    expect(layoutFault(rules, expected)).toBeNull();
  });
});

describe('the API contract names bots by command only', () => {
  it('simulate takes bots as {name, command}; no argv, placer or time limit field', async () => {
    const { methodTable } = await import('../../src/shared/api');
    const base = { rules: { preset: 'classic' }, strategies: ['pdf'], games: 1, seed: 1 };
    const bots = [{ name: 'mine', command: 'python3 bot.py' }];
    expect(methodTable.simulate.params.parse({ ...base, bots }, '')).toMatchObject({ bots });
    expect(() =>
      methodTable.simulate.params.parse({ ...base, bots: [{ name: 'x', argv: ['sh'] }] }, ''),
    ).toThrow(/unknown field "argv"/);
    for (const field of ['placer', 'botTimeoutMs']) {
      expect(() => methodTable.simulate.params.parse({ ...base, [field]: 100 }, '')).toThrow(
        new RegExp(`unknown field "${field}"`),
      );
    }
  });
});
