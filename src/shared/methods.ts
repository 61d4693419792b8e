// The API's method names and the channel they travel on. It imports nothing, so the preload (one
// sandboxed bundle) builds its bridge from this list without the schemas or the parsers behind
// them; src/shared/api.ts checks at compile time that its table has exactly these methods.

/** The Electron IPC channel every call goes through (one generic invoke channel). */
export const API_CHANNEL = 'broadside:api';
/** HTTP transport: POST {API_PATH}<method> with `Authorization: Bearer <token>`. */
export const API_PATH = '/api/';

export const METHOD_NAMES = [
  'info',
  'settingsSave',
  'solve',
  'estimate',
  'propose',
  'jobProgress',
  'jobCancel',
  'positionsList',
  'positionsTags',
  'positionsGet',
  'positionsSave',
  'positionsUpdate',
  'positionsDuplicate',
  'positionsDelete',
  'gamesList',
  'gamesGet',
  'gamesCreate',
  'gamesUpdate',
  'gamesAppendShot',
  'gamesDelete',
  'opponentsList',
  'opponentsGet',
  'opponentsCreate',
  'opponentsUpdate',
  'opponentsDelete',
  'priorsGet',
  'priorsSave',
  'priorsDelete',
  'priorsLearn',
  'adviseLayout',
  'batchStart',
  'batchProgress',
  'batchCancel',
  'batchList',
  'batchResults',
  'simulate',
  'importBundle',
  'exportBundle',
  'exportHeatmapCsv',
] as const;

export type MethodName = (typeof METHOD_NAMES)[number];

export function isMethodName(v: unknown): v is MethodName {
  return typeof v === 'string' && (METHOD_NAMES as readonly string[]).includes(v);
}
