// The option values of the simulator and the learner, by name: the one list the core (which
// implements them), the contract and the renderer read. Data only: it imports nothing.

/** Where a simulation's hidden fleets come from: uniform over legal layouts, or one ship at a time. */
export const FLEET_SOURCES = ['uniform', 'sequential'] as const;
export type FleetSource = (typeof FLEET_SOURCES)[number];

/**
 * What the simulated shooter is told: each shot on its own (sinkings with the sunk ship's cells,
 * hit and miss only, or ships named on every hit), or each turn as one volley answered by ships
 * hit with their counts, by the ships hit, or by the count of hits (core/answers.ts).
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

/** How an opponent's prior is learned from their games. */
export const LEARN_METHODS = ['counts', 'fit'] as const;
export type LearnMethod = (typeof LEARN_METHODS)[number];
