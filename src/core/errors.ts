// Errors the user can act on. `where` names the field (and row/column) at fault so a message reads
// like "board row 3: has 9 cells, expected 10" instead of a stack trace.

export class InputError extends Error {
  readonly where: string;
  constructor(where: string, what: string) {
    super(where ? `${where}: ${what}` : what);
    this.name = 'InputError';
    this.where = where;
  }
}

/** The marks leave no layout of the remaining fleet. A normal answer, not a crash. */
export class NoLayoutError extends Error {
  constructor(detail?: string) {
    super(
      detail
        ? `no layout of the remaining fleet fits these marks (${detail})`
        : 'no layout of the remaining fleet fits these marks',
    );
    this.name = 'NoLayoutError';
  }
}

/** A solve that would blow a memory or time budget, or was cancelled. */
export class BudgetError extends Error {
  readonly suggestion: string;
  constructor(what: string, suggestion: string) {
    super(`${what}; ${suggestion}`);
    this.name = 'BudgetError';
    this.suggestion = suggestion;
  }
}

export class CancelledError extends Error {
  /** `what`: the work that was cancelled, as the message names it. */
  constructor(what = 'solve') {
    super(`${what} cancelled`);
    this.name = 'CancelledError';
  }
}
