// `broadside merge REPORT... [--json]`: joins `simulate --json` reports of disjoint game ranges of
// one simulation (same seed, rules, strategies and options; see `simulate --first-game`) into the
// report one run over their union would have printed, as a table or with --json as JSON. The
// files may be given in any order; overlaps and gaps in the range are refused.

import { InputError } from '../core/errors';
import { parseRules } from '../core/rules-json';
import { mergeReports, type ReportPart } from '../core/simulate/merge';
import type { Command } from './command';
import { readInput } from './io';
import { formatReport } from './simulate-command';

async function readReport(file: string): Promise<ReportPart> {
  const text = await readInput(file);
  try {
    return { source: file, report: JSON.parse(text) as unknown };
  } catch (e) {
    throw new InputError(file, `is not valid JSON (${(e as Error).message})`);
  }
}

export const mergeCliCommand: Command = {
  name: 'merge',
  usage: 'merge REPORT... [--json]',
  summary:
    'joins simulate --json reports of disjoint game ranges into the report of one run over them all',
  options: { json: { type: 'boolean' } },
  async run({ values, positionals }) {
    if (positionals.length === 0) {
      throw new InputError('merge', 'needs the simulate --json report files to join');
    }
    const parts: ReportPart[] = [];
    for (const file of positionals) parts.push(await readReport(file));
    const report = mergeReports(parts);
    console.log(
      values.json === true
        ? JSON.stringify(report)
        : formatReport(report, parseRules(report.rules)),
    );
    return 0;
  },
};
