// The long runs: property runs too slow for every `npm test` (minutes per case on a busy 2-core
// machine), run on their own by `npm run test:long`. Each file says why it is here. The unit
// suite still checks the same properties on small boards against brute force.

import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';

export default defineConfig({
  ...base,
  root: resolve(import.meta.dirname, '../..'),
  test: {
    ...base.test,
    include: ['test/long/**/*.test.ts'],
    exclude: configDefaults.exclude,
  },
});
