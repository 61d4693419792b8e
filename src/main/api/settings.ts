// The engine's settings over the API: the memory budget in force (part of `info`) and
// settingsSave, which keeps the user's budget in the settings file for the next start.

import type { MemoryInfo, SettingsSaved } from '../../shared/records';
import type { Settings } from '../../shared/settings';
import { ConflictError } from '../errors';
import { availableMemory } from '../memory-budget';
import { memoryPlan } from '../memory-plan';
import type { JobPool } from '../pool';
import type { HandlersFor } from './handlers';

/** What a process that keeps settings tells the API (services.ts builds it). */
export interface EngineSettings {
  /** The memory plan in force; never starts the pool. */
  memory(): MemoryInfo;
  /** Writes the settings file; they take effect at the next start. */
  save(settings: Settings): SettingsSaved;
}

/** The memory info of a process that keeps no settings: the default budget on the pool's threads. */
export function defaultMemoryInfo(pool: JobPool): MemoryInfo {
  const availableBytes = availableMemory();
  const plan =
    pool.memoryPlan?.() ?? memoryPlan({ availableBytes, threads: pool.threads, graphs: [] });
  return {
    budgetBytes: plan.budgetBytes,
    source: 'default',
    availableBytes,
    threads: pool.threads,
    holdingThreads: plan.holdingThreads,
    settingsFile: null,
  };
}

export function settingsApi(engine: EngineSettings | undefined): HandlersFor<'settingsSave'> {
  return {
    settingsSave: (p) => {
      if (!engine) {
        throw new ConflictError(
          'this process keeps no settings file (its library is in memory): nothing was saved',
        );
      }
      return engine.save({
        ...(p.memoryMb === undefined ? {} : { memoryMb: p.memoryMb }),
        ...(p.graphCacheMb === undefined ? {} : { graphCacheMb: p.graphCacheMb }),
      });
    },
  };
}
