// The settings file: settings.json in the data folder (beside the library), which only the main
// process reads (once, at start) and writes (the API's settingsSave). Settings never stop the app
// from starting: a file that cannot be read or that the schema refuses (damaged, hand-edited) is
// reported in one line and the defaults are used. Saving writes a new file and renames it over
// the old one, so a crash mid-write leaves the old settings whole.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseJsonText } from '../core/json-text';
import { settingsSchema, type MemorySource, type Settings } from '../shared/settings';
import { budgetFromEnv } from './memory-plan';

export const SETTINGS_FILE = 'settings.json';

/** The settings file of a data folder. */
export function settingsFilePath(dataDir: string): string {
  return join(dataDir, SETTINGS_FILE);
}

/** The settings in `file`: none when it does not exist, and none (with one line) when it is bad. */
export function readSettings(
  file: string,
  log: (line: string) => void = (line) => console.error(line),
): Settings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      log(`broadside: cannot read ${file} (${code}); using the default settings`);
    return {};
  }
  const useDefaults = (what: string): Settings => {
    log(`broadside: ${what}; using the default settings`);
    return {};
  };
  let json: unknown;
  try {
    json = parseJsonText(text, file);
  } catch (e) {
    return useDefaults((e as Error).message);
  }
  try {
    return settingsSchema.parse(json, '');
  } catch (e) {
    return useDefaults(`${file}: ${(e as Error).message}`);
  }
}

/** Writes `settings` to `file` whole (a new file renamed over the old one). */
export function writeSettings(file: string, settings: Settings): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`);
    renameSync(temporary, file);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}

/** The memory budget a process starts with, and where it came from. */
export interface BudgetChoice {
  /** Bytes; none: the default (half the memory available). */
  memoryBudgetBytes?: number;
  memorySource: MemorySource;
}

/**
 * The memory budget in force: the command line's --memory, else BROADSIDE_MEMORY_MB, else the
 * settings file's, else the default. A bad BROADSIDE_MEMORY_MB is an InputError (budgetFromEnv):
 * the user set it for this start, unlike a file saved long ago.
 */
export function chooseBudget(given: {
  flagBytes?: number;
  env: NodeJS.ProcessEnv;
  settings: Settings;
}): BudgetChoice {
  if (given.flagBytes !== undefined) {
    return { memoryBudgetBytes: given.flagBytes, memorySource: 'flag' };
  }
  const fromEnv = budgetFromEnv(given.env).memoryBudgetBytes;
  if (fromEnv !== undefined) return { memoryBudgetBytes: fromEnv, memorySource: 'environment' };
  const mb = given.settings.memoryMb;
  if (mb !== undefined && mb !== null) {
    return { memoryBudgetBytes: mb * 2 ** 20, memorySource: 'settings' };
  }
  return { memorySource: 'default' };
}
