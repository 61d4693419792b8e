// The strategy registry: each name of the catalog (core/catalog) and the module that plays it.

import { STRATEGIES as CATALOG } from '../catalog/strategies';
import { InputError } from '../errors';
import { bobStrategy } from './bob';
import { greedyStrategy } from './greedy';
import { huntTargetStrategy } from './hunt-target';
import { independentStrategy } from './independent';
import { infoStrategy } from './info';
import { infoKStrategy } from './info-k';
import { lookaheadStrategy } from './lookahead';
import { marginCountStrategy } from './margin-count';
import { parityStrategy } from './parity';
import {
  PHASED_DEFAULTS,
  PHASED_LAB_DRAWS,
  PHASED_MAX_DRAWS,
  phasedDraws,
  phasedStrategy,
} from './phased';
import { pdfStrategy } from './pdf';
import { randomStrategy } from './random';
import { spreadKStrategy } from './spread-k';
import type { Strategy } from './strategy';
import { topKStrategy } from './top-k';

export type { Shooter, Strategy, StrategyContext, TieRule } from './strategy';

const IMPLEMENTED: Strategy[] = [
  randomStrategy,
  huntTargetStrategy,
  parityStrategy,
  pdfStrategy,
  independentStrategy,
  bobStrategy,
  marginCountStrategy,
  greedyStrategy('first'),
  infoStrategy,
  lookaheadStrategy(),
  phasedStrategy(),
  phasedStrategy({ ...PHASED_DEFAULTS, draws: PHASED_LAB_DRAWS }),
  topKStrategy,
  spreadKStrategy,
  infoKStrategy(),
];

/** The registry in the catalog's order; each module takes its descriptor from the catalog. */
const STRATEGIES: Strategy[] = CATALOG.map(({ name }) => {
  const strategy = IMPLEMENTED.find((s) => s.name === name);
  if (!strategy) throw new Error(`the catalog lists strategy "${name}", which has no module`);
  return strategy;
});

const byName = new Map(STRATEGIES.map((s) => [s.name, s]));

export function strategyNames(): string[] {
  return STRATEGIES.map((s) => s.name);
}

export function listStrategies(): readonly Strategy[] {
  return STRATEGIES;
}

/** `phased:D`, phased with a budget of D drawn layouts; undefined for other names. */
function budgetedPhased(name: string): Strategy | undefined {
  const draws = phasedDraws(name);
  if (draws === null) return undefined;
  if (Number.isNaN(draws)) {
    throw new InputError(
      'strategy',
      `"${name}": phased's budget must be 1 to ${PHASED_MAX_DRAWS.toLocaleString('en-US')} drawn layouts`,
    );
  }
  return phasedStrategy({ ...PHASED_DEFAULTS, draws });
}

export function getStrategy(name: string): Strategy {
  const strategy = byName.get(name) ?? budgetedPhased(name);
  if (!strategy) {
    throw new InputError(
      'strategy',
      `unknown strategy "${name}" (known: ${strategyNames().join(', ')})`,
    );
  }
  return strategy;
}
