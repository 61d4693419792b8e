// Job `propose`: the shot a strategy fires next at one position (the recorder's proposal). The
// shooter is made as the simulator makes one, with a posterior cache of its own, and asked once;
// strategies that draw random numbers get a fixed stream, so a proposal is reproducible.

import { InputError } from '../../core/errors';
import { hasObservations, parsePosition, type PositionJson } from '../../core/position';
import { seededRandom } from '../../core/random';
import { getStrategy } from '../../core/strategy';
import { PosteriorCache } from '../../core/strategy/posterior';
import type { ShotProposal } from '../../shared/records';
import type { GraphObject } from '../graphs/graph-file';
import type { JobContext } from './context';
import { threadGraphs } from './solve-job';

export interface ProposePayload {
  position: PositionJson;
  strategy: string;
  /** Memory budget of each exact solve behind the proposal, bytes (the thread's share). */
  maxBytes?: number;
  /** The rules' state graph, when the pool keeps it ready (as a solve job receives it). */
  graph?: GraphObject;
}

export function proposeJob(payload: ProposePayload, ctx?: JobContext): ShotProposal {
  const position = parsePosition(payload.position);
  const strategy = getStrategy(payload.strategy);
  if (hasObservations(position) && !strategy.observations) {
    throw new InputError(
      'propose.strategy',
      `${strategy.name} does not read named hits or volleys; propose with greedy instead`,
    );
  }
  if (!position.cells.some((mark) => mark === 0)) {
    throw new InputError('propose.position', 'has no unknown cell left to fire at');
  }
  if (payload.graph) threadGraphs.offer(payload.graph);
  const t0 = performance.now();
  const shooter = strategy.create({
    rules: position.rules,
    random: seededRandom(1),
    posteriors: new PosteriorCache(
      position.cells.length,
      'auto',
      // A cache of this job's own: a solve stopped half-way leaves nothing kept behind.
      {
        ...(payload.maxBytes === undefined ? {} : { maxBytes: payload.maxBytes }),
        ...(ctx?.signal ? { signal: ctx.signal } : {}),
        // Only a job the pool sent the graph with uses it (the pool knows it is ready).
        ...(payload.graph ? { graphs: threadGraphs } : {}),
      },
    ),
  });
  const cell = shooter.next(position);
  return { strategy: strategy.name, cell, ms: performance.now() - t0 };
}
