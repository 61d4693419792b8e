import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { configDefaults, defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [svelte()],
  define: { __BROADSIDE_VERSION__: JSON.stringify(pkg.version) },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Long property runs have their own run (`npm run test:long`, test/long/vitest.config.ts).
    exclude: [...configDefaults.exclude, 'test/long/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    // The API's imports run on this built worker (the global setup builds it).
    // Servers started by tests share one folder of graph files (each builds a graph only once
    // per run); the tests of where graph files live set their own.
    env: {
      BROADSIDE_IMPORT_WORKER: resolve(import.meta.dirname, 'out/main/import-worker.js'),
      BROADSIDE_GRAPHS_DIR: join(tmpdir(), 'broadside-test-graphs'),
    },
    reporters: ['default'],
  },
});
