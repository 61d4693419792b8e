// The contract names the solvers itself (src/shared/catalog.ts imports no solver); the core
// registry must implement exactly those. (Strategies and option values have one list, in
// src/core/catalog, that both read.)

import { describe, expect, it } from 'vitest';
import { solverNames } from '../../src/core/solve';
import { SOLVER_NAMES } from '../../src/shared/catalog';

describe('the catalog', () => {
  it('lists every solver of the core registry, and no other', () => {
    expect([...SOLVER_NAMES].sort()).toEqual(solverNames().sort());
  });
});
