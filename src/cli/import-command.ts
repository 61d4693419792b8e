// `broadside import FILE --db PATH [--json]`: one position (JSON form, optionally with a name, or
// the compact text form), one game log, an array of game logs, or a bundle, into the library
// through the API's import, the one the app uses. All or nothing: with a bad record nothing is
// imported and the message lists each bad record and why.

import { basename, extname } from 'node:path';
import { InputError } from '../core/errors';
import type { ImportSummary } from '../shared/api';
import type { Command } from './command';
import { inputChunks, joinLimited } from './io';
import { callApi, dbOption, withServices } from './services';

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
    const name = file === '-' ? 'Imported position' : basename(file, extname(file));
    const chunks = inputChunks(file);
    const first = await chunks.next();
    const head = first.done ? '' : first.value;
    const summary: ImportSummary = await withServices(args, {}, async (services) => {
      const api = services.api();
      // A bundle or a JSON record streams in, whatever its size; anything else (the text form of
      // a position) is small and read whole.
      if (head.trimStart().startsWith('{') || head.trim() === '') {
        return api.importChunks(restOf(head, chunks), name);
      }
      const text = head + (await joinLimited(chunks, file === '-' ? 'standard input' : file));
      return callApi(api, 'importBundle', { text, name });
    });
    if (args.values.json) {
      // The counts the command has always printed (the relearning the import scheduled is not
      // done by a command that ends here).
      const { positions, games, opponents, priors } = summary;
      console.log(JSON.stringify({ positions, games, opponents, priors }));
    } else {
      console.log(
        `imported ${summary.positions} position(s), ${summary.games} game(s), ` +
          `${summary.opponents} new opponent(s), ${summary.priors} prior(s)`,
      );
    }
    return 0;
  },
};

/** `first` and then the rest of `chunks`. */
async function* restOf(first: string, chunks: AsyncIterator<string>): AsyncGenerator<string> {
  yield first;
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
}
