// A tiny runtime schema kit for the API contract: each schema checks an untrusted value and
// returns it typed, or throws an InputError naming the field ("positionsList.limit: must be a
// whole number from 1 to 500, got 0"). Objects refuse unknown keys, so a misspelt field is an
// error rather than silently ignored. Types are inferred from the schemas (Infer<S>), so the
// contract is written once.

import { InputError } from '../core/errors';
import { isRecord } from '../core/plain-data';

export interface Schema<T> {
  /** Returns the value typed (possibly normalised), or throws an InputError naming `path`. */
  parse(value: unknown, path: string): T;
  /** A short description for messages ("a string", "an array of ..."). */
  readonly expected: string;
  /** Set by `optional()`: the key may be absent (or undefined) in an object. */
  readonly optional?: true;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

/** What a value looks like, for "got ..." in messages (never the whole value). */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (typeof v === 'string')
    return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') {
    if (isPlainObject(v)) return 'an object';
    const kind = Object.prototype.toString.call(v).slice(8, -1); // Map, Date, Uint8Array, ...
    return kind === 'Object' ? 'an object that is not plain data' : `a ${kind}`;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `a ${typeof v}`;
}

/** A key as it appears in a path: long keys are cut, so a message never echoes a huge key. */
export function fieldName(key: string): string {
  return key.length > 40 ? `${key.slice(0, 40)}...` : key;
}

function fail(path: string, expected: string, got: unknown): never {
  throw new InputError(path, `must be ${expected}, got ${describeValue(got)}`);
}

export { isRecord };

/** An object literal or JSON object (not a Map, Date, typed array or class instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!isRecord(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function str(opts: { min?: number; max?: number } = {}): Schema<string> {
  const { min = 0, max = 10_000 } = opts;
  const expected =
    min > 0 ? `a string of ${min} to ${max} characters` : `a string of at most ${max} characters`;
  return {
    expected,
    parse(v, path) {
      if (typeof v !== 'string' || v.length < min || v.length > max) fail(path, expected, v);
      return v;
    },
  };
}

/** A finite number within [min, max]; `whole` also refuses fractions. */
function numeric(whole: boolean, min: number, max: number): Schema<number> {
  const expected = `a ${whole ? 'whole ' : ''}number from ${min} to ${max}`;
  return {
    expected,
    parse(v, path) {
      const ok = typeof v === 'number' && (whole ? Number.isInteger(v) : Number.isFinite(v));
      if (!ok || v < min || v > max) fail(path, expected, v);
      return v;
    },
  };
}

export function int(opts: { min?: number; max?: number } = {}): Schema<number> {
  return numeric(true, opts.min ?? 0, opts.max ?? Number.MAX_SAFE_INTEGER);
}

export function num(opts: { min?: number; max?: number } = {}): Schema<number> {
  return numeric(false, opts.min ?? -Number.MAX_VALUE, opts.max ?? Number.MAX_VALUE);
}

export function bool(): Schema<boolean> {
  return {
    expected: 'true or false',
    parse(v, path) {
      if (typeof v !== 'boolean') fail(path, 'true or false', v);
      return v;
    },
  };
}

export function oneOf<const T extends readonly string[]>(values: T): Schema<T[number]> {
  const expected = `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return {
    expected,
    parse(v, path) {
      if (typeof v !== 'string' || !values.includes(v)) fail(path, expected, v);
      return v as T[number];
    },
  };
}

export function arr<T>(item: Schema<T>, opts: { max?: number } = {}): Schema<T[]> {
  const { max = 100_000 } = opts;
  const expected = `an array of at most ${max} items (each ${item.expected})`;
  return {
    expected,
    parse(v, path) {
      if (!Array.isArray(v) || v.length > max) fail(path, expected, v);
      return v.map((x, i) => item.parse(x, `${path}[${i}]`));
    },
  };
}

export function optional<T>(inner: Schema<T>): Schema<T | undefined> & { optional: true } {
  return {
    expected: `${inner.expected} (optional)`,
    optional: true,
    parse: (v, path) => (v === undefined ? undefined : inner.parse(v, path)),
  };
}

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return {
    expected: `${inner.expected} or null`,
    parse: (v, path) => (v === null ? null : inner.parse(v, path)),
  };
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends { optional: true } ? K : never;
}[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Infer<S[K]>;
};

/** An object with exactly these keys (optional ones may be absent); unknown keys are refused. */
export function obj<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  const keys = Object.keys(shape);
  const expected = keys.length ? `an object with ${keys.join(', ')}` : 'an empty object';
  return {
    expected,
    parse(v, path) {
      if (!isPlainObject(v)) fail(path, expected, v);
      for (const key of Object.keys(v)) {
        if (!Object.hasOwn(shape, key)) {
          throw new InputError(
            path,
            `has an unknown field "${fieldName(key)}" (known: ${keys.join(', ') || 'none'})`,
          );
        }
      }
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        const value = shape[key]!.parse(v[key], path ? `${path}.${key}` : key);
        if (value !== undefined) out[key] = value;
      }
      return out as ObjectOf<S>;
    },
  };
}

/** A value checked (and possibly converted) by a function that throws InputError. */
export function custom<T>(expected: string, check: (v: unknown, path: string) => T): Schema<T> {
  return { expected, parse: check };
}
