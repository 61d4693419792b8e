// Tags typed as one comma-separated line: trimmed, deduplicated, at most 60 characters each.

export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => t.slice(0, 60)),
    ),
  ];
}
