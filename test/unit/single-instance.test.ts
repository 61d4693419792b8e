// The desktop app runs once per user: a second launch hands over to the first and quits before
// opening the library. Electron's binary cannot run here, so this checks the extracted logic
// against a stand-in for Electron's `app` (the same calls, recorded) and checks the built main
// process: the lock is taken at start-up, before the library is opened.

import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimSingleInstance, type FrontWindow } from '../../src/main/single-instance';
import { ROOT } from '../support/paths';

function standInApp(gotLock: boolean, ready = true) {
  const calls: string[] = [];
  const events = new EventEmitter();
  const app = {
    requestSingleInstanceLock: () => (calls.push('lock'), gotLock),
    quit: () => void calls.push('quit'),
    isReady: () => ready,
    on: (event: 'second-instance', listener: () => void) => events.on(event, listener),
  };
  return { app, calls, events };
}

function window(minimized: boolean) {
  const calls: string[] = [];
  const win: FrontWindow = {
    isMinimized: () => minimized,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
  return { win, calls };
}

describe('a second launch of the desktop app', () => {
  it('quits at once when another instance holds the lock, and does nothing else', () => {
    const { app, calls, events } = standInApp(false);
    let created = 0;
    expect(
      claimSingleInstance(
        app,
        () => undefined,
        () => created++,
      ),
    ).toBe(false);
    expect(calls).toEqual(['lock', 'quit']);
    expect(events.listenerCount('second-instance')).toBe(0);
    expect(created).toBe(0);
  });

  it('brings the first instance window forward (restored if minimised)', () => {
    const { app, calls, events } = standInApp(true);
    const { win, calls: winCalls } = window(true);
    expect(
      claimSingleInstance(
        app,
        () => win,
        () => undefined,
      ),
    ).toBe(true);
    expect(calls).toEqual(['lock']);
    events.emit('second-instance');
    expect(winCalls).toEqual(['restore', 'show', 'focus']);
  });

  it('opens a window in the first instance when it has none (macOS keeps running without)', () => {
    const { app, events } = standInApp(true);
    let created = 0;
    claimSingleInstance(
      app,
      () => undefined,
      () => created++,
    );
    events.emit('second-instance');
    expect(created).toBe(1);
  });
});

describe('the built main process', () => {
  const main = readFileSync(join(ROOT, 'out/main/index.js'), 'utf8');

  it('takes the lock at start-up and opens the library only in the first instance', () => {
    const lock = main.indexOf('app.requestSingleInstanceLock()');
    const claim = main.search(/\n(?:var|const|let) primary = claimSingleInstance\(app,/);
    const ready = main.indexOf('app.whenReady().then(() => {');
    expect(lock).toBeGreaterThan(-1);
    expect(claim).toBeGreaterThan(-1);
    expect(ready).toBeGreaterThan(claim);
    // The ready handler's first statement leaves a second instance before startServices().
    const handler = main.slice(ready, main.indexOf('startServices()', ready));
    expect(handler).toMatch(/^app\.whenReady\(\)\.then\(\(\) => \{\s*if \(!primary\) return;/);
  });
});
