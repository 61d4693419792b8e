// How a stored prior says where it came from. A prior learned from the opponent's games is kept
// current as their games are saved; one the user entered or chose is never replaced by learning.
// The marker is the start of the record's `source` text, written and read only here.

const LEARNED = 'learned';

/**
 * The source of a prior learned with `method` ("learned (fit, symmetric)"), with `detail` saying
 * how when it matters ("updated when a game was saved").
 */
export function learnedSource(
  learned: { method: string; symmetric?: boolean },
  detail?: string,
): string {
  const how = learned.symmetric ? `${learned.method}, symmetric` : learned.method;
  return detail ? `${LEARNED} (${how}), ${detail}` : `${LEARNED} (${how})`;
}

/** Was the prior with this source learned (and so may learning replace it)? */
export function isLearnedSource(source: string): boolean {
  return source.startsWith(LEARNED);
}
