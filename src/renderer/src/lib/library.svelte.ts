// The library of saved positions: search and tag filter, the selection for batch solves, the
// running batch and its results. Deleting keeps the record in memory for an undo.

import type {
  BatchStatus,
  ImportSummary,
  PositionJson,
  PositionRecord,
  SolveRecord,
  SolverName,
} from '../../../shared/api';
import { call as backendCall, errorMessage, type Call } from './backend';
import { setOf, toggled } from '../model/sets';

export { parseTags } from '../model/tags';

/** Positions listed at first and added by each "Show more". */
export const PAGE = 200;
/** The most the API lists per call. */
const API_LIMIT = 1000;
const POLL_MS = 250;

export class Library {
  #text = $state('');
  #tags = $state.raw<string[]>([]);
  #allTags = $state.raw<string[]>([]);
  #items = $state.raw<PositionRecord[]>([]);
  #total = $state(0);
  #selected = $state.raw<ReadonlySet<number>>(setOf<number>());
  #loading = $state(false);
  #error = $state<string | null>(null);
  /** The last deleted record, for "Undo". */
  #deleted = $state.raw<PositionRecord | null>(null);
  #batch = $state.raw<BatchStatus | null>(null);
  #batchSolver = $state<SolverName>('auto');
  #results = $state.raw<SolveRecord[]>([]);
  #refreshSeq = 0;
  /** The search and tags of the list shown. */
  #filter = '';
  #polling = false;
  readonly #call: Call;

  constructor(call: Call = backendCall) {
    this.#call = call;
  }

  // Read by the views; only the methods below change them.
  get text() {
    return this.#text;
  }
  get tags() {
    return this.#tags;
  }
  get allTags() {
    return this.#allTags;
  }
  get items() {
    return this.#items;
  }
  get total() {
    return this.#total;
  }
  get selected() {
    return this.#selected;
  }
  get loading() {
    return this.#loading;
  }
  get error() {
    return this.#error;
  }
  get deleted() {
    return this.#deleted;
  }
  get batch() {
    return this.#batch;
  }
  get batchSolver() {
    return this.#batchSolver;
  }
  get results() {
    return this.#results;
  }

  /** Positions matching the search, from `offset`, at most `count` of them (several calls). */
  async #list(offset: number, count: number) {
    const filter = {
      text: this.text.trim() || undefined,
      tags: this.tags.length ? this.tags : undefined,
    };
    const items: PositionRecord[] = [];
    let total = 0;
    while (items.length < count) {
      const limit = Math.min(API_LIMIT, count - items.length);
      const page = await this.#call('positionsList', {
        ...filter,
        offset: offset + items.length,
        limit,
      });
      items.push(...page.items);
      total = page.total;
      if (page.items.length < limit) break;
    }
    return { items, total };
  }

  /**
   * Reloads the list: as many positions as were shown (at least a page) after an edit, a page
   * after the search or tags changed.
   */
  async refresh(): Promise<void> {
    const seq = ++this.#refreshSeq;
    const filter = JSON.stringify([this.text.trim(), this.tags]);
    const count = filter === this.#filter ? Math.max(PAGE, this.items.length) : PAGE;
    this.#filter = filter;
    this.#loading = true;
    try {
      const [page, tags] = await Promise.all([
        this.#list(0, count),
        this.#call('positionsTags', {}),
      ]);
      if (seq !== this.#refreshSeq) return;
      this.#items = page.items;
      this.#total = page.total;
      this.#allTags = tags;
      const ids = setOf(page.items.map((p) => p.id));
      this.#selected = setOf([...this.selected].filter((id) => ids.has(id)));
      this.#error = null;
    } catch (e) {
      if (seq === this.#refreshSeq) this.#error = errorMessage(e);
    } finally {
      if (seq === this.#refreshSeq) this.#loading = false;
    }
  }

  /** Lists the next page of positions below the ones shown. */
  async showMore(): Promise<void> {
    const seq = this.#refreshSeq;
    try {
      const page = await this.#list(this.items.length, PAGE);
      if (seq !== this.#refreshSeq) return; // a new search replaced the list meanwhile
      const shown = setOf(this.items.map((p) => p.id));
      this.#items = [...this.items, ...page.items.filter((p) => !shown.has(p.id))];
      this.#total = page.total;
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }

  async save(
    name: string,
    tags: string[],
    notes: string,
    position: PositionJson,
  ): Promise<PositionRecord> {
    const rec = await this.#call('positionsSave', { name, tags, notes, position });
    await this.refresh();
    return rec;
  }

  async update(
    id: number,
    fields: { name?: string; tags?: string[]; notes?: string; position?: PositionJson },
  ): Promise<PositionRecord> {
    const rec = await this.#call('positionsUpdate', { id, ...fields });
    await this.refresh();
    return rec;
  }

  async duplicate(id: number): Promise<void> {
    const original = this.items.find((p) => p.id === id);
    await this.#call('positionsDuplicate', {
      id,
      name: original ? `${original.name} (copy)`.slice(0, 200) : undefined,
    });
    await this.refresh();
  }

  async remove(id: number): Promise<void> {
    const rec = this.items.find((p) => p.id === id) ?? (await this.#call('positionsGet', { id }));
    await this.#call('positionsDelete', { id });
    this.#deleted = rec;
    await this.refresh();
  }

  async undoDelete(): Promise<void> {
    const rec = this.deleted;
    if (!rec) return;
    this.#deleted = null;
    await this.#call('positionsSave', {
      name: rec.name,
      tags: rec.tags,
      notes: rec.notes,
      position: rec.position,
    });
    await this.refresh();
  }

  /** Shows or stops showing the positions with this tag. */
  toggleTag(tag: string): void {
    this.#tags = this.tags.includes(tag) ? this.tags.filter((t) => t !== tag) : [...this.tags, tag];
    void this.refresh();
  }

  /** The text typed in the search box (the list follows when the view asks it to refresh). */
  search(text: string): void {
    this.#text = text;
  }

  chooseBatchSolver(solver: SolverName): void {
    this.#batchSolver = solver;
  }

  toggle(id: number): void {
    this.#selected = toggled(this.selected, id);
  }

  selectAll(on: boolean): void {
    this.#selected = setOf(on ? this.items.map((p) => p.id) : []);
  }

  /** Starts a batch solve of the selection (or of every saved position when `all`). */
  async startBatch(all: boolean): Promise<void> {
    const positionIds = all ? undefined : [...this.selected];
    this.#error = null;
    try {
      this.#batch = await this.#call('batchStart', { solver: this.batchSolver, positionIds });
      this.#results = [];
      void this.#poll(positionIds);
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }

  async #poll(positionIds: number[] | undefined): Promise<void> {
    if (this.#polling) return;
    this.#polling = true;
    try {
      while (this.batch && this.batch.state === 'running') {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (!this.batch) break;
        this.#batch = await this.#call('batchProgress', { id: this.batch.id });
      }
      await this.loadResults(positionIds);
    } catch (e) {
      this.#error = errorMessage(e);
    } finally {
      this.#polling = false;
    }
  }

  async cancelBatch(): Promise<void> {
    if (!this.batch) return;
    try {
      this.#batch = await this.#call('batchCancel', { id: this.batch.id });
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }

  /**
   * Imports a bundle file's text (the main process reads and checks it, as the command line's
   * import does); `name` names a file of one position. The caller refreshes the list after.
   */
  importBundle(text: string, name?: string): Promise<ImportSummary> {
    return this.#call('importBundle', name ? { text, name } : { text });
  }

  /** A bundle of the selected positions, or of the whole library, as text for a file. */
  async exportBundle(selectedOnly: boolean): Promise<string> {
    const positionIds = selectedOnly ? [...this.selected] : undefined;
    const params = selectedOnly ? { positionIds, gameIds: [] } : {};
    return (await this.#call('exportBundle', params)).text;
  }

  async loadResults(positionIds?: number[]): Promise<void> {
    const page = await this.#call('batchResults', {
      solver: this.batchSolver,
      positionIds,
      limit: 1000,
    });
    this.#results = page.items;
  }
}

export const library = new Library();
