// What the code under test writes to standard error through console.error, collected line by
// line instead of printed, until `restore` puts console.error back.

import { vi } from 'vitest';

export function collectErrorLog(): { logged: string[]; restore: () => void } {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    logged.push(parts.join(' '));
  });
  return { logged, restore: () => spy.mockRestore() };
}
