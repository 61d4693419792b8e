// Positions with named hits and volleys through the real library file and bundles: saved, read,
// exported and imported unchanged; a malformed one is refused naming the field, and nothing
// already saved changes.

import { describe, expect, it } from 'vitest';
import { apiCalls, liveApi } from '../support/live-api';
import { namedRules } from '../support/fixtures';

const { api } = liveApi('observations', { threads: 1 });

const { ok } = apiCalls(api);

const rules = namedRules(6, 6, { Cruiser: 3, Submarine: 3, Destroyer: 2 }, 'no-edge-touch');
const position = {
  rules,
  board: ['..x...', '..x...', '......', 'o.....', '......', '......'],
  named: [[0, 2, 'Submarine']],
  volleys: [
    {
      cells: [
        [4, 0],
        [4, 2],
        [4, 4],
      ],
      hitCount: 1,
    },
    {
      cells: [
        [5, 1],
        [5, 3],
      ],
      hits: { Destroyer: 1 },
    },
    {
      cells: [
        [2, 5],
        [3, 5],
      ],
      hitShips: ['Cruiser'],
      sunk: [],
    },
  ],
};
/** What the library gives back: the normalised form (an empty `sunk` list dropped). */
const normalised = {
  ...position,
  sunk: [],
  volleys: position.volleys.map(({ sunk, ...v }) => (sunk?.length ? { ...v, sunk } : v)),
};

describe('named hits and volleys in the library', () => {
  it('are saved, read back, exported and imported unchanged', async () => {
    const saved = await ok('positionsSave', { name: 'salvo', position });
    expect(saved.position).toEqual(normalised);
    expect((await ok('positionsGet', { id: saved.id })).position).toEqual(normalised);

    const { text } = await ok('exportBundle', { positionIds: [saved.id], gameIds: [] });
    const imported = await ok('importBundle', { text });
    expect(imported.positions).toBe(1);
    const list = await ok('positionsList', { text: 'salvo' });
    expect(list.items).toHaveLength(2);
    for (const item of list.items) {
      expect((await ok('positionsGet', { id: item.id })).position).toEqual(normalised);
    }
  });

  it('refuses a malformed volley naming the field, and leaves the saved one as it was', async () => {
    const before = await ok('positionsList', {});
    const bad = { ...position, volleys: [{ cells: [[0, 2]], hitCount: 1 }] };
    const reply = await api.dispatch('positionsSave', { name: 'bad', position: bad });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.message).toContain("volleys[0].cells[0]: cell C1 is marked 'x'");
    expect(reply.error.message).not.toMatch(/\n\s+at /);
    const id = before.items[0].id;
    const update = await api.dispatch('positionsUpdate', {
      id,
      position: { ...position, named: [[0, 2, 'Frigate']] },
    });
    expect(update.ok).toBe(false);
    if (!update.ok) expect(update.error.message).toContain('unknown ship "Frigate"');
    expect(await ok('positionsList', {})).toEqual(before);
    expect((await ok('positionsGet', { id })).position).toEqual(normalised);
  });
});
