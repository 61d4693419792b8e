// Layout priors: named presets, learning an opponent's prior from logged games, the exact
// quantities behind both (occupancy, likelihood), and the placement advisor for our own fleet.

export {
  PRIOR_PRESETS,
  EDGE_WEIGHT,
  applicablePresets,
  getPriorPreset,
  presetPrior,
  priorPresetNames,
  shippedHumanPrior,
  type PriorPreset,
} from './presets';
export {
  LEARN_METHODS,
  learnPrior,
  type LearnMethod,
  type LearnOptions,
  type LearnedPrior,
} from './learn';
export { fitOccupancy, type FitData, type FitOptions, type FitResult } from './learn-fit';
export { countsGrid, DEFAULT_PSEUDO_GAMES, normaliseGrid } from './learn-counts';
export {
  exactOccupancy,
  gameLogLikelihood,
  gamesLogLikelihood,
  layoutLogWeight,
  priorOccupancy,
} from './occupancy';
export { boardSymmetries, poolOverSymmetries, symmetryOrbits } from './symmetry';
export {
  adviseLayouts,
  randomLayout,
  riskMap,
  scoreLayout,
  type AdviceOptions,
  type PlacementAdvice,
} from './advisor';
