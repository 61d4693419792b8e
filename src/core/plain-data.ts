// Checks on untrusted plain data (parsed JSON, IPC payloads) shared by every parser.

/** A JSON object: not null, not an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A short description of an unexpected value, for error messages. */
export function describeValue(v: unknown): string {
  if (typeof v === 'string')
    return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : String(v);
}
