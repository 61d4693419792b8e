// What the simulation tests share: a request checked as the API's door checks it, and a report
// stripped of its timings so two runs of the same games compare equal.

import type { SimulationReport } from '../../src/core/simulate/report';
import { simulationPlan } from '../../src/main/api/simulate';
import { apiMethods } from '../../src/shared/api';

/** A simulate request checked as the API's door checks it: its schema, then its plan. */
export function checkedPlan(request: unknown) {
  return simulationPlan(apiMethods.simulate.params.parse(request, 'simulate'), {});
}

/** The report without its timings, which differ from run to run. */
export function reportOutcome(r: SimulationReport): unknown {
  return {
    ...r,
    wallMs: undefined,
    threads: undefined,
    strategies: Object.fromEntries(
      Object.entries(r.strategies).map(([k, s]) => [
        k,
        { ...s, msPerShot: 0, msPerGame: 0, ms: 0 },
      ]),
    ),
  };
}
