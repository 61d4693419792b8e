// Which bot processes are alive, known to the main thread although worker threads start them:
// each session announces its pid on a BroadcastChannel, and the main thread (the process that
// owns the run) listens. A cancelled chunk's worker thread is terminated without running any more
// JavaScript, so its bots would otherwise outlive it; the run kills what is left of its own at the
// end, and the process kills every bot it knows of when it exits or is told to stop (SIGTERM,
// SIGHUP: what a dying parent's watcher sends, see bin/broadside.mjs).

import { BroadcastChannel, isMainThread } from 'node:worker_threads';

const CHANNEL = 'broadside-bot-processes';

interface Announcement {
  pid: number;
  alive: boolean;
  runId?: string;
}

let sender: BroadcastChannel | null = null;

/** Tells the main thread a bot process started (alive) or ended. */
export function announceBot(pid: number, alive: boolean, runId?: string): void {
  const message: Announcement = { pid, alive, runId };
  if (isMainThread) {
    record(message);
    return;
  }
  if (!sender) {
    sender = new BroadcastChannel(CHANNEL);
    sender.unref();
  }
  sender.postMessage(message);
}

/** pid -> run it belongs to ('' when none). */
const alive = new Map<number, string>();
let listening = false;

function record({ pid, alive: up, runId }: Announcement): void {
  if (up) alive.set(pid, runId ?? '');
  else alive.delete(pid);
}

/**
 * Starts listening for bot processes (main thread, once). From then on the process kills its
 * bots when it exits, and on SIGTERM or SIGHUP kills them and then dies of the signal as it would
 * have without this handler.
 */
export function watchBotProcesses(): void {
  if (listening || !isMainThread) return;
  listening = true;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => record((event as { data: Announcement }).data);
  channel.unref();
  process.on('exit', () => killBots());
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      killBots();
      if (process.listenerCount(signal) > 1) return;
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** Kills the known bots (of one run, or all) with their process groups. */
export function killBots(runId?: string): void {
  for (const [pid, run] of alive) {
    if (runId !== undefined && run !== runId) continue;
    for (const target of process.platform === 'win32' ? [pid] : [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    alive.delete(pid);
  }
}

/** Bot processes the main thread knows to be running (for tests and diagnostics). */
export function knownBots(): number[] {
  return [...alive.keys()];
}
