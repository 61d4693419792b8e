// The contract between the renderer (or any client) and the main process, declared once:
// one table of methods, each with a runtime schema for its params and the type of its result.
// Main implements every method once (src/main/api); the transports are thin adapters over this
// table: Electron IPC through the preload, HTTP for the browser (`npm run web`), and the command
// line, which calls the same implementation in its own process.
//
// Wire protocol, the same on every transport: a call sends (method, params); the reply is an
// ApiReply envelope, { ok: true, value } or { ok: false, error: { name, message } }, where name
// is one of the error kinds of ./errors (InputError, NotFoundError, CancelledError, ...).
//
// The field schemas the methods are built from (and the core parsers they call) are in
// ./fields; no solver is imported here: the names to choose from come from ./catalog.

import {
  ANSWERS,
  BATCH_STOP_STATES,
  FLEET_SOURCES,
  LEARN_METHODS,
  MAX_BOTS,
  MAX_FIRST_GAME,
  MAX_SALVO,
  MAX_SEED,
  MAX_SIMULATION_GAMES,
} from './catalog';
import type { ApiErrorData } from './errors';
import { LIMITS } from './limits';
import type { MethodName } from './methods';
import type {
  AppInfo,
  BatchStatus,
  EstimateReply,
  GameRecord,
  GameSummary,
  ImportSummary,
  JobProgress,
  LearnedPrior,
  OpponentRecord,
  Page,
  PlacementAdvice,
  ShotProposal,
  PositionRecord,
  PriorRecord,
  SolveRecord,
  SolveReply,
  SimulationRunReport,
  SettingsSaved,
} from './records';
import {
  arr,
  bool,
  custom,
  int,
  nullable,
  num,
  obj,
  oneOf,
  optional,
  str,
  type Infer,
  type Schema,
} from './schema';

import {
  MAX_SOLVE_TIMEOUT_MS,
  botCommand,
  gameLog,
  grid,
  id,
  ids,
  key,
  limit,
  name,
  notes,
  offset,
  outcome,
  position,
  rules,
  shot,
  solver,
  strategies,
  strategyName,
  tags,
  timeoutMs,
} from './fields';
import { graphCacheMb, memoryMb } from './settings';

export * from './records';
export * from './settings';
export * from './catalog';
export * from './errors';
export * from './methods';
export {
  MAX_SOLVE_TIMEOUT_MS,
  TIMEOUT_RANGE_MS,
  solverName,
  strategies,
  strategyName,
} from './fields';

export type ApiReply<R> = { ok: true; value: R } | { ok: false; error: ApiErrorData };

// ---------------------------------------------------------------- the table

/** A method's entry: the params schema and (as a type only) its result. */
interface Method<P, R> {
  params: Schema<P>;
  /** Phantom: carries the result type, never read at run time. */
  result: R;
}

function method<R>() {
  return <P>(params: Schema<P>): Method<P, R> => ({ params, result: undefined as R });
}

const none = obj({});

/** How to learn a prior; the job's defaults apply to what is left out. */
const learnOptions = obj({
  method: optional(oneOf(LEARN_METHODS)),
  symmetric: optional(bool()),
  /** `counts`: pseudo-games of smoothing toward uniform. */
  pseudoGames: optional(num({ min: 0, max: 1e6 })),
  /** `fit`: precision of the Gaussian prior on log-weights; 'auto' reads it from the games. */
  precision: optional(
    custom<number | 'auto'>('a number from 0 to 1e6 or "auto"', (v, path) =>
      v === 'auto' ? 'auto' : num({ min: 0, max: 1e6 }).parse(v, path),
    ),
  ),
});
export type LearnOptions = Infer<typeof learnOptions>;

export const apiMethods = {
  /** Version, database path, pool size, solver names. */
  info: method<AppInfo>()(none),
  /**
   * Keeps the user's settings in the settings file beside the library, for the next start (the
   * budget in force stays until then): `memoryMb` the engine's memory budget, `graphCacheMb` the
   * graph folder's size limit, null the default; one left out is kept as saved.
   * Refused (ConflictError) by a process that keeps no settings file (a library in memory).
   */
  settingsSave: method<SettingsSaved>()(
    obj({ memoryMb: optional(memoryMb), graphCacheMb: optional(graphCacheMb) }),
  ),

  // Solving. A solve with a `boardKey` cancels the running solve with the same key (a new edit
  // makes the old solve stale); the stale call fails with CancelledError. `positionId` alone
  // solves that saved position and stores the result (as a batch would); with `position` too,
  // the result is stored only when `position` is the saved one (not unsaved edits). `timeoutMs`
  // may shorten the 2-minute limit, not extend it. A call whose HTTP client goes away is cancelled.
  // With `solveAhead` (a board being played), the positions one shot away are then solved in the
  // background, so that click is answered at once. The reply's `follows` says whether the next
  // solve like it answers exactly in a moment ('exact': no estimate is worth asking for) or may
  // take a while ('estimate').
  solve: method<SolveReply>()(
    obj({
      position: optional(position),
      solver: optional(solver),
      boardKey: optional(key),
      solveAhead: optional(bool()),
      positionId: optional(id),
      timeoutMs: optional(int({ min: 100, max: MAX_SOLVE_TIMEOUT_MS })),
      maxStates: optional(int({ min: 1, max: 1_000_000_000 })),
    }),
  ),
  /**
   * A quick estimate of a position's heatmap while its exact solve runs: layouts drawn by a short
   * Markov chain (tens of milliseconds), `exact` false, with a standard error per cell. With
   * `exactSolver` (the solver of the exact solve it stands in for), when that solve answers
   * within a moment (`auto` with the rules' state graph ready, a position the graph takes, a
   * thread free), no estimate is drawn and the reply is { exactSoon: true, reason }.
   */
  estimate: method<EstimateReply>()(obj({ position, exactSolver: optional(solver) })),
  /**
   * The shot `strategy` fires next at `position` (the recorder's proposal when it is not the
   * heatmap's likeliest cell): one shot, answered on its own. Under `key`, a new call cancels the
   * one still thinking (its answer is stale).
   */
  propose: method<ShotProposal>()(
    obj({ position, strategy: strategyName, key: optional(key), timeoutMs }),
  ),
  /** Progress of the running job with this key (a solve's boardKey, a simulation's key). */
  jobProgress: method<JobProgress>()(obj({ key })),
  jobCancel: method<{ cancelled: boolean }>()(obj({ key })),

  // The library of positions.
  /** `text` matches name and notes; every tag in `tags` must be present. Newest first. */
  positionsList: method<Page<PositionRecord>>()(
    obj({ text: optional(str({ max: 200 })), tags: optional(tags), offset, limit }),
  ),
  positionsTags: method<string[]>()(none),
  positionsGet: method<PositionRecord>()(obj({ id })),
  positionsSave: method<PositionRecord>()(
    obj({ name, tags: optional(tags), notes: optional(notes), position }),
  ),
  /** Changing `position` forgets the stored solves of it (they no longer apply). */
  positionsUpdate: method<PositionRecord>()(
    obj({
      id,
      name: optional(name),
      tags: optional(tags),
      notes: optional(notes),
      position: optional(position),
    }),
  ),
  positionsDuplicate: method<PositionRecord>()(obj({ id, name: optional(name) })),
  positionsDelete: method<{ deleted: boolean }>()(obj({ id })),

  // Games: a log per game. A recorder creates the game, then appends each shot as it happens.
  gamesList: method<Page<GameSummary>>()(
    obj({ opponentId: optional(id), text: optional(str({ max: 200 })), offset, limit }),
  ),
  gamesGet: method<GameRecord>()(obj({ id })),
  gamesCreate: method<GameRecord>()(
    obj({ log: gameLog, outcome: optional(nullable(outcome)), notes: optional(notes) }),
  ),
  gamesUpdate: method<GameRecord>()(
    obj({
      id,
      log: optional(gameLog),
      outcome: optional(nullable(outcome)),
      notes: optional(notes),
    }),
  ),
  /**
   * Appends one entry to the log: a single shot (a hit may name its ship by fleet index, a salvo
   * turn's shots share `turn`) or a volley with its aggregated answer. The whole log is
   * re-validated (no cell twice, sunk ships and named ships consistent).
   */
  gamesAppendShot: method<GameRecord>()(obj({ id, shot })),
  gamesDelete: method<{ deleted: boolean }>()(obj({ id })),

  // Opponents and their priors.
  opponentsList: method<OpponentRecord[]>()(none),
  opponentsGet: method<OpponentRecord>()(obj({ id })),
  opponentsCreate: method<OpponentRecord>()(obj({ name, notes: optional(notes) })),
  opponentsUpdate: method<OpponentRecord>()(
    obj({ id, name: optional(name), notes: optional(notes) }),
  ),
  /** Refused (ConflictError) while games are logged against the opponent; drops its prior. */
  opponentsDelete: method<{ deleted: boolean }>()(obj({ id })),
  priorsGet: method<PriorRecord | null>()(obj({ opponentId: id })),
  /** Stores the opponent's prior (one per opponent; replaces the previous one). */
  priorsSave: method<PriorRecord>()(
    obj({
      opponentId: id,
      rules,
      grid,
      games: optional(int({ max: 1_000_000_000 })),
      source: optional(str({ max: LIMITS.source })),
    }),
  ),
  priorsDelete: method<{ deleted: boolean }>()(obj({ opponentId: id })),
  /**
   * Learns the opponent's prior from the games in which we fired at their fleet (pool job
   * `learn`) and returns it. With `save` it also becomes the opponent's prior (source "learned").
   */
  priorsLearn: method<LearnedPrior>()(
    obj({
      opponentId: id,
      options: optional(learnOptions),
      save: optional(bool()),
      key: optional(key),
      timeoutMs,
    }),
  ),

  /**
   * The placement advisor for our own fleet. With `opponentId`: the risk map read from their
   * logged shots at us (games with firedBy "opponent") and the layouts their shooting needs most
   * shots to sink, out of `candidates` uniformly random ones. With `randomLayout`: one uniformly
   * random legal layout for `rules` (the unpredictable choice).
   */
  adviseLayout: method<PlacementAdvice>()(
    obj({
      opponentId: optional(id),
      rules: optional(rules),
      randomLayout: optional(bool()),
      candidates: optional(int({ min: 1, max: 100_000 })),
      suggestions: optional(int({ min: 1, max: 100 })),
      seed: optional(int({ min: 1, max: 2 ** 31 })),
      key: optional(key),
      timeoutMs,
    }),
  ),

  // Batch solving of saved positions: resumable, results kept per (position, solver).
  /**
   * Solves every position in scope (all saved, or `positionIds`) not yet solved with `solver`,
   * in the background (poll batchProgress). Starting it again resumes an interrupted run: what
   * is stored is skipped. ConflictError while a run with the same solver is going.
   */
  batchStart: method<BatchStatus>()(
    obj({ solver: optional(solver), positionIds: optional(ids), timeoutMs }),
  ),
  batchProgress: method<BatchStatus>()(obj({ id })),
  /**
   * Stops a run and waits until it has stopped; it is left "cancelled", or "interrupted" with
   * `state: "interrupted"` (what a stopped process leaves). Either way the next start resumes it.
   */
  batchCancel: method<BatchStatus>()(obj({ id, state: optional(oneOf(BATCH_STOP_STATES)) })),
  /**
   * Recent runs, newest first, all or only those with `solver` (runs of a process that died
   * show as "interrupted").
   */
  batchList: method<BatchStatus[]>()(obj({ limit, solver: optional(solver) })),
  batchResults: method<Page<SolveRecord>>()(
    obj({ solver: optional(solver), positionIds: optional(ids), offset, limit }),
  ),

  /**
   * Plays `games` games per strategy on the worker pool (all threads) against the same seeded
   * fleets, drawn uniformly or from `prior` (which the shooters are told, or `shooterPrior`
   * instead when given; `alsoUninformed` also plays each one told nothing). `answers` is what
   * each shot is told: sinkings with the sunk ship's cells (default), hit and miss only, or the
   * ship named on every hit; or each turn as one volley (volley-hits, volley-ships,
   * volley-count: per ship the cells hit, the ships hit, or the count; sinkings named). `salvo`
   * is the shots per turn (default 1); salvo reports add turns to finish (report.salvo, turns);
   * `fleets` is "uniform" (default) or "sequential" (placed one ship at a time, as most game
   * programs do). With a `key`, jobProgress reports the games done and jobCancel stops it.
   * `timeoutMs` limits each chunk of games, not the whole run.
   */
  simulate: method<SimulationRunReport>()(
    obj({
      rules,
      /** May be empty when bots play (at least one strategy or shooting bot). */
      strategies,
      games: int({ min: 1, max: MAX_SIMULATION_GAMES }),
      seed: int({ min: 0, max: MAX_SEED }),
      /** Play games firstGame.. of the seed (default 0), as in one longer run. */
      firstGame: optional(int({ min: 0, max: MAX_FIRST_GAME })),
      prior: optional(grid),
      shooterPrior: optional(grid),
      alsoUninformed: optional(bool()),
      answers: optional(oneOf(ANSWERS)),
      /** Shots per turn (default 1: the usual game). */
      salvo: optional(int({ min: 1, max: MAX_SALVO })),
      fleets: optional(oneOf(FLEET_SOURCES)),
      key: optional(key),
      timeoutMs,
      /** On cancel, return the games finished so far (report.games says how many). */
      keepPartial: optional(bool()),
      /** Also return every game's shots per strategy (report.perGameShots). */
      perGameShots: optional(bool()),
      /**
       * External bots (protocol broadside-bot/1) played beside the strategies: a name and the
       * command that starts the program. They run programs on the computer, so only the desktop
       * app and the command line may name them: every other transport (the web one above all)
       * refuses a call that does. A fleet-placing bot and the bots' time limit are no field of
       * the contract: only the command line passes them, in process (ApiCall.localBots).
       */
      bots: optional(arr(botCommand, { max: MAX_BOTS })),
    }),
  ),

  // Import and export (README, "Bundle format").
  /**
   * One position (JSON or text form), one game log, an array of game logs, or a bundle; all or
   * nothing (see README). `name` names a lone position (the file's name, say).
   */
  importBundle: method<ImportSummary>()(
    obj({ text: str({ max: 64 * 1024 * 1024 }), name: optional(name) }),
  ),
  /** A bundle of the given positions and games (all when omitted), opponents and priors. */
  exportBundle: method<{ text: string }>()(
    obj({ positionIds: optional(ids), gameIds: optional(ids) }),
  ),
  /** The heatmap of a saved position (its stored solve, else solved now) or of `position`. */
  exportHeatmapCsv: method<{ csv: string }>()(
    obj({
      positionId: optional(id),
      position: optional(position),
      solver: optional(solver),
    }),
  ),
} as const;

export type ApiMethods = typeof apiMethods;
export type ParamsOf<M extends MethodName> = Infer<ApiMethods[M]['params']>;
export type ResultOf<M extends MethodName> = ApiMethods[M]['result'];

export type SimulateParams = ParamsOf<'simulate'>;
/** The fields of a simulation that say which games are played and how: every chunk is told them. */
export type SimulationGames = Pick<
  SimulateParams,
  | 'rules'
  | 'strategies'
  | 'seed'
  | 'prior'
  | 'shooterPrior'
  | 'alsoUninformed'
  | 'answers'
  | 'salvo'
  | 'fleets'
>;

/**
 * The same table typed per method, so code generic over the method name (the API's dispatch)
 * gets that method's params schema and result type without a cast.
 */
export const methodTable: { readonly [M in MethodName]: Method<ParamsOf<M>, ResultOf<M>> } =
  apiMethods;

// The table and the list of names in ./methods hold the same methods (a compile error otherwise).
type Missing = Exclude<MethodName, keyof ApiMethods> | Exclude<keyof ApiMethods, MethodName>;
const sameMethods: [Missing] extends [never] ? true : Missing = true;
void sameMethods;

/** What `window.broadside` holds inside Electron (the preload builds it from the method list). */
export type BroadsideApi = {
  /** The app version, from package.json at build time. */
  readonly version: string;
} & {
  readonly [M in MethodName]: (params: ParamsOf<M>) => Promise<ApiReply<ResultOf<M>>>;
};
