// `npm run experiment -- fit-human`: fits the "Human players (classic)" prior to the people's occupancy table
// and writes resources/human-prior.json with its provenance (source, licence, date, residual).
//
// The data is the cliambrown-battleship-data table (MIT licence), kept with its licence in
// resources/data/cliambrown-battleship-data. Override with --data DIR; --out FILE writes
// elsewhere; --check fits and compares with the shipped file without writing (exit code 1 when
// the grids differ).
//
// Usage: npm run experiment -- fit-human [--data DIR] [--out FILE] [--check]

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  HUMAN_SOURCE,
  fitHumanPrior,
  formatHumanPriorFile,
  humanPriorFile,
  parseHumanSquares,
} from './human-data';
import type { HumanPriorFile } from '../src/core/prior/presets';

const root = process.cwd();
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    out: { type: 'string' },
    check: { type: 'boolean' },
  },
});
const dataDir = resolve(root, values.data ?? 'resources/data/cliambrown-battleship-data');
const out = resolve(root, values.out ?? 'resources/human-prior.json');

let text: string;
try {
  text = readFileSync(resolve(dataDir, HUMAN_SOURCE.file), 'utf8');
} catch (e) {
  console.error(
    `fit-human: cannot read ${HUMAN_SOURCE.file} in ${dataDir} (${(e as Error).message}); pass --data DIR`,
  );
  process.exit(2);
}
const data = parseHumanSquares(text);
console.log(`fit-human: ${data.games} games; fitting the classic-rules grid (exact DP per step)`);
const fit = fitHumanPrior(data, {
  onIteration: (it) =>
    console.log(
      `  iteration ${it.iteration}: max |expected - observed| ${(it.gradientMax * 100).toFixed(5)} pp, ` +
        `step ${it.step}, ${it.solves} solves, ${(it.ms / 1000).toFixed(1)} s`,
    ),
});
if (!fit.converged) {
  console.error(`fit-human: did not converge (max difference ${fit.maxAbsDiff})`);
  process.exit(1);
}
const file = humanPriorFile(data, fit, new Date().toISOString().slice(0, 10));
console.log(
  `fit-human: max |expected - observed| ${file.provenance.residual.maxAbs} pp, mean ${file.provenance.residual.meanAbs} pp; ` +
    `${fit.solves} solves in ${(fit.ms / 1000).toFixed(1)} s; log-likelihood per game ` +
    `${file.provenance.logLikelihoodPerGame.human.toFixed(4)} vs uniform ${file.provenance.logLikelihoodPerGame.uniform.toFixed(4)} nats`,
);
if (values.check) {
  const shipped = JSON.parse(readFileSync(out, 'utf8')) as HumanPriorFile;
  const worst = Math.max(
    ...shipped.grid.flat().map((w, i) => Math.abs(Math.log(w / file.grid.flat()[i]!))),
  );
  console.log(
    `fit-human: largest |log(shipped / refitted)| over the cells: ${worst.toExponential(2)}`,
  );
  process.exit(worst < 1e-3 ? 0 : 1);
}
writeFileSync(out, formatHumanPriorFile(file));
console.log(`fit-human: wrote ${out}`);
