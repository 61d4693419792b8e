// `broadside import FILE --db PATH [--json]`: one position (JSON form, optionally with a name, or
// the compact text form), one game log, an array of game logs, or a bundle, into the library
// (read and checked by the store's import, the same one the app uses). All or nothing:
// with a bad record nothing is imported and the message lists each bad record and why.

import { basename, extname } from 'node:path';
import { InputError } from '../core/errors';
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
    const text = await readInput(file);
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
