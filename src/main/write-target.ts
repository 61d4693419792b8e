// The one check every path Broadside writes passes first: only a regular file, or no file yet,
// may be written. A named pipe would hang the writer or feed whatever reads it; a device node
// renamed over becomes a plain file (as root, `--out /dev/null` would replace the system's
// device); a symbolic link renamed over is replaced by a file instead of being followed. Such a
// path is refused and left as it was.

import { lstatSync, statSync, type Stats } from 'node:fs';

/**
 * How the path is written: `replace` writes a temporary file beside it and renames it over the
 * path (a link there would be replaced, so links are refused too); `in-place` opens the file
 * itself (SQLite, which follows a link to its file).
 */
export type WriteMode = 'replace' | 'in-place';

/** What a path that is not a regular file is, in a few words. */
function kindOf(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'something other than a regular file';
}

/**
 * Why `path` must not be written, as "is a named pipe" and the like, or null when it may be: it
 * does not exist yet, or it is a regular file. Errors other than a missing file are left to the
 * write itself, which reports them with its own reason.
 */
export function writeRefusal(path: string, mode: WriteMode): string | null {
  let stats: Stats;
  try {
    stats = mode === 'replace' ? lstatSync(path) : statSync(path);
  } catch {
    return null;
  }
  const kind = kindOf(stats);
  return kind === null ? null : `is ${kind}`;
}
