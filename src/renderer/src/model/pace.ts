// Time left of a long run, from its measured progress only. The clock starts when progress first
// moves, not when the run starts: a run may spend seconds setting up (counting layouts, starting
// workers) before its first game ends, and counting those seconds as the pace of the games
// overstates the time left several times over. No estimate until progress has moved enough to
// measure a pace.

export interface ProgressSample {
  /** Milliseconds since the run started. */
  ms: number;
  /** Share of the work done, 0..1. */
  fraction: number;
}

/** Progress to see, after the first step, before a pace is measured. */
const MIN_STEP = 0.02;
/** Time to watch, after the first step, before a pace is measured. */
const MIN_SPAN_MS = 1000;

/**
 * Milliseconds left at `now`, at the pace since `first` (the first sample with progress); null
 * while there is not enough progress to measure one.
 */
export function timeLeftMs(first: ProgressSample | null, now: ProgressSample): number | null {
  if (first === null || now.fraction >= 1) return null;
  const done = now.fraction - first.fraction;
  const span = now.ms - first.ms;
  if (done < MIN_STEP || span < MIN_SPAN_MS) return null;
  return ((1 - now.fraction) * span) / done;
}

/** "8 s", "1 min 40 s", "12 min": rounded as a person would say it. */
export function formatDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m >= 10) return `${Math.round(s / 60)} min`;
  const rest = s % 60;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}
