// Job `sample`: n layouts drawn exactly from a position's consistent layouts (seeded).

import { parsePosition, type PositionJson } from '../../core/position';
import { sample } from '../../core/solve/sample';
import type { JobContext } from './context';

export interface SamplePayload {
  position: PositionJson;
  n: number;
  seed: number;
}

export function sampleJob(payload: SamplePayload, ctx: JobContext): number[][][] {
  const position = parsePosition(payload.position);
  const layouts = sample(position, payload.n, payload.seed, {
    onProgress: (f) => ctx.progress(f / 2),
  });
  ctx.progress(1);
  return layouts;
}
