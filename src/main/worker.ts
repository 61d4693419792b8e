// The piscina worker entry, built to out/main/worker.js; the pool points at that file.
// It will dispatch each task into src/core (solve, simulate, ...) by its kind. For now: an echo.

export default function runTask(task: unknown): { ok: true; echo: unknown } {
  return { ok: true, echo: task };
}
