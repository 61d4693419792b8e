// Checks on untrusted plain data (parsed JSON, IPC payloads) shared by every parser.

/** A JSON object: not null, not an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
