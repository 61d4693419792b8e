// Exact expected shots of `phased` under a grid of phase weights on the small boards of the
// README's optimal-play table, summed over the boards, to choose
// its defaults. Arguments: a comma-separated grid of HUNT:TARGET weights, then the candidates.
//   npm run phased-sweep -- 0:0,0.5:1,1:1 3
// (0:0 is greedy; 1:1 is lookahead over the same candidates.)
import { buildLayoutTable } from '../src/core/optimal/layouts';
import { strategyValue } from '../src/core/optimal/strategy-value';
import type { Rules } from '../src/core/rules';
import { phasedStrategy } from '../src/core/strategy/phased';
import { SMALL_BOARDS } from './small-boards';

const grid = (process.argv[2] ?? '0:0,1:1,1:0.5,0.5:0.5,1:0,0:1,2:1,0.5:1')
  .split(',')
  .map((s) => s.split(':').map(Number));
const K = Number(process.argv[3] ?? 4);
const sums = new Array(grid.length).fill(0);
for (const [side, lens, touch] of SMALL_BOARDS) {
  const rules: Rules = {
    width: side,
    height: side,
    fleet: lens.map((length) => ({ length })),
    touch,
  };
  const table = buildLayoutTable(rules, 5000);
  const row = grid.map(([h, t], i) => {
    const v = strategyValue(
      table,
      phasedStrategy({ candidates: K, huntWeight: h!, targetWeight: t! }),
    ).expectedShots;
    sums[i] += v;
    return v.toFixed(4);
  });
  console.log(`${side}x${side} ${lens.join(',')} ${touch}\t${row.join('\t')}`);
}
console.log(
  `sum\t${sums.map((s) => s.toFixed(4)).join('\t')}  (grid ${grid.map((g) => g.join(':')).join(' ')}, K=${K})`,
);
