// `broadside export [--db PATH] [--out FILE]`: the whole library as a bundle (README, "Bundle
// format"), to standard output or FILE (written to a temporary file first, then renamed, so a
// failed export never leaves half a file). The library is opened read-only and checked
// (PRAGMA quick_check) before it is read: a damaged file is reported, not half exported.

import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InputError } from '../core/errors';
import { exportBundle } from '../main/store/bundle';
import { checkIntegrity } from '../main/store/open';
import type { Command } from './command';
import { dbOption, noPositionals, withServices } from './services';

export const exportCliCommand: Command = {
  name: 'export',
  usage: 'export [--db PATH] [--out FILE]',
  summary: 'writes every position, game, opponent and prior as one JSON bundle',
  options: { ...dbOption, out: { type: 'string' } },
  async run(args) {
    noPositionals('export', args);
    // Read-only; the file is checked first, so a damaged page cannot pass unnoticed.
    const text = await withServices(args, { readonly: true }, async ({ db, dbPath }) => {
      checkIntegrity(db, dbPath);
      return exportBundle(db);
    });
    const out = args.values.out;
    if (typeof out === 'string' && out !== '-') {
      const tmp = `${out}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, text);
        await rename(tmp, out);
      } catch (e) {
        await rm(tmp, { force: true });
        throw cannotWrite(out, e);
      }
    } else {
      process.stdout.write(text);
    }
    return 0;
  },
};

/** Why the bundle could not be written to `out`, in one line; the library is untouched. */
function cannotWrite(out: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? `the folder ${dirname(out)} does not exist; create it or name another`
      : code === 'ENOSPC' || code === 'EDQUOT'
        ? `the disk is full (${code}); free some space or name another disk`
        : code === 'EISDIR'
          ? 'is a folder; name a file'
          : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
            ? `cannot be written there (${code}); name a folder you may write to`
            : `cannot be written (${e instanceof Error ? e.message : String(e)})`;
  return new InputError(`--out ${out}`, `${why}; nothing was written`);
}
