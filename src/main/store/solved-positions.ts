// The kept solved positions: a file of exact posteriors that simulations keep across runs (the
// graphs folder's solved-positions.sqlite). A deterministic strategy's games share their early
// positions from one run to the next, and those are the ones that cost a pass over the graph;
// this file answers them without one. Only exact uniform counts are kept (integers below 2^53:
// the same bits whichever engine counted them), so a kept answer is the answer and a run plays
// the same games with the file, without it, or with --no-graphs.
//
// Each worker thread opens the file itself (WAL, so threads and processes read while one
// writes), reads a position when its cache misses, and writes what it solved at the end of its
// chunk in one transaction. The file is a cache: past MAX_ROWS the oldest rows go, and a file
// that cannot be read or written is left alone with one line on stderr; the run goes on without it.

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Posterior, SolvedStore } from '../../core/strategy/posterior';
import type { Db } from './open';
import { stmt } from './sql';

/** The file's name in the graphs folder. */
export const SOLVED_POSITIONS_FILE = 'solved-positions.sqlite';

/** Rows kept (about 1.7 KB each on a 10x10 board: about 85 MB at most). */
export const MAX_ROWS = 50_000;

/** The layout of a row's value; a file of another version is emptied, not read. */
const FORMAT_VERSION = 1;

/**
 * A posterior as the floats of one row: [cells, has single, ties, total], then p, the exact
 * counts, single (when there), and the tied cells.
 */
export function encodePosterior(value: Posterior): Buffer {
  const n = value.p.length;
  const { counts, single } = value;
  if (!counts) throw new Error('only exact counts are kept');
  const out = new Float64Array(4 + 2 * n + (single ? n : 0) + value.ties.length);
  out.set([n, single ? 1 : 0, value.ties.length, value.total]);
  out.set(value.p, 4);
  out.set(counts.cells, 4 + n);
  if (single) out.set(single, 4 + 2 * n);
  out.set(value.ties, 4 + (single ? 3 : 2) * n);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

export function decodePosterior(bytes: Uint8Array): Posterior {
  const all = new Float64Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  );
  const [n, hasSingle, ties, total] = all as unknown as [number, number, number, number];
  const floats = 4 + (hasSingle ? 3 : 2) * n + ties;
  if (!Number.isInteger(n) || n <= 0 || all.length !== floats) {
    throw new Error(`a kept position has ${all.length} numbers, not the ${floats} its header says`);
  }
  const value: Posterior = {
    total,
    p: all.slice(4, 4 + n),
    ties: Array.from(all.subarray(4 + (hasSingle ? 3 : 2) * n)),
    exact: true,
    counts: { total, cells: all.slice(4 + n, 4 + 2 * n) },
  };
  if (hasSingle) value.single = all.slice(4 + 2 * n, 4 + 3 * n);
  return value;
}

/** One thread's handle on the file: scoped stores that read at once and write at flush. */
export class SolvedPositionsFile {
  private db: Db | null;
  private readonly pending: [string, string, Buffer][] = [];
  read = 0;
  written = 0;

  constructor(
    readonly path: string,
    /** Rows kept; the oldest go first past it. */
    private readonly maxRows = MAX_ROWS,
  ) {
    this.db = this.guard(() => openFile(path)) ?? null;
  }

  /** The store of one scope (a rule set and the shooters' prior, as the simulator names it). */
  scoped(scope: string): SolvedStore {
    const id = createHash('sha256').update(scope).digest('base64url');
    return {
      get: (key) => {
        const db = this.db;
        if (!db) return undefined;
        const row = this.guard(() =>
          stmt<[string, string], { value: Buffer }>(
            db,
            'SELECT value FROM solved WHERE scope = ? AND key = ?',
          ).get(id, key),
        );
        if (!row) return undefined;
        const value = this.guard(() => decodePosterior(row.value));
        if (value) this.read++;
        return value;
      },
      put: (key, value) => {
        if (this.db && value.counts) this.pending.push([id, key, encodePosterior(value)]);
      },
    };
  }

  /** Writes what was offered since the last flush, dropping the oldest rows past the limit. */
  flush(): void {
    const db = this.db;
    const rows = this.pending.splice(0);
    if (!db || rows.length === 0) return;
    this.guard(() => {
      const insert = stmt(db, 'INSERT OR IGNORE INTO solved (scope, key, value) VALUES (?, ?, ?)');
      const evict = stmt(
        db,
        'DELETE FROM solved WHERE rowid <= (SELECT max(rowid) FROM solved) - ?',
      );
      db.transaction(() => {
        for (const row of rows) this.written += insert.run(...row).changes;
        evict.run(this.maxRows);
      })();
    });
  }

  close(): void {
    this.flush();
    this.db?.close();
    this.db = null;
  }

  /** Runs `work`; a failure of the file leaves it alone for the rest of the thread's life. */
  private guard<T>(work: () => T): T | undefined {
    try {
      return work();
    } catch (e) {
      const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
      console.error(
        `broadside: the kept solved positions (${this.path}) cannot be used: ${reason}; solving without them`,
      );
      try {
        this.db?.close();
      } catch {
        // closing a broken file may fail too: it is dropped either way
      }
      this.db = null;
      return undefined;
    }
  }
}

function openFile(path: string): Db {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== FORMAT_VERSION) {
    db.exec('DROP TABLE IF EXISTS solved');
    db.pragma(`user_version = ${FORMAT_VERSION}`);
  }
  db.exec(
    `CREATE TABLE IF NOT EXISTS solved (
       scope TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (scope, key))`,
  );
  return db;
}
