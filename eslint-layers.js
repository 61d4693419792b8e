// The layers as an allow-list (docs/architecture.md, "Who may import whom"): every import of a
// project file is checked against what its layer may import, so a new folder or module is
// refused until the table below names it, instead of passing because no rule forbade it.

import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Core's own order, bottom up: a module imports only from its own level or below. */
/** @type {Record<string, number>} */
const CORE_LEVELS = { solve: 1, strategy: 2, simulate: 3, optimal: 3, prior: 3 };
const CORE_ORDER =
  "core's order is: rules, position and the other top-level modules, then solve/, then strategy/, then simulate/, optimal/ and prior/";
const PLATFORM = /^(node:|electron$|better-sqlite3$|piscina$)/;
const LAYERS = ['core', 'shared', 'main', 'cli', 'preload', 'renderer'];

/**
 * Where a project path (relative to the root, no extension) sits: its layer and, inside core, its
 * level and folder. Null outside src/.
 * @param {string} path
 */
function placeOf(path) {
  const parts = path.split('/');
  if (parts[0] !== 'src' || !LAYERS.includes(parts[1] ?? '')) return null;
  const layer = parts[1];
  if (layer !== 'core') return { layer, level: 0, folder: '' };
  const folder = parts.length > 3 ? parts[2] : (parts[2] ?? '');
  const level = CORE_LEVELS[folder] ?? 0;
  return { layer, level, folder: folder in CORE_LEVELS ? folder : '' };
}

/**
 * Why `from` may not import `to` (null when it may). `typeOnly` imports leave no code behind:
 * they may reach types across layers, except into core, which stays self-contained.
 * @param {{layer: string, level: number}} from
 * @param {{layer: string, level: number, folder: string}} to
 * @param {string} target project path of the imported module
 * @param {boolean} typeOnly
 */
function refusal(from, to, target, typeOnly) {
  switch (from.layer) {
    case 'core':
      if (to.layer !== 'core') return 'core is pure: it imports nothing outside core';
      if (to.level > from.level) return `${CORE_ORDER}; this import runs back up it`;
      return null;
    case 'shared':
      if (to.layer === 'shared') return null;
      if (to.layer === 'core' && (typeOnly || to.level === 0)) return null;
      return "the contract imports no solver, strategy, simulator or learner, and nothing of main or the UI: only core's top-level modules (names, parsers) and types";
    case 'main':
      if (['core', 'shared', 'main'].includes(to.layer)) return null;
      return 'main imports core and shared only (never the renderer, the preload or the command line)';
    case 'cli':
      if (['core', 'shared', 'main', 'cli'].includes(to.layer)) return null;
      return 'the command line imports core, shared and the main services only (never the renderer)';
    case 'preload':
      if (to.layer === 'shared' && (typeOnly || target === 'src/shared/methods')) return null;
      return 'the preload is one small sandboxed bundle: it reads shared/methods (and types) only';
    case 'renderer':
      if (to.layer === 'renderer' || to.layer === 'shared') return null;
      if (
        to.layer === 'core' &&
        (typeOnly || to.level === 0 || target === 'src/core/prior/presets')
      )
        return null;
      return "the renderer reaches main through the API only, and draws no solver, strategy, simulator or learner into its bundle: only core's top-level modules, the prior presets, and types";
    default:
      return null;
  }
}

/** @param {any} node an import or export declaration */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specs = node.specifiers ?? [];
  return (
    specs.length > 0 &&
    specs.every((/** @type {any} */ s) => s.importKind === 'type' || s.exportKind === 'type')
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'imports follow the layers of docs/architecture.md (an allow-list)' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join('/');
    const found = placeOf(file.replace(/\.(svelte\.ts|ts|js|mjs|svelte)$/, ''));
    if (!found) return {};
    const place = found;

    /** @param {any} node @param {string} spec @param {boolean} typeOnly */
    function check(node, spec, typeOnly) {
      if (!spec.startsWith('.')) {
        const pure = ['core', 'shared'].includes(place.layer);
        const platform = PLATFORM.test(spec);
        if (pure && !typeOnly) {
          context.report({
            node,
            message: `${place.layer === 'core' ? 'core is pure' : 'the contract is pure'}: no packages, Node or Electron (${spec})`,
          });
        } else if (place.layer === 'renderer' && platform) {
          context.report({
            node,
            message: `the renderer runs in a browser: no Node, Electron or native packages (${spec})`,
          });
        } else if (place.layer === 'preload' && platform && spec !== 'electron') {
          context.report({
            node,
            message: `the preload is one small sandboxed bundle: no Node packages (${spec})`,
          });
        }
        return;
      }
      const bare = spec.replace(/\?.*$/, '').replace(/\.(svelte\.ts|ts|js|mjs)$/, '');
      const abs = resolve(dirname(context.filename), bare);
      let target = relative(root, abs).split(sep).join('/');
      if (existsSync(join(abs, 'index.ts'))) target = `${target}/index`;
      const to = placeOf(target);
      if (!to) return;
      const why = refusal(place, to, target, typeOnly);
      if (why) context.report({ node, message: `${why} (${file} imports ${target})` });
    }

    return {
      ImportDeclaration: (node) => check(node, String(node.source.value), isTypeOnly(node)),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, String(node.source.value), isTypeOnly(node)),
      ExportAllDeclaration: (node) =>
        check(node, String(node.source.value), /** @type {any} */ (node).exportKind === 'type'),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node, String(node.source.value), false),
    };
  },
};

export const layersPlugin = { rules: { 'allowed-imports': allowedImports } };
