// The library of saved positions: search and tag filter, the selection for batch solves, the
// running batch and its results. Deleting keeps the record in memory for an undo.

import type { BatchStatus, PositionJson, PositionRecord, SolveRecord } from '../../../shared/api';
import { call, errorMessage } from './backend';
import { setOf, toggled } from '../model/sets';

export { parseTags } from '../model/tags';

const PAGE = 200;
const POLL_MS = 250;

class Library {
  text = $state('');
  tags = $state.raw<string[]>([]);
  allTags = $state.raw<string[]>([]);
  items = $state.raw<PositionRecord[]>([]);
  total = $state(0);
  selected = $state.raw<ReadonlySet<number>>(setOf<number>());
  loading = $state(false);
  error = $state<string | null>(null);
  /** The last deleted record, for "Undo". */
  deleted = $state.raw<PositionRecord | null>(null);
  batch = $state.raw<BatchStatus | null>(null);
  batchSolver = $state('auto');
  results = $state.raw<SolveRecord[]>([]);
  #refreshSeq = 0;
  #polling = false;

  async refresh(): Promise<void> {
    const seq = ++this.#refreshSeq;
    this.loading = true;
    try {
      const [page, tags] = await Promise.all([
        call('positionsList', {
          text: this.text.trim() || undefined,
          tags: this.tags.length ? this.tags : undefined,
          limit: PAGE,
        }),
        call('positionsTags', {}),
      ]);
      if (seq !== this.#refreshSeq) return;
      this.items = page.items;
      this.total = page.total;
      this.allTags = tags;
      const ids = new Set(page.items.map((p) => p.id));
      this.selected = setOf([...this.selected].filter((id) => ids.has(id)));
      this.error = null;
    } catch (e) {
      if (seq === this.#refreshSeq) this.error = errorMessage(e);
    } finally {
      if (seq === this.#refreshSeq) this.loading = false;
    }
  }

  async save(
    name: string,
    tags: string[],
    notes: string,
    position: PositionJson,
  ): Promise<PositionRecord> {
    const rec = await call('positionsSave', { name, tags, notes, position });
    await this.refresh();
    return rec;
  }

  async update(
    id: number,
    fields: { name?: string; tags?: string[]; notes?: string; position?: PositionJson },
  ): Promise<PositionRecord> {
    const rec = await call('positionsUpdate', { id, ...fields });
    await this.refresh();
    return rec;
  }

  async duplicate(id: number): Promise<void> {
    const original = this.items.find((p) => p.id === id);
    await call('positionsDuplicate', {
      id,
      name: original ? `${original.name} (copy)`.slice(0, 200) : undefined,
    });
    await this.refresh();
  }

  async remove(id: number): Promise<void> {
    const rec = this.items.find((p) => p.id === id) ?? (await call('positionsGet', { id }));
    await call('positionsDelete', { id });
    this.deleted = rec;
    await this.refresh();
  }

  async undoDelete(): Promise<void> {
    const rec = this.deleted;
    if (!rec) return;
    this.deleted = null;
    await call('positionsSave', {
      name: rec.name,
      tags: rec.tags,
      notes: rec.notes,
      position: rec.position,
    });
    await this.refresh();
  }

  toggle(id: number): void {
    this.selected = toggled(this.selected, id);
  }

  selectAll(on: boolean): void {
    this.selected = setOf(on ? this.items.map((p) => p.id) : []);
  }

  /** Starts a batch solve of the selection (or of every saved position when `all`). */
  async startBatch(all: boolean): Promise<void> {
    const positionIds = all ? undefined : [...this.selected];
    this.error = null;
    try {
      this.batch = await call('batchStart', { solver: this.batchSolver, positionIds });
      this.results = [];
      void this.#poll(positionIds);
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  async #poll(positionIds: number[] | undefined): Promise<void> {
    if (this.#polling) return;
    this.#polling = true;
    try {
      while (this.batch && this.batch.state === 'running') {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (!this.batch) break;
        this.batch = await call('batchProgress', { id: this.batch.id });
      }
      await this.loadResults(positionIds);
    } catch (e) {
      this.error = errorMessage(e);
    } finally {
      this.#polling = false;
    }
  }

  async cancelBatch(): Promise<void> {
    if (!this.batch) return;
    try {
      this.batch = await call('batchCancel', { id: this.batch.id });
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  async loadResults(positionIds?: number[]): Promise<void> {
    const page = await call('batchResults', {
      solver: this.batchSolver,
      positionIds,
      limit: 1000,
    });
    this.results = page.items;
  }
}

export const library = new Library();
