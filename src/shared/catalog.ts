// The names a caller chooses from, with what the app says about each: solvers, strategies,
// simulation options, learning methods, game outcomes, how a batch may be stopped. The strategies
// and the simulator's and learner's option values are the core's own lists (core/catalog, data
// only), read here so the contract, the preload and the renderer get them without the code
// behind them. The solver names are the contract's; a test checks that the core registry agrees.

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

export {
  PHASED_MAX_DRAWS,
  STRATEGIES,
  STRATEGY_NAMES,
  phasedBudget,
  type StrategyInfo,
} from '../core/catalog/strategies';
export {
  ANSWERS,
  FLEET_SOURCES,
  LEARN_METHODS,
  type Answers,
  type FleetSource,
  type LearnMethod,
} from '../core/catalog/options';

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

/** Shots per turn a simulation may fire (1: the usual game). */
export const MAX_SALVO = 100;
/** A simulation's seed: any 32-bit whole number. */
export const MAX_SEED = 2 ** 32 - 1;
/** The most games one simulation may play per strategy. */
export const MAX_SIMULATION_GAMES = 10_000_000;
/** The highest first game of a slice of a simulation (game numbers stay exact doubles). */
export const MAX_FIRST_GAME = 1_000_000_000_000_000;

/** External bots one simulation may play, and the time limit of each of their answers. */
export const MAX_BOTS = 16;
export const DEFAULT_BOT_TIMEOUT_MS = 2000;
export const MAX_BOT_TIMEOUT_MS = 600_000;
/** A bot's name, as reports show it beside the strategies. */
export const BOT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/;

/** How a game ended for us. */
export const OUTCOMES = ['won', 'lost', 'abandoned'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** How batchCancel may leave a run: "cancelled" (the default) or "interrupted". */
export const BATCH_STOP_STATES = ['cancelled', 'interrupted'] as const;
export type BatchStopState = (typeof BATCH_STOP_STATES)[number];
