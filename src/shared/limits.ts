// The size limits of the library's text fields, shared by the API's schemas and the bundle
// importer, so a record the one accepts the other accepts too. It imports nothing.

export const LIMITS = {
  /** A position's, opponent's or game's name, in characters. */
  name: 200,
  /** Free-text notes, in characters. */
  notes: 100_000,
  /** One tag, in characters, and the tags of one position. */
  tag: 60,
  tags: 50,
  /** How a prior was made ("learned (fit)", "manual"), in characters. */
  source: 200,
} as const;
