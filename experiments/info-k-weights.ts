// info-k under two or more answer weights (hits per bit), on the same classic salvo games the
// simulator plays for a seed (same fleets, ship names and random streams), with top-k (weight 0)
// as the baseline. Arguments: answer kind, weights, first game, number of games.
//   npm run experiment -- info-k-weights volley-ships 0.1,0.25 0 10
import { isVolleyAnswer, type Answers } from '../src/core/answers';
import { fleetRandom, strategyRandom } from '../src/core/simulate/fleets';
import { playGame } from '../src/core/simulate/game';
import { namedLayout, SimulationContexts } from '../src/core/simulate/run';
import { presetRules } from '../src/core/rules';
import { infoKStrategy } from '../src/core/strategy/info-k';

const answers = (process.argv[2] ?? 'volley-ships') as Answers;
if (!isVolleyAnswer(answers)) throw new Error(`answers: "${answers}" is not a volley answer`);
const weights = (process.argv[3] ?? '0,0.1,0.25').split(',').map(Number);
const first = Number(process.argv[4] ?? 0);
const games = Number(process.argv[5] ?? 10);
const seed = 1;
const rules = presetRules('classic');
const ctx = new SimulationContexts().context(rules, undefined, null, undefined);
const turns: number[][] = weights.map(() => []);
for (let game = first; game < first + games; game++) {
  const layout = namedLayout(rules, ctx.fleets.draw(fleetRandom(seed, game)), seed, game);
  weights.forEach((weight, w) => {
    const shooter = infoKStrategy({ weight }).create({
      rules,
      random: strategyRandom(seed, game, 'info-k'),
      posteriors: ctx.posteriors,
      answers,
    });
    turns[w]!.push(playGame(rules, layout, shooter, { answers, salvo: 5 }).turns);
  });
  console.log(`game ${game}\t${weights.map((_, w) => turns[w]!.at(-1)).join('\t')}`);
}
const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
weights.forEach((weight, w) => {
  const diffs = turns[w]!.map((t, k) => t - turns[0]![k]!);
  const m = mean(diffs);
  const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - m) ** 2, 0) / Math.max(1, diffs.length - 1));
  const half = (1.96 * sd) / Math.sqrt(diffs.length);
  console.log(
    `weight ${weight}: mean turns ${mean(turns[w]!).toFixed(2)}, minus weight ${weights[0]}: ` +
      `${m >= 0 ? '+' : ''}${m.toFixed(2)} (95% ${(m - half).toFixed(2)}..${(m + half).toFixed(2)})`,
  );
});
