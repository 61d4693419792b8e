// Solves ahead through the real API, pool and worker: after a click, the two positions one shot
// on run aside on the same thread, so the thread's held values stay on the board on screen and a
// click off the proposed cell costs the layer passes of its own shot only (as the same click
// straight after its position, counted in the same process).

import { afterAll, describe, expect, it } from 'vitest';
import { parsePosition, type PositionJson } from '../../src/core/position';
import { presetRules } from '../../src/core/rules';
import { rulesToJson } from '../../src/core/rules-json';
import { holdValues } from '../../src/core/solve/graph/held';
import { typescriptKernel } from '../../src/core/solve/graph/kernel';
import { prepareGraph } from '../../src/core/solve/graph/prepare';
import { solveGraph } from '../../src/core/solve/graph/solve';
import type { SolveResultWire } from '../../src/core/solve/result';
import { createApi } from '../../src/main/api';
import { createPool } from '../../src/main/pool';
import { closeDatabase, openDatabase } from '../../src/main/store/open';
import { tempDir } from '../support/library';
import { BUILT_WORKER } from '../support/paths';

const tmp = tempDir();
const pool = createPool({
  workerFile: BUILT_WORKER,
  threads: 1,
  graphs: { dir: tmp.file('graphs'), maxBytes: 512 * 2 ** 20 },
});
const dbPath = tmp.file('aside.db');
const db = openDatabase(dbPath);
const api = createApi({ db, dbPath, pool });
afterAll(async () => {
  await api.close();
  closeDatabase(db);
  await pool.close();
  tmp.remove();
});

function marked(position: PositionJson, [row, col]: [number, number], mark: string): PositionJson {
  const board = position.board.map((line, r) =>
    r === row ? line.slice(0, col) + mark + line.slice(col + 1) : line,
  );
  return { ...position, board };
}

async function played(position: PositionJson): Promise<SolveResultWire> {
  const reply = await api.dispatch('solve', {
    position,
    solver: 'auto',
    boardKey: 'editor',
    solveAhead: true,
  });
  if (!reply.ok) throw new Error(`${reply.error.name}: ${reply.error.message}`);
  return reply.value as SolveResultWire;
}

const layers = (note: string | undefined): number => {
  const m = /from the position solved before \((\d+) layer passes\)/.exec(note ?? '');
  if (!m) throw new Error(`not solved from held values: ${note}`);
  return Number(m[1]);
};

describe('solves ahead of a click, through the pool', () => {
  it('leave the held values on the board on screen: a click off the proposed cell is one shot', async () => {
    // A margin board with three misses: its positions one shot on have too many layouts for the
    // enumeration's probe, so they too go through the graph, on the thread that holds.
    const board = Array.from({ length: 10 }, () => '..........');
    board[2] = '..o.......';
    board[5] = '.....o....';
    board[8] = '.o........';
    const position: PositionJson = { rules: rulesToJson(presetRules('margin')), board, sunk: [] };
    await pool.graphs!.ready(parsePosition(position).rules);
    const first = await played(position);
    expect(first.note).toMatch(/auto chose graph/);
    await api.context.presolver.idle();
    // Both solves ahead are kept: the proposed cell answered miss is answered at once.
    const [br, bc] = first.best!;
    const kept = await api.dispatch('solve', {
      position: marked(position, [br, bc], 'o'),
      solver: 'auto',
    });
    expect((kept as { value: SolveResultWire }).value.note).toMatch(/reused: .*auto chose graph/);

    // A click above and left of the proposed cell: in either frame the proposed cell's layer
    // comes after the click's, past the layers the click's own shot changes.
    let click: [number, number] = [0, 0];
    let far = 0;
    position.board.forEach((line, r) =>
      [...line].forEach((c, col) => {
        const d = Math.min(br - r, bc - col);
        if (c === '.' && d > far) [far, click] = [d, [r, col]];
      }),
    );
    expect(far).toBeGreaterThan(0);
    const clicked = marked(position, click, 'o');
    const answer = await played(clicked);

    // The same click straight after P, counted here (narrow masks, as the server's threads hold).
    const prepared = prepareGraph(parsePosition(position).rules, 512 * 2 ** 20);
    const thread = {
      ...prepared,
      held: holdValues(prepared.graph, typescriptKernel, undefined, true),
    };
    solveGraph(parsePosition(position), thread);
    const oneShot = solveGraph(parsePosition(clicked), thread)!;
    expect(layers(answer.note)).toBe(layers(oneShot.note));
    expect(answer.total).toBe(oneShot.total);
  });
});
