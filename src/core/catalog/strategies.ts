// The strategies a caller chooses from, by name, with what the app says about each: the one list
// the strategy registry (core/strategy), the contract (shared/catalog) and the renderer read.
// Data only: it imports nothing, so the contract and the renderer can read it without pulling in
// the code behind the names. The registry builds each strategy from its entry here.

/** Cells `lookahead` scores by default (its summary names the count). */
export const LOOKAHEAD_CANDIDATES = 3;

/** The `phased:D` budget the lab and the recorder offer: tens of milliseconds a shot on 10x10. */
export const PHASED_LAB_DRAWS = 1000;

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

export function lookaheadSummary(candidates: number): string {
  return `two-shot lookahead: expected hits of this shot and the best next one (top ${candidates} cells)`;
}

export function budgetedPhasedSummary(draws: number): string {
  return `phased with the next shot estimated from ${draws.toLocaleString('en-US')} drawn layouts`;
}

export interface StrategyInfo {
  /** Stable name (command line, saved simulations). */
  name: string;
  /** One line for listings. */
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
    summary: lookaheadSummary(LOOKAHEAD_CANDIDATES),
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
    name: `phased:${PHASED_LAB_DRAWS}`,
    summary: budgetedPhasedSummary(PHASED_LAB_DRAWS),
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

/** The entry of a listed strategy (a registry module reads its own with this). */
export function strategyInfo(name: string): StrategyInfo {
  const info = STRATEGIES.find((s) => s.name === name);
  if (!info) throw new Error(`strategy "${name}" is not in the catalog`);
  return info;
}
