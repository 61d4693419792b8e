// Where one shooter's edge over another comes from: the exact expected shots of two strategies
// and of their two crossings (one hunting, the other targeting once a ship is hit but not sunk)
// on the small boards of the README's optimal-play table, and the sums over the boards.
//   npm run phase-split -- greedy pdf
import { buildLayoutTable } from '../src/core/optimal/layouts';
import { strategyValue } from '../src/core/optimal/strategy-value';
import type { Rules } from '../src/core/rules';
import { getStrategy } from '../src/core/strategy/index';
import { targeting } from '../src/core/strategy/phased';
import type { Strategy } from '../src/core/strategy/strategy';
import { SMALL_BOARDS } from './small-boards';

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
const sums = new Array<number>(shooters.length).fill(0);
console.log(`board\t${shooters.map((s) => s.name).join('\t')}`);
for (const [side, lengths, touch] of SMALL_BOARDS) {
  const rules: Rules = {
    width: side,
    height: side,
    fleet: lengths.map((length) => ({ length })),
    touch,
  };
  const table = buildLayoutTable(rules, 5000);
  const row = shooters.map((s, i) => {
    const v = strategyValue(table, s).expectedShots;
    sums[i] += v;
    return v.toFixed(4);
  });
  console.log(`${side}x${side} ${lengths.join(',')} ${touch}\t${row.join('\t')}`);
}
console.log(`sum\t${sums.map((s) => s.toFixed(4)).join('\t')}`);
