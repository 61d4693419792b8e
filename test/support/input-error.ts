// The one-line message of an input that must be refused: `run` has to throw an InputError (any
// other outcome fails the test), and its message is returned for the test to compare.

import { expect } from 'vitest';
import { InputError } from '../../src/core/errors';

export function inputErrorOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('expected an InputError');
}
