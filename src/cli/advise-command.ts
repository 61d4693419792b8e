// `broadside advise GAMES.json [--rules R] [--candidates N] [--suggestions N] [--seed N] [--json]`:
// the placement advisor for our own fleet, read from an opponent's logged shots at us (game logs
// with firedBy "opponent"): the risk map (how early their search reaches each cell) and the
// layouts their shooting needs most shots to sink. `advise --random --rules R`: one uniformly
// random legal layout instead (the choice no habit of theirs can exploit).

import { InputError } from '../core/errors';
import { gridRows } from '../core/position';
import { rulesToJson } from '../core/rules-json';
import { adviseLayouts, randomLayout } from '../core/prior/advisor';
import { parseGames } from '../core/prior/learn';
import { seededRandom } from '../core/random';
import { cellName, type Rules } from '../core/rules';
import type { Command } from './command';
import { readInput } from './io';
import { loadRules, wholeNumber } from './options';

/** A layout drawn as rows of text: a letter per ship (A for the first), '.' for water. */
export function layoutRows(rules: Rules, layout: number[][]): string[] {
  const cells = Array<string>(rules.width * rules.height).fill('.');
  layout.forEach((ship, k) => ship.forEach((c) => (cells[c] = String.fromCharCode(65 + (k % 26)))));
  return Array.from({ length: rules.height }, (_, r) =>
    cells.slice(r * rules.width, (r + 1) * rules.width).join(' '),
  );
}

const asCells = (rules: Rules, layout: number[][]): [number, number][][] =>
  layout.map((ship) => ship.map((c) => [Math.floor(c / rules.width), c % rules.width]));

const shipNames = (rules: Rules, layout: number[][]): string =>
  layout
    .map((ship) => ship.map((c) => cellName(Math.floor(c / rules.width), c % rules.width)))
    .map((names) => (names.length === 1 ? names[0]! : `${names[0]}-${names.at(-1)}`))
    .join(' ');

async function readGames(file: string): Promise<unknown> {
  const text = await readInput(file);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(file, `is not valid JSON (${(e as Error).message})`);
  }
}

export const adviseCliCommand: Command = {
  name: 'advise',
  usage:
    'advise GAMES.json [--rules R] [--candidates N] [--suggestions N] [--seed N] [--json] | advise --random --rules R [--seed N] [--json]',
  summary: "where to put our fleet against an opponent's logged shooting, or a random layout",
  options: {
    random: { type: 'boolean' },
    rules: { type: 'string' },
    candidates: { type: 'string' },
    suggestions: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, positionals }) {
    const seed = wholeNumber('--seed', values.seed, Date.now() % 2 ** 31, 1, 2 ** 31);
    const rules = typeof values.rules === 'string' ? await loadRules(values.rules) : undefined;
    const json = values.json === true;
    if (values.random === true) {
      if (positionals.length) {
        throw new InputError('advise --random', `takes no games file, got ${positionals[0]}`);
      }
      if (!rules) throw new InputError('advise --random', 'needs --rules (a preset or a file)');
      const layout = randomLayout(rules, seededRandom(seed));
      if (json)
        console.log(
          JSON.stringify({ rules: rulesToJson(rules), layout: asCells(rules, layout), seed }),
        );
      else
        console.log(
          [
            `a uniformly random legal layout (seed ${seed}):`,
            '',
            ...layoutRows(rules, layout),
            '',
            shipNames(rules, layout),
          ].join('\n'),
        );
      return 0;
    }
    const [file, ...extra] = positionals;
    if (file === undefined) {
      throw new InputError('advise', 'needs a GAMES.json file of their shots at us (or --random)');
    }
    if (extra.length) throw new InputError('advise', `takes one file, got also ${extra.join(' ')}`);
    const advice = adviseLayouts(parseGames(await readGames(file)), {
      rules,
      seed,
      candidates: wholeNumber('--candidates', values.candidates, 2000, 1, 100_000),
      suggestions: wholeNumber('--suggestions', values.suggestions, 3, 1, 100),
    });
    const r = advice.rules;
    if (json) {
      console.log(
        JSON.stringify({
          rules: rulesToJson(r),
          games: advice.games,
          risk: gridRows(
            advice.risk.map((v) => Number(v.toFixed(4))),
            r.width,
          ),
          suggestions: advice.suggestions.map((s) => ({
            layout: asCells(r, s.layout),
            expectedShots: s.expectedShots,
            meanShipShots: s.meanShipShots,
          })),
          baseline: advice.baseline,
          candidates: advice.candidates,
        }),
      );
      return 0;
    }
    const header =
      '    ' +
      Array.from({ length: r.width }, (_, c) => String.fromCharCode(65 + c).padStart(5)).join('');
    const lines = [
      `${advice.games} games of their shots at us; ${advice.candidates} random layouts scored (seed ${seed})`,
      '',
      'risk: how early their search reaches each cell (1 = their first shot, 0 = never)',
      header,
      ...gridRows(advice.risk, r.width).map(
        (row, i) =>
          String(i + 1).padStart(3) + ' ' + row.map((v) => v.toFixed(2).padStart(5)).join(''),
      ),
      '',
      `a random layout needs ${advice.baseline.toFixed(1)} of their shots on average; the slowest for them:`,
    ];
    advice.suggestions.forEach((s, k) => {
      lines.push(
        '',
        `#${k + 1}: ${s.expectedShots.toFixed(1)} shots (a ship sinks at shot ${s.meanShipShots.toFixed(1)} on average)  ${shipNames(r, s.layout)}`,
        ...layoutRows(r, s.layout),
      );
    });
    console.log(lines.join('\n'));
    return 0;
  },
};
