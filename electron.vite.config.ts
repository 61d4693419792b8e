import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

// Compile-time constants shared by every build (declared in src/shared/build-constants.d.ts).
const define = { __BROADSIDE_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  main: {
    define,
    build: {
      // `dependencies` in package.json (piscina, better-sqlite3) stay external: piscina spawns
      // worker files by path and better-sqlite3 loads a native binary, neither survives bundling.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          // out/main/index.js: the Electron main process
          index: resolve(root, 'src/main/index.ts'),
          // out/main/worker.js: the piscina worker entry (the pool points at this file)
          worker: resolve(root, 'src/main/worker.ts'),
          // out/main/import-worker.js: imports a bundle on its own thread and connection
          'import-worker': resolve(root, 'src/main/import-worker.ts'),
          // out/main/broadside.js: the command line, loaded by bin/broadside.mjs
          broadside: resolve(root, 'src/cli/broadside.ts'),
        },
      },
    },
  },
  preload: {
    define,
    build: {
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // A sandboxed preload must be a single CommonJS file: out/preload/index.cjs
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    define,
    base: './',
    plugins: [svelte()],
  },
});
