// Protocol `broadside-bot/1`: how the simulator talks to a program that shoots or places ships.
// One JSON object per line each way; the harness writes to the bot's standard input and reads
// its standard output. Cells travel as [row, col] (what a bot author reads off a grid), never as
// Broadside's internal cell index. Parsing is strict and returns a Result instead of throwing, so
// the harness can turn a bad line into a fault of the game rather than an error of the run.

import type { RulesJson } from './rules-json';
import type { Rules } from './rules';
import type { Answers } from './answers';

export const PROTOCOL = 'broadside-bot/1';

export type BotCell = [row: number, col: number];

/** Harness to bot. */
export type HarnessMessage =
  | { type: 'hello'; protocol: string }
  | { type: 'game'; game: number; seed: number; answers: Answers; rules: RulesJson }
  | { type: 'shoot' }
  | { type: 'result'; cell: BotCell; result: 'miss' | 'hit' | 'sunk'; sunk?: BotCell[] }
  | { type: 'place' }
  | { type: 'end'; shots: number }
  | { type: 'bye' };

/** Bot to harness. */
export type BotMessage =
  | { type: 'hello'; name: string }
  | { type: 'shot'; cell: BotCell }
  | { type: 'layout'; ships: BotCell[][] };

/** How a bot can fail a game (each forfeits it; see main/bots/session.ts). */
export const FAULT_KINDS = [
  'timeout',
  'exited',
  'garbage',
  'off-board',
  'repeated-cell',
  'illegal-layout',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A fault as the simulation report lists it. */
export interface BotFaultRecord {
  bot: string;
  role: 'shooter' | 'placer';
  game: number;
  kind: FaultKind;
  message: string;
  /** Kept lines of the bot's standard error (the first ones, then the last). */
  stderr: string[];
}

/** The bots of a simulation in its report (`bots` of `simulate --json`). */
export interface BotsReport {
  timeoutMs: number;
  /** Per shooting bot: its command and the games it forfeited, by kind of fault. */
  shooters: Record<
    string,
    { argv: string[]; forfeits: number; byKind: Partial<Record<FaultKind, number>> }
  >;
  placer: { name: string; argv: string[]; faults: number } | null;
  /** Every fault, in game order (the first MAX_REPORTED_FAULTS). */
  faults: BotFaultRecord[];
  faultCount: number;
}

export const MAX_REPORTED_FAULTS = 200;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Longest line either side accepts (a board's layout is a few hundred characters). */
export const MAX_LINE = 64 * 1024;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** The rules as a bot is told them: size, touch rule and every ship by name, in fleet order. */
export function botRules(rules: Rules): RulesJson {
  return {
    width: rules.width,
    height: rules.height,
    fleet: rules.fleet.map((s, k) => ({ length: s.length, name: s.name ?? `Ship ${k + 1}` })),
    touch: rules.touch,
  };
}

export function toBotCell(cell: number, width: number): BotCell {
  return [Math.floor(cell / width), cell % width];
}

/**
 * `text` with every control character (C0, DEL, C1) written as an escape, \x1b style, so that
 * what a bot wrote can be shown on a terminal without driving it (titles, clearing, colours).
 * Tabs stay as they are.
 */
export function escapeControls(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

/** One line of JSON; objects only, with a string `type`. */
function parseObject(line: string): Parsed<Record<string, unknown>> {
  if (line.length > MAX_LINE) return fail(`a line of ${line.length} characters (over ${MAX_LINE})`);
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return fail(`not JSON: ${preview(line)}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail(`not a JSON object: ${preview(line)}`);
  }
  const obj = raw as Record<string, unknown>;
  if (typeof obj['type'] !== 'string') return fail(`no "type" in ${preview(line)}`);
  return { ok: true, value: obj };
}

/** A short, printable excerpt of a line for fault messages. */
export function preview(line: string, max = 80): string {
  const flat = JSON.stringify(line.length > max ? `${line.slice(0, max)}...` : line);
  return flat;
}

function isCell(v: unknown): v is BotCell {
  return (
    Array.isArray(v) &&
    v.length === 2 &&
    v.every((x) => typeof x === 'number' && Number.isSafeInteger(x))
  );
}

/**
 * A line the bot wrote, checked to be the message the harness waits for (`expect`). Only the
 * shape is checked here: whether a cell is on the board or a layout legal is the referee's call.
 */
export function parseBotLine<T extends BotMessage['type']>(
  line: string,
  expect: T,
): Parsed<Extract<BotMessage, { type: T }>> {
  const parsed = parseObject(line);
  if (!parsed.ok) return parsed;
  const obj = parsed.value;
  if (obj['type'] !== expect) {
    return fail(`expected a "${expect}" message, got "${String(obj['type'])}"`);
  }
  const done = (value: BotMessage) => ({ ok: true, value }) as never;
  switch (expect) {
    case 'hello':
      if (typeof obj['name'] !== 'string') return fail('"hello" needs a string "name"');
      return done({ type: 'hello', name: obj['name'] });
    case 'shot':
      if (!isCell(obj['cell']))
        return fail(`"shot" needs "cell": [row, col], got ${preview(line)}`);
      return done({ type: 'shot', cell: obj['cell'] });
    case 'layout': {
      const ships = obj['ships'];
      if (!Array.isArray(ships) || !ships.every((s) => Array.isArray(s) && s.every(isCell))) {
        return fail(`"layout" needs "ships": [[[row, col], ...], ...], got ${preview(line)}`);
      }
      return done({ type: 'layout', ships: ships as BotCell[][] });
    }
  }
  return fail(`unknown message type "${expect}"`);
}

const RESULTS = ['miss', 'hit', 'sunk'];
const ANSWER_KINDS = ['sunk', 'hit-miss'];

/** A line the harness wrote, as a bot reads it (used by `broadside bot`). */
export function parseHarnessLine(line: string): Parsed<HarnessMessage> {
  const parsed = parseObject(line);
  if (!parsed.ok) return parsed;
  const obj = parsed.value;
  const ok = (value: HarnessMessage): Parsed<HarnessMessage> => ({ ok: true, value });
  switch (obj['type']) {
    case 'hello':
      if (typeof obj['protocol'] !== 'string') return fail('"hello" needs a string "protocol"');
      return ok({ type: 'hello', protocol: obj['protocol'] });
    case 'game': {
      const { game, seed, answers, rules } = obj;
      if (typeof game !== 'number' || !Number.isSafeInteger(game) || game < 0) {
        return fail('"game" needs a whole "game" number');
      }
      if (typeof rules !== 'object' || rules === null) return fail('"game" needs "rules"');
      const s = seed === undefined ? 0 : seed;
      if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0) {
        return fail('"game" has a "seed" that is not a whole number');
      }
      const a = answers === undefined ? 'sunk' : answers;
      if (!ANSWER_KINDS.includes(a as string)) return fail('"answers" must be sunk or hit-miss');
      return ok({ type: 'game', game, seed: s, answers: a as Answers, rules: rules as RulesJson });
    }
    case 'result': {
      const { cell, result, sunk } = obj;
      if (!isCell(cell)) return fail('"result" needs "cell": [row, col]');
      if (!RESULTS.includes(result as string)) return fail('"result" must be miss, hit or sunk');
      if (result === 'sunk' && !(Array.isArray(sunk) && sunk.every(isCell))) {
        return fail('a "sunk" result needs "sunk": [[row, col], ...]');
      }
      return ok({
        type: 'result',
        cell,
        result: result as 'miss' | 'hit' | 'sunk',
        ...(result === 'sunk' ? { sunk: sunk as BotCell[] } : {}),
      });
    }
    case 'end': {
      const shots = obj['shots'];
      if (typeof shots !== 'number' || !Number.isSafeInteger(shots)) {
        return fail('"end" needs a whole "shots" number');
      }
      return ok({ type: 'end', shots });
    }
    case 'shoot':
    case 'place':
    case 'bye':
      return ok({ type: obj['type'] });
  }
  return fail(`unknown message type "${String(obj['type'])}"`);
}

/** A message as one line (no newline). */
export function formatMessage(message: HarnessMessage | BotMessage): string {
  return JSON.stringify(message);
}
