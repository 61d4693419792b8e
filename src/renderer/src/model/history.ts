// Undo and redo over immutable snapshots. Each edit pushes the whole new state (a board is at
// most 676 bytes of marks plus its sunk ships), so undo is a pointer move and no edit needs an
// inverse. Pushing after an undo drops the redo branch; past `limit` the oldest entries go.

export class History<T> {
  #entries: T[];
  #at = 0;
  readonly limit: number;

  constructor(initial: T, limit = 500) {
    if (!(limit >= 2)) throw new RangeError('history limit must be at least 2');
    this.#entries = [initial];
    this.limit = limit;
  }

  get current(): T {
    return this.#entries[this.#at]!;
  }

  get canUndo(): boolean {
    return this.#at > 0;
  }

  get canRedo(): boolean {
    return this.#at < this.#entries.length - 1;
  }

  /** Number of steps that can be undone. */
  get depth(): number {
    return this.#at;
  }

  /** Records a new state as the current one; returns it. */
  push(next: T): T {
    this.#entries.length = this.#at + 1;
    this.#entries.push(next);
    if (this.#entries.length > this.limit)
      this.#entries.splice(0, this.#entries.length - this.limit);
    this.#at = this.#entries.length - 1;
    return next;
  }

  /** Replaces the current state without making an undo step (e.g. a cosmetic change). */
  replace(next: T): T {
    this.#entries[this.#at] = next;
    return next;
  }

  /** Steps back; returns the state now current, or undefined when there is nothing to undo. */
  undo(): T | undefined {
    if (!this.canUndo) return undefined;
    this.#at -= 1;
    return this.current;
  }

  redo(): T | undefined {
    if (!this.canRedo) return undefined;
    this.#at += 1;
    return this.current;
  }

  /** Forgets everything and starts again from `initial`. */
  reset(initial: T): T {
    this.#entries = [initial];
    this.#at = 0;
    return initial;
  }
}
