// Smoke tests for the skeleton: the native SQLite module loads under the test runtime, and the
// app window keeps Electron's security settings.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { mainWindowOptions, secureWebPreferences } from '../../src/main/window-options';

describe('better-sqlite3', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('opens a file database in WAL mode and runs queries', () => {
    dir = mkdtempSync(join(tmpdir(), 'broadside-test-'));
    const db = new Database(join(dir, 'smoke.db'));
    try {
      expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
      db.exec('CREATE TABLE shots (cell INTEGER NOT NULL, hit INTEGER NOT NULL) STRICT');
      const insert = db.prepare('INSERT INTO shots (cell, hit) VALUES (?, ?)');
      db.transaction(() => {
        insert.run(12, 1);
        insert.run(13, 0);
        insert.run(14, 1);
      })();
      const row = db.prepare('SELECT count(*) AS n, sum(hit) AS hits FROM shots').get();
      expect(row).toEqual({ n: 3, hits: 2 });
    } finally {
      db.close();
    }
  });
});

describe('main window options', () => {
  it('isolates and sandboxes the renderer without Node integration', () => {
    expect(secureWebPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
  });

  it('applies those settings to the main window and sets the preload', () => {
    const options = mainWindowOptions('/app/out/preload/index.cjs');
    expect(options.show).toBe(false);
    expect(options.webPreferences).toEqual({
      ...secureWebPreferences,
      preload: '/app/out/preload/index.cjs',
    });
  });
});
