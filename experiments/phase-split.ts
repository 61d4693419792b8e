// Where one shooter's edge over another comes from: the exact expected shots of two strategies
// and of their two crossings (one hunting, the other targeting once a ship is hit but not sunk)
// on the small boards of the README's optimal-play table, and the sums over the boards.
//   npm run experiment -- phase-split greedy pdf
import { getStrategy } from '../src/core/strategy/index';
import { targeting } from '../src/core/strategy/phased';
import type { Strategy } from '../src/core/strategy/strategy';
import { printSmallBoardValues } from './small-boards';

/** Hunts like `hunter`, targets like `targeter` (both read only the position). */
function crossing(hunter: Strategy, targeter: Strategy): Strategy {
  return {
    ...hunter,
    name: `${hunter.name}>${targeter.name}`,
    summary: `hunts as ${hunter.name}, targets as ${targeter.name}`,
    salvo: false,
    create(context) {
      const hunt = hunter.create(context);
      const target = targeter.create(context);
      return { next: (position) => (targeting(position) ? target : hunt).next(position) };
    },
  };
}

const [a, b] = [getStrategy(process.argv[2] ?? 'greedy'), getStrategy(process.argv[3] ?? 'pdf')];
const shooters = [a, b, crossing(a, b), crossing(b, a)];
console.log(`board\t${shooters.map((s) => s.name).join('\t')}`);
printSmallBoardValues(shooters);
