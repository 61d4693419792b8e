// A child process for the crash tests, built by buildChild(): records a game the way the app's
// game recorder does, through the API (gamesCreate, then gamesAppendShot for each shot) on a real
// library file, printing "shot N" once shot N is committed, so the parent can kill it mid-game.
//
//   node recorder.mjs DB PLAN.json DELAY_MS
//
// PLAN.json: { "log": <game log without shots>, "shots": [<shot>, ...] }. Recording needs no
// worker pool; the API gets one that refuses every job.

import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApi } from '../../src/main/api';
import type { JobPool } from '../../src/main/pool';
import { openDatabase } from '../../src/main/store/open';

const [dbPath, planFile, delay = '0'] = process.argv.slice(2);
if (!dbPath || !planFile) throw new Error('usage: recorder DB PLAN.json [DELAY_MS]');
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { log: unknown; shots: unknown[] };

const refuse = (): never => {
  throw new Error('the recorder runs no jobs');
};
const noPool: JobPool = {
  threads: 1,
  maxSolveBytes: undefined,
  run: refuse,
  runDetailed: refuse,
  graphFor: () => undefined,
  graphs: undefined,
  solvedFile: null,
  solvesWaiting: () => 0,
  memoryPlan: () => undefined,
  start: () => undefined,
  close: async () => undefined,
};

const db = openDatabase(dbPath);
const api = createApi({ db, dbPath, pool: noPool });
const created = await api.dispatch('gamesCreate', { log: plan.log });
if (!created.ok) throw new Error(created.error.message);
const { id } = created.value as { id: number };
process.stdout.write(`game ${id}\n`);
for (let k = 0; k < plan.shots.length; k++) {
  const reply = await api.dispatch('gamesAppendShot', { id, shot: plan.shots[k] });
  if (!reply.ok) throw new Error(`shot ${k + 1}: ${reply.error.message}`);
  process.stdout.write(`shot ${k + 1}\n`);
  await sleep(Number(delay));
}
process.stdout.write('done\n');
