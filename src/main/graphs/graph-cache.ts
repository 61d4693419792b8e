// The graphs folder as a cache with a size limit: graph files (the presets' like any other) are
// kept across starts, and when a new one would take the folder past its limit, the least recently
// used files go first. A file's last use is its access time, set when a process loads it (its
// modification time stays the build's); a file in use by this process is never removed. Only
// finished graph files count: a temporary file is its writer's.

import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../core/errors';
import { MAX_GRAPH_CACHE_MB, MIN_GRAPH_CACHE_MB, type Settings } from '../../shared/settings';

const MIB = 2 ** 20;

/** Marks the graph file `path` as used now, for the cache's order (a failure is no matter). */
export async function markUsed(path: string): Promise<void> {
  try {
    const { mtime } = await stat(path);
    await utimes(path, new Date(), mtime);
  } catch {
    // A read-only folder keeps its order: its files are only used, never evicted from here.
  }
}

/**
 * Removes the least recently used graph files of `dir` not in `keep` (full paths) until the
 * files left take at most `limitBytes`. Answers the names removed, oldest first.
 */
export async function evictGraphFiles(
  dir: string,
  limitBytes: number,
  keep: ReadonlySet<string>,
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files: { name: string; path: string; bytes: number; used: number }[] = [];
  for (const name of names) {
    if (!name.endsWith('.graph')) continue;
    const path = join(dir, name);
    try {
      const s = await stat(path);
      if (s.isFile()) files.push({ name, path, bytes: s.size, used: s.atimeMs });
    } catch {
      // Gone meanwhile (another process's eviction).
    }
  }
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  const removed: string[] = [];
  files.sort((a, b) => a.used - b.used || a.name.localeCompare(b.name));
  for (const file of files) {
    if (total <= limitBytes) break;
    if (keep.has(file.path)) continue;
    try {
      await rm(file.path);
      total -= file.bytes;
      removed.push(file.name);
    } catch {
      // Removed by another process, or not ours to remove: the next build tries again.
    }
  }
  return removed;
}

/** The environment variable that sets the graph folder's size limit, in MB. */
export const GRAPH_CACHE_ENV = 'BROADSIDE_GRAPH_CACHE_MB';
/** The default limit, in MB: room for the presets and a handful of house rule sets. */
export const DEFAULT_GRAPH_CACHE_MB = 2048;

/** The limit BROADSIDE_GRAPH_CACHE_MB sets, in bytes, or none; InputError when it is bad. */
export function graphCacheFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env[GRAPH_CACHE_ENV];
  if (raw === undefined || raw.trim() === '') return undefined;
  const mb = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(mb >= MIN_GRAPH_CACHE_MB && mb <= MAX_GRAPH_CACHE_MB)) {
    throw new InputError(
      GRAPH_CACHE_ENV,
      `must be a whole number of MB from ${MIN_GRAPH_CACHE_MB} to ${MAX_GRAPH_CACHE_MB}, got ${JSON.stringify(raw)}`,
    );
  }
  return mb * MIB;
}

/** The graph folder's limit in force and where it came from: the environment, settings, default. */
export function chooseGraphCache(
  env: NodeJS.ProcessEnv,
  settings: Settings,
): { cacheBytes: number; source: 'environment' | 'settings' | 'default' } {
  const fromEnv = graphCacheFromEnv(env);
  if (fromEnv !== undefined) return { cacheBytes: fromEnv, source: 'environment' };
  const mb = settings.graphCacheMb;
  if (mb !== undefined && mb !== null) return { cacheBytes: mb * MIB, source: 'settings' };
  return { cacheBytes: DEFAULT_GRAPH_CACHE_MB * MIB, source: 'default' };
}
