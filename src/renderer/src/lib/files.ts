// Files in and out without Node: a download link for exports and <input type=file> for imports.
// Inside Electron the same calls show the system's save and open dialogs.

/** Offers `text` as a file download named `filename`. */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name stem safe on every system: letters, digits, dash and underscore. */
export function safeFileStem(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'broadside'
  );
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
