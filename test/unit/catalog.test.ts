// The contract's catalog (src/shared/catalog.ts, which imports nothing) names what the core
// implements: the same solvers, strategies and option values, so neither can drift.

import { describe, expect, it } from 'vitest';
import { LEARN_METHODS as CORE_LEARN_METHODS } from '../../src/core/prior/learn';
import { FLEET_SOURCES as CORE_FLEET_SOURCES } from '../../src/core/simulate/fleets';
import { ANSWERS as CORE_ANSWERS } from '../../src/core/simulate/game';
import { solverNames } from '../../src/core/solve';
import { listStrategies } from '../../src/core/strategy';
import {
  ANSWERS,
  FLEET_SOURCES,
  LEARN_METHODS,
  SOLVER_NAMES,
  STRATEGIES,
} from '../../src/shared/catalog';

describe('the catalog', () => {
  it('lists every solver of the core registry, and no other', () => {
    expect([...SOLVER_NAMES].sort()).toEqual(solverNames().sort());
  });

  it('lists every strategy with its summary, in the registry order', () => {
    expect(STRATEGIES).toEqual(
      listStrategies().map(({ name, summary, exact, salvo, observations }) => ({
        name,
        summary,
        exact,
        salvo,
        observations,
      })),
    );
  });

  it('has the simulator and learner option values', () => {
    expect(FLEET_SOURCES).toEqual(CORE_FLEET_SOURCES);
    expect(ANSWERS).toEqual(CORE_ANSWERS);
    expect(LEARN_METHODS).toEqual(CORE_LEARN_METHODS);
  });
});
