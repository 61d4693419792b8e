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
  /** Chooses K cells per turn (plays salvo games); the others fire one shot per turn. */
  salvo: boolean;
  /** Reads named hits and volleys (plays games with `named` or volley answers). */
  observations: boolean;
}

/** The simulator's strategies, in the order the strategy lab lists them. */
export const STRATEGIES: readonly StrategyInfo[] = [
  {
    name: 'random',
    summary: 'uniformly random unknown cells (DataGenetics baseline); a salvo: K distinct ones',
    exact: false,
    salvo: true,
    observations: true,
  },
  {
    name: 'hunt-target',
    summary: 'random hunting, then the four neighbours of every hit (DataGenetics hunt/target)',
    exact: false,
    salvo: false,
    observations: false,
  },
  {
    name: 'parity',
    summary: 'hunt/target hunting only on the parity grid of the shortest ship (DataGenetics)',
    exact: false,
    salvo: false,
    observations: false,
  },
  {
    name: 'pdf',
    summary:
      'highest placement density, hits weighted heavily (DataGenetics); a salvo: its K highest cells',
    exact: false,
    salvo: true,
    observations: false,
  },
  {
    name: 'independent',
    summary:
      'Over 9000: 1 - prod(1 - p) over ships, edge-weighted, random tie-break; a salvo: its K highest cells',
    exact: false,
    salvo: true,
    observations: false,
  },
  {
    name: 'bob',
    summary:
      'Bob: the Over 9000 count from hits and misses only (no sink reports); a salvo: its K highest cells',
    exact: false,
    salvo: true,
    observations: false,
  },
  {
    name: 'margin-count',
    summary:
      'Cubido neighbour count with impossible cells next to sunk ships; a salvo: its K highest cells',
    exact: false,
    salvo: true,
    observations: false,
  },
  {
    name: 'greedy',
    summary:
      'highest exact probability of a ship, ties to the first cell in reading order; a salvo: the K likeliest (as top-k)',
    exact: true,
    salvo: true,
    observations: true,
  },
  {
    name: 'info',
    summary: 'largest expected information gain per expected miss, from the exact posterior',
    exact: true,
    salvo: false,
    observations: false,
  },
  {
    name: 'lookahead',
    summary: 'two-shot lookahead: expected hits of this shot and the best next one (top 3 cells)',
    exact: true,
    salvo: false,
    observations: false,
  },
  {
    name: 'phased',
    summary:
      'two-shot lookahead weighted by phase: hunting and targeting value the next shot differently',
    exact: true,
    salvo: false,
    observations: false,
  },
  {
    name: 'phased:1000',
    summary: 'phased with the next shot estimated from 1,000 drawn layouts',
    exact: true,
    salvo: false,
    observations: false,
  },
  {
    name: 'top-k',
    summary: 'salvo of the K likeliest unfired cells of the posterior (exact, else estimated)',
    exact: true,
    salvo: true,
    observations: true,
  },
  {
    name: 'spread-k',
    summary:
      'salvo chosen cell by cell: posterior chance discounted for ship placements shared with cells already chosen',
    exact: true,
    salvo: true,
    observations: true,
  },
  {
    name: 'info-k',
    summary:
      'salvo chosen cell by cell: posterior chance plus 0.25 hits per bit of the aggregated answer (sampled); top-k when shots are answered one by one',
    exact: true,
    salvo: true,
    observations: true,
  },
];

export const STRATEGY_NAMES: readonly string[] = STRATEGIES.map((s) => s.name);

/**
 * The strategies the game recorder may propose our next shot with, the default first: the
 * heatmap's likeliest cell, or phased (the next shot weighed too) with a budget or exactly.
 */
export const PROPOSERS = [
  { name: 'greedy', label: 'likeliest cell' },
  { name: 'phased:1000', label: 'phased, 1,000 layouts' },
  { name: 'phased', label: 'phased, exact (slow early)' },
] as const;
export type ProposerName = (typeof PROPOSERS)[number]['name'];

/** Most layouts `phased:D` may draw per shot (a million is minutes a shot). */
export const PHASED_MAX_DRAWS = 1_000_000;

/**
 * D of a name `phased:D` (`phased` with a thinking budget of D drawn layouts per shot, 1 to
 * PHASED_MAX_DRAWS), null for other names, NaN for a budget out of range.
 */
export function phasedBudget(name: string): number | null {
  const m = /^phased:(\d{1,8})$/.exec(name);
  if (!m) return null;
  const draws = Number(m[1]);
  return draws >= 1 && draws <= PHASED_MAX_DRAWS ? draws : NaN;
}

/** Where a simulation's hidden fleets come from. */
export const FLEET_SOURCES = ['uniform', 'sequential'] as const;
export type FleetSource = (typeof FLEET_SOURCES)[number];

/**
 * What the simulated shooter is told: each shot on its own (sinkings with the sunk ship's cells,
 * hit and miss only, or ships named on every hit), or each turn as one volley answered by ships
 * hit with their counts, by the ships hit, or by the count of hits (core/simulate/answers.ts).
 */
export const ANSWERS = [
  'sunk',
  'hit-miss',
  'named',
  'volley-hits',
  'volley-ships',
  'volley-count',
] as const;
export type Answers = (typeof ANSWERS)[number];

/** Shots per turn a simulation may fire (1: the usual game). */
export const MAX_SALVO = 100;

/** How an opponent's prior is learned from their games. */
export const LEARN_METHODS = ['counts', 'fit'] as const;
export type LearnMethod = (typeof LEARN_METHODS)[number];

/** How a game ended for us. */
export const OUTCOMES = ['won', 'lost', 'abandoned'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** How batchCancel may leave a run: "cancelled" (the default) or "interrupted". */
export const BATCH_STOP_STATES = ['cancelled', 'interrupted'] as const;
export type BatchStopState = (typeof BATCH_STOP_STATES)[number];
