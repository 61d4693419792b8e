// Constants replaced at build time (see `define` in electron.vite.config.ts and vitest.config.ts).

/** The version field of package.json. */
declare const __BROADSIDE_VERSION__: string;
