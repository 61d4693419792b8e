// The games tables: one row per game (opponent, rules, who fired, the revealed layout, outcome,
// date) and one row per shot in firing order. A game is read back as its game-log JSON and
// re-validated by the core parser, which replays every shot.

import { InputError } from '../../core/errors';
import { gameLogToJson, isVolleyJson, parseGameLog } from '../../core/game-log';
import { parseRules } from '../../core/rules-json';
import type {
  Cell,
  GameLogJson,
  GameRecord,
  GameSummary,
  LogEntryJson,
  Outcome,
  Page,
  ShotJson,
  VolleyJson,
} from '../../shared/records';
import { NotFoundError, StoredDataError } from '../errors';
import type { Db } from './open';
import { opponentIdFor } from './opponents';
import { likePattern, now, readJson, stmt, write } from './sql';

interface GameRow {
  id: number;
  opponent_id: number | null;
  opponent: string | null;
  rules: string;
  fired_by: 'me' | 'opponent';
  layout: string | null;
  outcome: Outcome | null;
  played_at: string | null;
  /** JSON weight grid (the log's "prior"), null for uniform. */
  prior: string | null;
  notes: string;
  created_at: string;
  updated_at: string;
}

/** A single shot (row, col, result set; volley NULL) or a volley (only volley set). */
interface ShotRow {
  row: number | null;
  col: number | null;
  result: ShotJson['result'] | null;
  sunk: string | null;
  ship: number | null;
  turn: number | null;
  volley: string | null;
}

const SELECT_GAME = `SELECT g.*, o.name AS opponent FROM games g
  LEFT JOIN opponents o ON o.id = g.opponent_id`;

export interface NewGame {
  /** Already validated (parseGameLog) and in its normal JSON form. */
  log: GameLogJson;
  outcome?: Outcome | null;
  notes?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** Validates and normalises a game log (InputError naming the shot at fault). */
export function normaliseLog(raw: unknown, where = 'log'): GameLogJson {
  return gameLogToJson(parseGameLog(raw, where)) as unknown as GameLogJson;
}

function insertShots(db: Db, gameId: number, shots: LogEntryJson[], from = 0): void {
  const insert = stmt(
    db,
    `INSERT INTO game_shots (game_id, seq, row, col, result, sunk, ship, turn, volley)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let k = from; k < shots.length; k++) {
    const s = shots[k]!;
    if (isVolleyJson(s)) {
      insert.run(gameId, k, null, null, null, null, null, null, JSON.stringify(s.volley));
      continue;
    }
    const sunk = s.sunk ? JSON.stringify(s.sunk) : null;
    insert.run(
      gameId,
      k,
      s.cell[0],
      s.cell[1],
      s.result,
      sunk,
      s.ship ?? null,
      s.turn ?? null,
      null,
    );
  }
}

export function insertGame(db: Db, g: NewGame): number {
  const t = now();
  const { log } = g;
  const info = stmt(
    db,
    `INSERT INTO games (opponent_id, rules, fired_by, layout, outcome, played_at, prior, notes,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    opponentIdFor(db, log.opponent),
    JSON.stringify(log.rules),
    log.firedBy,
    log.layout ? JSON.stringify(log.layout) : null,
    g.outcome ?? null,
    log.playedAt ?? null,
    log.prior ? JSON.stringify(log.prior) : null,
    g.notes ?? '',
    g.createdAt ?? t,
    g.updatedAt ?? g.createdAt ?? t,
  );
  const id = Number(info.lastInsertRowid);
  insertShots(db, id, log.shots);
  return id;
}

export function createGame(db: Db, g: NewGame): GameRecord {
  return getGame(
    db,
    write(db, () => insertGame(db, g)),
  );
}

function checkCells(raw: unknown): Cell[] {
  if (!Array.isArray(raw)) throw new InputError('sunk', 'must be a list of cells');
  return raw as Cell[];
}

function logOf(db: Db, g: GameRow): GameLogJson {
  const where = { table: 'games', id: g.id };
  const shots = stmt<[number], ShotRow>(
    db,
    `SELECT row, col, result, sunk, ship, turn, volley FROM game_shots WHERE game_id = ?
       ORDER BY seq`,
  )
    .all(g.id)
    .map((s): LogEntryJson => {
      // The log's parser below checks the volley in full.
      if (s.volley !== null)
        return { volley: readJson(s.volley, { ...where, column: 'shot' }, (v) => v as VolleyJson) };
      const shot: ShotJson = { cell: [s.row!, s.col!], result: s.result! };
      if (s.sunk !== null) shot.sunk = readJson(s.sunk, { ...where, column: 'shot' }, checkCells);
      if (s.ship !== null) shot.ship = s.ship;
      if (s.turn !== null) shot.turn = s.turn;
      return shot;
    });
  const raw: Record<string, unknown> = {
    opponent: g.opponent ?? '',
    rules: readJson(g.rules, { ...where, column: 'rules' }, (r) => r),
    firedBy: g.fired_by,
    shots,
  };
  if (g.layout !== null) raw.layout = readJson(g.layout, { ...where, column: 'layout' }, (r) => r);
  if (g.played_at !== null) raw.playedAt = g.played_at;
  if (g.prior !== null) raw.prior = readJson(g.prior, { ...where, column: 'prior' }, (r) => r);
  try {
    return normaliseLog(raw, 'game');
  } catch (e) {
    if (e instanceof InputError) throw new StoredDataError('games', g.id, 'log', e.message);
    throw e;
  }
}

function recordOf(db: Db, g: GameRow): GameRecord {
  return {
    id: g.id,
    opponentId: g.opponent_id,
    log: logOf(db, g),
    outcome: g.outcome,
    notes: g.notes,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
  };
}

function gameRow(db: Db, id: number): GameRow {
  const row = stmt<[number], GameRow>(db, `${SELECT_GAME} WHERE g.id = ?`).get(id);
  if (!row) throw new NotFoundError('game', id);
  return row;
}

export function getGame(db: Db, id: number): GameRecord {
  return recordOf(db, gameRow(db, id));
}

export interface GamePatch {
  log?: GameLogJson;
  outcome?: Outcome | null;
  notes?: string;
}

export function updateGame(db: Db, id: number, patch: GamePatch): GameRecord {
  write(db, () => {
    const current = gameRow(db, id);
    const t = now();
    if (patch.log) {
      const { log } = patch;
      stmt(
        db,
        `UPDATE games SET opponent_id = ?, rules = ?, fired_by = ?, layout = ?, played_at = ?,
         prior = ?, updated_at = ? WHERE id = ?`,
      ).run(
        opponentIdFor(db, log.opponent),
        JSON.stringify(log.rules),
        log.firedBy,
        log.layout ? JSON.stringify(log.layout) : null,
        log.playedAt ?? null,
        log.prior ? JSON.stringify(log.prior) : null,
        t,
        id,
      );
      stmt(db, 'DELETE FROM game_shots WHERE game_id = ?').run(id);
      insertShots(db, id, log.shots);
    }
    stmt(db, 'UPDATE games SET outcome = ?, notes = ?, updated_at = ? WHERE id = ?').run(
      patch.outcome === undefined ? current.outcome : patch.outcome,
      patch.notes ?? current.notes,
      t,
      id,
    );
  });
  return getGame(db, id);
}

/**
 * Appends one entry (a single shot or a volley) after re-validating the whole log with it
 * (InputError names the shot).
 */
export function appendShot(db: Db, id: number, shot: LogEntryJson): GameRecord {
  write(db, () => {
    const current = getGame(db, id);
    const log = normaliseLog({ ...current.log, shots: [...current.log.shots, shot] }, `game ${id}`);
    insertShots(db, id, log.shots, current.log.shots.length);
    stmt(db, 'UPDATE games SET updated_at = ? WHERE id = ?').run(now(), id);
  });
  return getGame(db, id);
}

export function deleteGame(db: Db, id: number): boolean {
  return write(db, () => stmt(db, 'DELETE FROM games WHERE id = ?').run(id).changes > 0);
}

export interface GameQuery {
  opponentId?: number;
  /** Matches the opponent's name or the notes. */
  text?: string;
  offset?: number;
  limit?: number;
}

/**
 * The ships a game's log has sunk, as SQL over its shot rows: single sinkings and the ships each
 * volley announced sunk (the log's validation keeps every ship sunk at most once).
 */
const SUNK_COUNT = `(SELECT coalesce(sum(CASE WHEN s.result = 'sunk' THEN 1
    ELSE coalesce(json_array_length(s.volley, '$.sunk'), 0) END), 0)
  FROM game_shots s WHERE s.game_id = g.id)`;

export function listGames(db: Db, q: GameQuery = {}): Page<GameSummary> {
  const where: string[] = [];
  const args: unknown[] = [];
  if (q.opponentId !== undefined) {
    where.push('g.opponent_id = ?');
    args.push(q.opponentId);
  }
  if (q.text?.trim()) {
    const pattern = likePattern(q.text.trim());
    where.push(`(o.name LIKE ? ESCAPE '\\' OR g.notes LIKE ? ESCAPE '\\')`);
    args.push(pattern, pattern);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const from = 'FROM games g LEFT JOIN opponents o ON o.id = g.opponent_id';
  const total = (db.prepare(`SELECT count(*) AS n ${from} ${filter}`).get(...args) as { n: number })
    .n;
  const rows = db
    .prepare(
      `SELECT g.*, o.name AS opponent,
         (SELECT count(*) FROM game_shots s WHERE s.game_id = g.id) AS shot_count,
         ${SUNK_COUNT} AS sunk_count
       ${from} ${filter}
       ORDER BY coalesce(g.played_at, g.created_at) DESC, g.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit ?? 100, q.offset ?? 0) as (GameRow & {
    shot_count: number;
    sunk_count: number;
  })[];
  const items = rows.map((g): GameSummary => {
    const { rules, ships } = readJson(
      g.rules,
      { table: 'games', id: g.id, column: 'rules' },
      (r) => ({
        rules: r as GameSummary['rules'],
        ships: parseRules(r).fleet.length,
      }),
    );
    return {
      id: g.id,
      opponentId: g.opponent_id,
      opponent: g.opponent ?? '',
      firedBy: g.fired_by,
      rules,
      shots: g.shot_count,
      allSunk: g.sunk_count >= ships,
      outcome: g.outcome,
      playedAt: g.played_at,
      createdAt: g.created_at,
      updatedAt: g.updated_at,
    };
  });
  return { items, total };
}

/** All game ids, oldest first. */
export function allGameIds(db: Db): number[] {
  return stmt<[], { id: number }>(db, 'SELECT id FROM games ORDER BY id')
    .all()
    .map((r) => r.id);
}
