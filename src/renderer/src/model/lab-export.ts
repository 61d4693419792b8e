// The strategy lab's results as files: the report as JSON in the form `broadside simulate --json`
// prints (each game's shots left out), and each game's shots per strategy as CSV, one row per
// game and strategy, so the numbers can be taken into a spreadsheet or a notebook.

import type { SimulationRunReport } from '../../../shared/api';

/** The report as `simulate --json` prints it. */
export function reportJson(report: SimulationRunReport): string {
  const { perGameShots: _omitted, ...cliForm } = report;
  return JSON.stringify(cliForm);
}

/** "game,strategy,shots" rows, games numbered from 1 in the order they were played. */
export function perGameCsv(report: SimulationRunReport): string {
  const lines = ['game,strategy,shots'];
  const perGame = report.perGameShots ?? {};
  const names = Object.keys(perGame);
  const games = Math.max(0, ...names.map((n) => perGame[n]!.length));
  for (let g = 0; g < games; g++) {
    for (const name of names) {
      const shots = perGame[name]![g];
      if (shots !== undefined) lines.push(`${g + 1},${csvField(name)},${shots}`);
    }
  }
  return lines.join('\r\n') + '\r\n';
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
