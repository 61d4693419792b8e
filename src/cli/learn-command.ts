// `broadside learn GAMES.json [--method counts|fit] [--symmetric] [--json]`: an opponent's layout
// prior from their logged games (an array of game logs, or {"games": [...]}). The printed grid
// (or the `--json` object, saved to a file) is what `solve --prior FILE` takes.

import { InputError } from '../core/errors';
import { gridRows } from '../core/position';
import { LEARN_METHODS, learnPrior, parseGames, type LearnMethod } from '../core/prior/learn';
import { rulesToJson } from '../core/rules-json';
import type { Command } from './command';
import { readInput } from './io';

export interface LearnArgs {
  file: string;
  method: LearnMethod;
  symmetric: boolean;
  json: boolean;
}

export async function learnCommand(args: LearnArgs): Promise<number> {
  const text = await readInput(args.file);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError(args.file, `is not valid JSON (${(e as Error).message})`);
  }
  const prior = learnPrior(parseGames(raw), { method: args.method, symmetric: args.symmetric });
  const W = prior.rules.width;
  const grid = gridRows(
    prior.grid.map((w) => Number(w.toPrecision(6))),
    W,
  );
  if (args.json) {
    console.log(
      JSON.stringify({
        method: prior.method,
        games: prior.games,
        grid,
        logLikelihood: prior.logLikelihood,
        uniformLogLikelihood: prior.uniformLogLikelihood,
        fullGames: prior.fullGames,
        partialGames: prior.partialGames,
        symmetric: prior.symmetric,
        rules: rulesToJson(prior.rules),
      }),
    );
    return 0;
  }
  const lines = [
    `${prior.method}${prior.symmetric ? ' (symmetric)' : ''}: ${prior.games} games (${prior.fullGames} whole fleets, ${prior.partialGames} partial${prior.skipped ? `, ${prior.skipped} skipped` : ''}), ${prior.ms.toFixed(0)} ms`,
    `log-likelihood ${prior.logLikelihood.toFixed(3)} vs uniform ${prior.uniformLogLikelihood.toFixed(3)} (natural log, these games)`,
    '',
    '    ' + Array.from({ length: W }, (_, c) => String.fromCharCode(65 + c).padStart(6)).join(''),
    ...grid.map(
      (row, r) =>
        String(r + 1).padStart(3) + ' ' + row.map((w) => w.toFixed(2).padStart(6)).join(''),
    ),
    '',
    'weights per cell (1 = as likely as average); save --json output and use it with solve --prior FILE',
  ];
  console.log(lines.join('\n'));
  return 0;
}

export const learnCliCommand: Command = {
  name: 'learn',
  usage: 'learn GAMES.json [--method counts|fit] [--symmetric] [--json]',
  summary: "an opponent's layout prior (weight per cell) from their logged games",
  options: {
    method: { type: 'string' },
    symmetric: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  async run({ values, positionals }) {
    const [file, ...extra] = positionals;
    if (file === undefined)
      throw new InputError('learn', 'needs a GAMES.json file (or - for standard input)');
    if (extra.length) throw new InputError('learn', `takes one file, got also ${extra.join(' ')}`);
    const method = (values.method as string | undefined) ?? 'fit';
    if (!(LEARN_METHODS as readonly string[]).includes(method)) {
      throw new InputError(
        '--method',
        `must be one of ${LEARN_METHODS.join(', ')}, got "${method}"`,
      );
    }
    return learnCommand({
      file,
      method: method as LearnMethod,
      symmetric: values.symmetric === true,
      json: values.json === true,
    });
  },
};
