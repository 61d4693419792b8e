// The names a caller chooses from, with what the app says about each: solvers, strategies,
// simulation options, learning methods, game outcomes, how a batch may be stopped. It imports
// nothing, so the contract, the preload and the renderer can read these tables without pulling
// in the code behind them (the solvers, the strategy registry). The core keeps the
// implementations under the same names; a test checks that the two agree, so a new solver or
// strategy is refused until it is listed here.

/** Solver names, `auto` (the faster exact solver for the position) first. */
export const SOLVER_NAMES = [
  'auto',
  'dp',
  'enumerate',
  'pdf',
  'independent',
  'bob',
  'margin-count',
  'sample',
] as const;
export type SolverName = (typeof SOLVER_NAMES)[number];

export interface StrategyInfo {
  name: string;
  summary: string;
  /** Reads the exact posterior: strong but slow on an open board. */
  exact: boolean;
}

/** The simulator's strategies, in the order the strategy lab lists them. */
export const STRATEGIES: readonly StrategyInfo[] = [
  {
    name: 'random',
    summary: 'uniformly random unknown cells (DataGenetics baseline)',
    exact: false,
  },
  {
    name: 'hunt-target',
    summary: 'random hunting, then the four neighbours of every hit (DataGenetics hunt/target)',
    exact: false,
  },
  {
    name: 'parity',
    summary: 'hunt/target hunting only on the parity grid of the shortest ship (DataGenetics)',
    exact: false,
  },
  {
    name: 'pdf',
    summary: 'highest placement density, hits weighted heavily (DataGenetics)',
    exact: false,
  },
  {
    name: 'independent',
    summary: 'Over 9000: 1 - prod(1 - p) over ships, edge-weighted, random tie-break',
    exact: false,
  },
  {
    name: 'bob',
    summary: 'Bob: the Over 9000 count from hits and misses only (no sink reports)',
    exact: false,
  },
  {
    name: 'margin-count',
    summary: 'Cubido neighbour count with impossible cells next to sunk ships',
    exact: false,
  },
  {
    name: 'greedy',
    summary: 'highest exact probability of a ship, ties to the first cell in reading order',
    exact: true,
  },
  {
    name: 'info',
    summary: 'largest expected information gain per expected miss, from the exact posterior',
    exact: true,
  },
  {
    name: 'lookahead',
    summary: 'two-shot lookahead: expected hits of this shot and the best next one (top 3 cells)',
    exact: true,
  },
  {
    name: 'phased',
    summary:
      'two-shot lookahead weighted by phase: hunting and targeting value the next shot differently',
    exact: true,
  },
];

export const STRATEGY_NAMES: readonly string[] = STRATEGIES.map((s) => s.name);

/** Where a simulation's hidden fleets come from. */
export const FLEET_SOURCES = ['uniform', 'sequential'] as const;
export type FleetSource = (typeof FLEET_SOURCES)[number];

/** What each simulated shot is told: sinkings with the sunk ship's cells, or hit and miss only. */
export const ANSWERS = ['sunk', 'hit-miss'] as const;
export type Answers = (typeof ANSWERS)[number];

/** How an opponent's prior is learned from their games. */
export const LEARN_METHODS = ['counts', 'fit'] as const;
export type LearnMethod = (typeof LEARN_METHODS)[number];

/** How a game ended for us. */
export const OUTCOMES = ['won', 'lost', 'abandoned'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** How batchCancel may leave a run: "cancelled" (the default) or "interrupted". */
export const BATCH_STOP_STATES = ['cancelled', 'interrupted'] as const;
export type BatchStopState = (typeof BATCH_STOP_STATES)[number];
