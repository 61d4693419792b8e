// Exact expected shots of `phased` under a grid of phase weights on the small boards of the
// README's optimal-play table, summed over the boards, to choose
// its defaults. Arguments: a comma-separated grid of HUNT:TARGET weights, then the candidates.
//   npm run experiment -- phased-sweep 0:0,0.5:1,1:1 3
// (0:0 is greedy; 1:1 is lookahead over the same candidates.)
import { phasedStrategy } from '../src/core/strategy/phased';
import { printSmallBoardValues } from './small-boards';

const grid = (process.argv[2] ?? '0:0,1:1,1:0.5,0.5:0.5,1:0,0:1,2:1,0.5:1')
  .split(',')
  .map((s) => s.split(':').map(Number));
const K = Number(process.argv[3] ?? 4);
printSmallBoardValues(
  grid.map(([h, t]) => phasedStrategy({ candidates: K, huntWeight: h!, targetWeight: t! })),
  `  (grid ${grid.map((g) => g.join(':')).join(' ')}, K=${K})`,
);
