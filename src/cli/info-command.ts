// `broadside info [--db PATH] [--json]`: what the app's `info` answers, in a few lines: the
// version, the library file, the solving threads, and the state graphs' files (the data folder's
// graphs/), each with its size, their total, and how to free the space. Reads nothing but names
// and sizes: no graph is loaded, no thread started.

import type { GraphFilesInfo, MemoryInfo } from '../shared/records';
import { MAX_ROWS } from '../main/store/solved-positions';
import type { Command } from './command';
import { callApi, dbOption, noPositionals, withServices } from './services';

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** The graphs part of `info`, as lines. */
export function graphLines(graphs: GraphFilesInfo | null): string[] {
  if (!graphs) return ['state graphs: none kept'];
  const lines = [`state graphs: ${graphs.dir}`];
  if (graphs.files.length === 0)
    lines.push('  no graph files yet (each is built when its rules are first solved)');
  for (const f of graphs.files) lines.push(`  ${f.name}  ${mb(f.bytes)}`);
  lines.push(`  total ${mb(graphs.totalBytes)} in ${graphs.files.length} file(s)`);
  if (graphs.limitBytes !== null) {
    lines.push(
      `  limit ${mb(graphs.limitBytes)} (${LIMIT_WORDS[graphs.limitSource]}): the least recently used files go first`,
    );
  }
  if (graphs.keptBytes > 0) {
    lines.push(
      `  kept solved positions ${mb(graphs.keptBytes)} (outside the limit; at most ${MAX_ROWS.toLocaleString('en-US')} positions)`,
    );
  }
  lines.push(`  to free the space, ${graphs.remove}`);
  return lines;
}

const LIMIT_WORDS: Record<GraphFilesInfo['limitSource'], string> = {
  environment: 'BROADSIDE_GRAPH_CACHE_MB',
  settings: 'the settings file',
  default: 'the default',
};

const SOURCE_WORDS: Record<MemoryInfo['source'], string> = {
  flag: '--memory',
  environment: 'BROADSIDE_MEMORY_MB',
  settings: 'the settings file',
  default: 'the default: half the memory available',
};

/** The memory part of `info`, as lines. */
export function memoryLines(memory: MemoryInfo): string[] {
  const lines = [
    `memory budget: ${mb(memory.budgetBytes)} (${SOURCE_WORDS[memory.source]}) of ${mb(memory.availableBytes)} available`,
    `  ${memory.holdingThreads} of ${memory.threads} solving thread(s) hold values`,
  ];
  if (memory.settingsFile) {
    const saved = memory.savedMb ? `${memory.savedMb} MB` : 'the default';
    lines.push(`  settings: ${memory.settingsFile} (budget from the next start: ${saved})`);
  }
  return lines;
}

export const infoCliCommand: Command = {
  name: 'info',
  usage: 'info [--db PATH] [--json]',
  summary:
    'prints the version, the library file and the state graphs on disk (sizes, how to remove)',
  options: { ...dbOption, json: { type: 'boolean' } },
  async run(args) {
    noPositionals('info', args);
    await withServices(args, { graphs: true, settings: true }, async (services) => {
      const info = await callApi(services.api(), 'info', {});
      if (args.values.json === true) {
        console.log(JSON.stringify(info, null, 2));
        return;
      }
      console.log(`Broadside ${info.version}`);
      console.log(`library: ${info.dbPath} (schema ${info.schemaVersion})`);
      console.log(`solving threads: ${info.threads}`);
      for (const line of memoryLines(info.memory)) console.log(line);
      for (const line of graphLines(info.graphs)) console.log(line);
    });
    return 0;
  },
};
