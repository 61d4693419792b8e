// Import of a bundle as it streams in (a file of any size, or a large text in slices): each
// record is parsed, validated and written as it arrives, inside one transaction, so memory stays
// bounded by the largest record and the import is still all or nothing: the first bad record
// stops the writing, the rest are still checked so the error lists every bad record (up to
// MAX_REPORTED), and the transaction is rolled back. A text that is not a bundle (one position,
// one game log) is small and goes through importBundle as it always has.
//
// The transaction spans awaits (the text arrives in chunks), so the connection must be this
// import's alone while it runs: the command line's, or the import worker's own (import-worker.ts).

import { InputError } from '../../core/errors';
import { JsonSyntaxError, parseJsonText } from '../../core/json-text';
import type { ImportSummary } from '../../shared/records';
import { describeValue, isRecord } from '../../shared/schema';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  MAX_REPORTED,
  type ImportOutcome,
  gameIn,
  importRecords,
  opponentIn,
  positionIn,
} from './bundle';
import { BundleReader, type RecordSection } from './bundle-reader';
import { insertGame } from './games';
import type { Db } from './open';
import { findOpponentId, insertOpponent } from './opponents';
import { insertPosition } from './positions';
import { getPrior, putPrior } from './priors';
import { stmt } from './sql';

/** Members a lone position or game log may have, kept until the text turns out to be one. */
const MAX_LONE_CHARS = 64 * 1024 * 1024;

export async function importStream(
  db: Db,
  chunks: AsyncIterable<string> | Iterable<string>,
  defaultName = 'Imported position',
): Promise<ImportOutcome> {
  const summary: ImportSummary = { positions: 0, games: 0, opponents: 0, priors: 0 };
  // Opponents whose fleets the imported games fired at: their learned priors are out of date.
  const firedAt = new Set<number>();
  const errors: string[] = [];
  const members = new Map<string, string>();
  let memberChars = 0;
  let bundle = false;
  const opponentNames = new Set<string>();
  // Opponents first made by a game of this import: a later opponent record fills in their notes.
  const madeByGames = new Set<number>();

  const write: Record<RecordSection, (raw: unknown) => void> = {
    positions(raw) {
      const p = positionIn(raw);
      if (errors.length === 0) insertPosition(db, p);
      summary.positions++;
    },
    opponents(raw) {
      const o = opponentIn(raw);
      const key = o.name.toLowerCase();
      if (opponentNames.has(key)) throw new InputError('', 'appears twice');
      opponentNames.add(key);
      if (errors.length > 0) return;
      let id = findOpponentId(db, o.name);
      if (id === undefined) {
        id = insertOpponent(db, o);
        summary.opponents++;
      } else if (madeByGames.has(id)) {
        stmt(db, 'UPDATE opponents SET notes = ?, created_at = ?, updated_at = ? WHERE id = ?').run(
          o.notes,
          o.createdAt ?? new Date().toISOString(),
          o.updatedAt ?? o.createdAt ?? new Date().toISOString(),
          id,
        );
      }
      if (o.prior && !getPrior(db, id)) {
        putPrior(db, { ...o.prior, opponentId: id });
        summary.priors++;
      }
    },
    games(raw) {
      const g = gameIn(raw);
      if (errors.length > 0) return;
      const name = g.log.opponent.trim();
      const before = name ? findOpponentId(db, name) : undefined;
      insertGame(db, g);
      const id = name ? findOpponentId(db, name) : undefined;
      if (id !== undefined && before === undefined) {
        summary.opponents++;
        madeByGames.add(id);
      }
      if (g.log.firedBy === 'me' && id !== undefined) firedAt.add(id);
      summary.games++;
    },
  };

  const reader = new BundleReader({
    record(section, index, text, at) {
      bundle = true;
      let raw: unknown;
      try {
        raw = parseJsonText(text, '', at);
        write[section](raw);
      } catch (e) {
        // Text that is not JSON is no bundle: one line saying where, not a list of records.
        if (e instanceof JsonSyntaxError) {
          throw new InputError(
            'import',
            `is not valid JSON (line ${e.line}, column ${e.column}, in ${section}[${index}]: ${e.what})`,
          );
        }
        if (!(e instanceof InputError)) throw e;
        const name =
          isRecord(raw) && typeof raw.name === 'string' ? ` ("${raw.name.slice(0, 60)}")` : '';
        errors.push(`${section}[${index}]${name}: ${e.message.replace(/^: /, '')}`);
      }
    },
    member(key, text) {
      if (key === 'format' || key === 'version') bundle = true;
      if (key === 'positions' || key === 'opponents' || key === 'games') {
        bundle = true;
        errors.push(`${key}: must be an array, got ${describeValue(parseJsonText(text, key))}`);
        return;
      }
      memberChars += text.length;
      if (memberChars > MAX_LONE_CHARS) {
        throw new InputError('import', 'has members too large for one position or game log');
      }
      members.set(key, text);
    },
  });

  db.exec('BEGIN IMMEDIATE');
  try {
    for await (const chunk of chunks) reader.push(chunk);
    reader.end();
    if (!bundle) {
      db.exec('ROLLBACK'); // nothing was written: the text is one position or game log
      const lone = `{${[...members].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
      return importRecords(db, lone, defaultName);
    }
    checkHeader(members);
    if (errors.length > 0) {
      const more =
        errors.length > MAX_REPORTED ? `\n  and ${errors.length - MAX_REPORTED} more` : '';
      const head =
        errors.length === 1 ? 'a record is invalid' : `${errors.length} records are invalid`;
      throw new InputError(
        'import',
        `${head}; nothing was imported:\n  ${errors.slice(0, MAX_REPORTED).join('\n  ')}${more}`,
      );
    }
    db.exec('COMMIT');
    return { summary, firedAt: [...firedAt] };
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
  }
}

/** A bundle's format and version, as importBundle checks them. */
function checkHeader(members: Map<string, string>): void {
  const value = (key: string): unknown => {
    const text = members.get(key);
    return text === undefined ? undefined : parseJsonText(text, key);
  };
  const format = value('format');
  if (format !== BUNDLE_FORMAT) {
    throw new InputError('format', `must be "${BUNDLE_FORMAT}", got ${describeValue(format)}`);
  }
  const version = value('version');
  if (typeof version !== 'number' || version > BUNDLE_VERSION) {
    throw new InputError(
      'version',
      `bundle version ${describeValue(version)} is not one this version reads (up to ${BUNDLE_VERSION})`,
    );
  }
}

/** A text in slices of `size` characters: a large text parsed a slice at a time. */
export function* slices(text: string, size = 1 << 20): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
