// Games against bots: a bot shooter played on a hidden layout through the referee every built-in
// strategy meets (core/simulate/referee.ts), and a placement bot asked for a game's fleet. A
// fault (time limit, exit, garbage, a shot off the board or repeated, an illegal layout) ends the
// bot's game: a shooter forfeits it, scored as W x H shots; the fault is returned for the report
// with the first lines of the bot's standard error, and the process is killed, to be started
// afresh for its next game.

import { botRules, toBotCell, type BotCell, type BotFaultRecord } from '../../core/bot-protocol';
import type { Rules } from '../../core/rules';
import type { Answers } from '../../core/simulate/game';
import { createReferee, layoutFault } from '../../core/simulate/referee';
import { BotFault, type BotSession } from './session';

export interface BotGameSetup {
  rules: Rules;
  seed: number;
  game: number;
  answers: Answers;
}

export interface BotGameResult {
  shots: number;
  /** Milliseconds from each request to its answer, summed (the bot's thinking plus transport). */
  ms: number;
  fault?: BotFaultRecord;
}

function faultRecord(
  session: BotSession,
  role: BotFaultRecord['role'],
  game: number,
  e: unknown,
): BotFaultRecord {
  if (!(e instanceof BotFault)) throw e;
  return {
    bot: session.spec.name,
    role,
    game,
    kind: e.kind,
    message: e.message,
    stderr: session.stderrLines(),
  };
}

/** Starts the bot if needed and announces the game. */
async function openGame(session: BotSession, setup: BotGameSetup): Promise<void> {
  await session.start();
  session.send({
    type: 'game',
    game: setup.game,
    seed: setup.seed,
    answers: setup.answers,
    rules: botRules(setup.rules),
  });
}

/** Refuses a shot that is not on the board or was already fired; else the cell index. */
function cellIndex(rules: Rules, [row, col]: BotCell, refuse: (cell: number) => string | null) {
  if (row < 0 || row >= rules.height || col < 0 || col >= rules.width) {
    throw new BotFault('off-board', `fired at [${row}, ${col}], off the board`);
  }
  const cell = row * rules.width + col;
  if (refuse(cell)) throw new BotFault('repeated-cell', `fired at [${row}, ${col}] a second time`);
  return cell;
}

export async function playBotGame(
  session: BotSession,
  setup: BotGameSetup,
  layout: number[][],
  prior?: Float64Array,
): Promise<BotGameResult> {
  const { rules } = setup;
  const W = rules.width;
  const referee = createReferee(rules, layout, setup.answers, prior);
  let shots = 0;
  let ms = 0;
  try {
    await openGame(session, setup);
    while (referee.afloat() > 0) {
      const t0 = performance.now();
      session.send({ type: 'shoot' });
      const { cell: asked } = await session.receive('shot');
      ms += performance.now() - t0;
      const cell = cellIndex(rules, asked, referee.refuse);
      shots++;
      const shot = referee.fire(cell);
      session.send({
        type: 'result',
        cell: asked,
        result: shot.result,
        ...(shot.sunk ? { sunk: shot.sunk.map((c) => toBotCell(c, W)) } : {}),
      });
    }
    session.send({ type: 'end', shots });
    return { shots, ms };
  } catch (e) {
    const fault = faultRecord(session, 'shooter', setup.game, e);
    session.kill();
    return { shots: rules.width * rules.height, ms, fault };
  }
}

/** The game's fleet as the placement bot places it (cell indices, fleet order), or its fault. */
export async function askLayout(
  session: BotSession,
  setup: BotGameSetup,
): Promise<{ layout: number[][] } | { fault: BotFaultRecord }> {
  const { rules } = setup;
  try {
    await openGame(session, setup);
    session.send({ type: 'place' });
    const { ships } = await session.receive('layout');
    const offBoard = ships
      .flat()
      .find(([r, c]) => r < 0 || r >= rules.height || c < 0 || c >= rules.width);
    if (offBoard) {
      throw new BotFault(
        'illegal-layout',
        `placed a ship on [${offBoard.join(', ')}], off the board`,
      );
    }
    const layout = ships.map((ship) => ship.map(([r, c]) => r * rules.width + c));
    const wrong = layoutFault(rules, layout);
    if (wrong) throw new BotFault('illegal-layout', `placed an illegal fleet: ${wrong}`);
    return { layout };
  } catch (e) {
    const fault = faultRecord(session, 'placer', setup.game, e);
    session.kill();
    return { fault };
  }
}
