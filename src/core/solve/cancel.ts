// How a caller stops a long computation: structurally an AbortSignal (an interface, so that core
// stays free of DOM and Node types). Solvers, graph builds and learners poll it between units of
// work. A module of its own so that what polls it need not import the solver options.

export interface CancelSignal {
  readonly aborted: boolean;
}
