// `broadside optimal --rules R [--strategy LIST] [--json]`: on a board small enough to solve
// exactly, the optimal expected number of shots to sink the whole fleet beside the exact expected
// shots of deterministic strategies (greedy, info, lookahead by default), fleets uniform over the
// legal layouts and every shot answered miss, hit or sunk. Boards with too many cells or layouts
// are refused at once; a longer search shows its progress and an estimate of the time left on
// standard error, and is stopped early when its projected work passes the budget.

import { InputError } from '../core/errors';
import { optimalTable, type OptimalTable } from '../core/optimal';
import { fleetLengths, type Rules } from '../core/rules';
import { getStrategy } from '../core/strategy';
import type { Command } from './command';
import { progressReporter } from './optimal-progress';
import { loadRules, strategyListOption } from './options';

const DEFAULT_STRATEGIES = ['greedy', 'info', 'lookahead'];

/** The JSON answer: exactly layouts, optimal and each strategy's expected shots. */
export function optimalJson(t: OptimalTable): {
  layouts: number;
  optimal: number;
  strategies: Record<string, number>;
} {
  return {
    layouts: t.layouts,
    optimal: t.optimal.expectedShots,
    strategies: Object.fromEntries(t.strategies.map((s) => [s.name, s.expectedShots])),
  };
}

function formatTable(rules: Rules, t: OptimalTable): string {
  const lines = [
    `${rules.width}x${rules.height}, fleet ${fleetLengths(rules.fleet).join(',')}, touch ${rules.touch}: ${t.layouts} layouts`,
    '',
    `${'shooter'.padEnd(12)}${'expected shots'.padStart(16)}${'- optimal'.padStart(12)}${'ms'.padStart(10)}`,
    `${'optimal'.padEnd(12)}${t.optimal.expectedShots.toFixed(4).padStart(16)}${''.padStart(12)}${t.optimal.ms.toFixed(0).padStart(10)}`,
  ];
  for (const s of t.strategies) {
    const gap = s.expectedShots - t.optimal.expectedShots;
    lines.push(
      `${s.name.padEnd(12)}${s.expectedShots.toFixed(4).padStart(16)}${gap.toFixed(4).padStart(12)}${s.ms.toFixed(0).padStart(10)}`,
    );
  }
  lines.push('');
  lines.push(`exact over every layout; the search kept ${t.optimal.states} knowledge states`);
  return lines.join('\n');
}

export const optimalCliCommand: Command = {
  name: 'optimal',
  usage: 'optimal --rules NAME|FILE [--strategy LIST] [--json]',
  summary:
    'exact optimal expected shots on a small board, beside the exact expected shots of deterministic strategies',
  options: { rules: { type: 'string' }, strategy: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, positionals }) {
    if (positionals.length) {
      throw new InputError('optimal', `takes no FILE, got ${positionals.join(' ')}`);
    }
    if (typeof values.rules !== 'string') {
      throw new InputError('--rules', 'needs a preset name or a rules JSON file');
    }
    const names =
      values.strategy === undefined ? DEFAULT_STRATEGIES : strategyListOption(values.strategy);
    const rules = await loadRules(values.rules);
    const progress = progressReporter(process.stderr);
    let table: OptimalTable;
    try {
      table = optimalTable(rules, names.map(getStrategy), { onProgress: progress.report });
    } finally {
      progress.done();
    }
    console.log(
      values.json === true ? JSON.stringify(optimalJson(table)) : formatTable(rules, table),
    );
    return 0;
  },
};
