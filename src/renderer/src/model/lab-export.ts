// The strategy lab's results as files: the report as JSON in the form `broadside simulate --json`
// prints (each game's shots left out), and each game's shots per strategy as CSV, one row per
// game and strategy (its number as the JSON counts games, from firstGame; how many shots; the
// cells fired at, in order), so the games can be taken into a spreadsheet or a notebook.

import { cellName } from '../../../core/rules';
import { parseRules } from '../../../core/rules-json';
import type { SimulationRunReport } from '../../../shared/api';

/** The report as `simulate --json` prints it. */
export function reportJson(report: SimulationRunReport): string {
  const { perGameShots: _shots, perGameCells: _cells, ...cliForm } = report;
  return JSON.stringify(cliForm);
}

/**
 * "game,strategy,shots,cells" rows: games numbered as the report's firstGame counts them (the
 * seed's game k), the cells fired at in firing order ("E5 E6 D6 ..."; empty when the run was too
 * long to keep them).
 */
export function perGameCsv(report: SimulationRunReport): string {
  const lines = ['game,strategy,shots,cells'];
  const perGame = report.perGameShots ?? {};
  const cells = report.perGameCells ?? {};
  const width = parseRules(report.rules).width;
  const name = (c: number): string => cellName(Math.floor(c / width), c % width);
  const names = Object.keys(perGame);
  const games = Math.max(0, ...names.map((n) => perGame[n]!.length));
  for (let g = 0; g < games; g++) {
    for (const strategy of names) {
      const shots = perGame[strategy]![g];
      if (shots === undefined) continue;
      const fired = cells[strategy]?.[g]?.map(name).join(' ') ?? '';
      lines.push(`${report.firstGame + g},${csvField(strategy)},${shots},${fired}`);
    }
  }
  return lines.join('\r\n') + '\r\n';
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
