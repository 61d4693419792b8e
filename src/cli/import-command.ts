// `broadside import FILE --db PATH [--json]`: one position (JSON form, optionally with a name, or
// the compact text form), one game log, or a bundle of both, into the library. All or nothing:
// with a bad record nothing is imported and the message lists each bad record and why.

import { basename, extname } from 'node:path';
import { InputError } from '../core/errors';
import { parsePositionText, positionToJson } from '../core/position';
import { importBundle } from '../main/store/bundle';
import type { Command } from './command';
import { readInput } from './io';
import { dbOption, withServices } from './services';

export const importCliCommand: Command = {
  name: 'import',
  usage: 'import FILE [--db PATH] [--json]',
  summary:
    'adds the positions and games in FILE (a position, a game log or a bundle) to the library',
  options: { ...dbOption, json: { type: 'boolean' } },
  async run(args) {
    const [file, ...extra] = args.positionals;
    if (file === undefined)
      throw new InputError('import', 'needs a FILE (or - for standard input)');
    if (extra.length) throw new InputError('import', `takes one FILE, got also ${extra.join(' ')}`);
    let text = await readInput(file);
    if (!text.trimStart().startsWith('{') && /^\s*rules\s*:/i.test(text)) {
      text = JSON.stringify(positionToJson(parsePositionText(text)));
    }
    const name = file === '-' ? 'Imported position' : basename(file, extname(file));
    const summary = await withServices(args, {}, async ({ db }) => importBundle(db, text, name));
    if (args.values.json) console.log(JSON.stringify(summary));
    else {
      console.log(
        `imported ${summary.positions} position(s), ${summary.games} game(s), ` +
          `${summary.opponents} new opponent(s), ${summary.priors} prior(s)`,
      );
    }
    return 0;
  },
};
