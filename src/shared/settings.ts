// The user's settings: what the app's Settings view may change and the main process keeps in a
// settings file beside the library: the engine's memory budget and the graph folder's size
// limit; they take effect at the next start (the pool and its memory are sized once). The one schema checks both the API's
// params and the file as read back, so a hand-edited file is held to what the view may write.

import { int, nullable, obj, optional, type Infer } from './schema';

/** The least memory budget taken, in MB: the process itself and a small graph's values. */
export const MIN_MEMORY_MB = 256;
/** The most, in MB (a terabyte). */
export const MAX_MEMORY_MB = 1 << 20;

/** A memory budget in MB, or null for the default (half the memory available). */
export const memoryMb = nullable(int({ min: MIN_MEMORY_MB, max: MAX_MEMORY_MB }));

/** The least and most size limit of the graph folder, in MB. */
export const MIN_GRAPH_CACHE_MB = 16;
export const MAX_GRAPH_CACHE_MB = 1 << 20;
/** The graph folder's size limit in MB (least recently used files go first), or null: the default. */
export const graphCacheMb = nullable(int({ min: MIN_GRAPH_CACHE_MB, max: MAX_GRAPH_CACHE_MB }));

export const settingsSchema = obj({
  memoryMb: optional(memoryMb),
  graphCacheMb: optional(graphCacheMb),
});
export type Settings = Infer<typeof settingsSchema>;

/** Where the memory budget in force came from, strongest first. */
export const MEMORY_SOURCES = ['flag', 'environment', 'settings', 'default'] as const;
export type MemorySource = (typeof MEMORY_SOURCES)[number];
