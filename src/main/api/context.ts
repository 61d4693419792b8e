// What the API implementation works with: the open library, the worker pool, the jobs running
// under a key (solves of a board, simulations) and the batch runs of this process.

import type { Db } from '../store/open';
import type { JobPool } from '../pool';
import type { BatchRuns } from './batch';
import type { KeyedJobs } from './keyed-jobs';
import type { PriorUpdates } from './prior-updates';

export interface ApiContext {
  db: Db;
  dbPath: string;
  pool: JobPool;
  jobs: KeyedJobs;
  batches: BatchRuns;
  /** Re-learns an opponent's prior in the background when their games change. */
  priorUpdates: PriorUpdates;
}
