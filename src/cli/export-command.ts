// `broadside export [--db PATH] [--out FILE]`: the whole library as a bundle (README, "Bundle
// format"), to standard output or FILE (written to a temporary file first, then renamed, so a
// failed export never leaves half a file). FILE must be a regular file or new: a pipe, a device,
// a folder or a symbolic link there is refused and left as it was (write-target.ts), checked
// before the export and again just before the rename. The library is opened read-only and checked
// (PRAGMA quick_check) before it is read: a damaged file is reported, not half exported. The
// bundle is written a record at a time inside one read transaction (a consistent snapshot), so
// a library of any size exports in bounded memory.

import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../core/errors';
import { writeRefusal } from '../main/write-target';
import type { Command } from './command';
import { dbOption, noPositionals, withServices } from './services';

/** Text gathered before each write: few system calls, little memory. */
const WRITE_CHARS = 1 << 20;

export const exportCliCommand: Command = {
  name: 'export',
  usage: 'export [--db PATH] [--out FILE]',
  summary: 'writes every position, game, opponent and prior as one JSON bundle',
  options: { ...dbOption, out: { type: 'string' } },
  async run(args) {
    noPositionals('export', args);
    const out = args.values.out;
    const toFile = typeof out === 'string' && out !== '-';
    if (toFile) refuseSpecialTarget(out);
    // Read-only; the file is checked first, so a damaged page cannot pass unnoticed.
    await withServices(args, { readonly: true, verify: true }, async (services) => {
      const tmp = toFile ? `${out}.${process.pid}.tmp` : '';
      let fd = 1;
      let created = false;
      try {
        // 'wx': a file or link already at the temporary name is never written through.
        if (toFile) {
          fd = openSync(tmp, 'wx');
          created = true;
        }
        let pending = '';
        services.api().exportTo({}, (line) => {
          pending += line;
          if (pending.length >= WRITE_CHARS) {
            writeAll(fd, pending);
            pending = '';
          }
        });
        writeAll(fd, pending);
        if (toFile) {
          closeSync(fd);
          // What stood at FILE may have been swapped for a pipe or a link during the export.
          refuseSpecialTarget(out);
          renameSync(tmp, out);
        }
      } catch (e) {
        if (created) {
          try {
            closeSync(fd);
          } catch {
            // already closed
          }
          rmSync(tmp, { force: true });
        }
        throw toFile && isFileError(e) ? cannotWrite(out, e) : e;
      }
    });
    return 0;
  },
};

/** Refuses, in one line, an `--out` that is not a regular file (or new); it stays as it was. */
function refuseSpecialTarget(out: string): void {
  const refusal = writeRefusal(out, 'replace');
  if (refusal) {
    throw new InputError(
      `--out ${out}`,
      `${refusal}, not a regular file, and was left as it was; name a regular file (or --out - for standard output)`,
    );
  }
}

/** Writes all of `text` (a pipe may take it in parts; one that is full is waited for). */
function writeAll(fd: number, text: string): void {
  let buf = Buffer.from(text);
  while (buf.length > 0) {
    try {
      buf = buf.subarray(writeSync(fd, buf));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** A failure of the file system (not of the library, whose errors name SQLite's codes). */
function isFileError(e: unknown): e is NodeJS.ErrnoException {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && !code.startsWith('SQLITE');
}

/** Why the bundle could not be written to `out`, in one line; the library is untouched. */
function cannotWrite(out: string, e: NodeJS.ErrnoException): InputError {
  const code = e.code;
  const why =
    code === 'ENOENT'
      ? `the folder ${dirname(out)} does not exist; create it or name another`
      : code === 'ENOSPC' || code === 'EDQUOT'
        ? `the disk is full (${code}); free some space or name another disk`
        : code === 'EISDIR'
          ? 'is a folder; name a file'
          : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
            ? `cannot be written there (${code}); name a folder you may write to`
            : `cannot be written (${e.message})`;
  return new InputError(`--out ${out}`, `${why}; nothing was written`);
}
