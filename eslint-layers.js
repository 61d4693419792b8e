// The layers as an allow-list (docs/architecture.md, "Who may import whom"): every import of a
// project file is checked against what its layer may import, so a new folder or module is
// refused until the table below names it, instead of passing because no rule forbade it.

import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Core's own order, bottom up: a module imports only from its own level or below. Core's files
 * lie at its top (level 0) or in one of these folders; a folder's subfolders share its level. */
/** @type {Record<string, number>} */
const CORE_LEVELS = { catalog: 0, solve: 1, strategy: 2, simulate: 3, optimal: 3, prior: 3 };
const CORE_ORDER =
  "core's order is: rules, position and the other top-level modules (and catalog/), then solve/, then strategy/, then simulate/, optimal/ and prior/";
const PLATFORM = /^(node:|electron$|better-sqlite3$|piscina$)/;
/** The folders of src/, each a layer; a layer's subfolders are part of it (core's as above). */
const LAYERS = ['core', 'shared', 'main', 'cli', 'preload', 'renderer', 'wasm'];
const UNNAMED =
  'no layer names this folder: a new folder is refused until eslint-layers.js and docs/architecture.md ("Who may import whom") give it its place';

/**
 * Where a project path (relative to the root, no extension) sits: its layer and, inside core, its
 * level. `layer` is null for a path in src/ that no layer names (a new folder, a file loose in
 * src/ or in a new folder of core). Null outside src/.
 * @param {string} path
 * @returns {{ layer: string | null, level: number } | null}
 */
function placeOf(path) {
  const parts = path.split('/');
  if (parts[0] !== 'src') return null;
  const layer = parts[1] ?? '';
  if (parts.length < 3 || !LAYERS.includes(layer)) return { layer: null, level: 0 };
  if (layer !== 'core' || parts.length === 3) return { layer, level: 0 };
  const level = CORE_LEVELS[parts[2] ?? ''];
  return level === undefined ? { layer: null, level: 0 } : { layer, level };
}

const WASM =
  "src/wasm is the WebAssembly kernel's AssemblyScript source, compiled on its own by scripts/build-wasm.mjs into core/solve/graph/kernel-wasm-bytes.ts: it imports nothing, and code reaches the kernel through core/solve/graph/kernel-wasm.ts, never by importing src/wasm";

/**
 * Why `from` may not import `to` (null when it may). `typeOnly` imports leave no code behind:
 * they may reach types across layers, except into core, which stays self-contained.
 * @param {{layer: string, level: number}} from
 * @param {{layer: string | null, level: number}} to
 * @param {string} target project path of the imported module
 * @param {boolean} typeOnly
 */
function refusal(from, to, target, typeOnly) {
  if (from.layer === 'wasm' || to.layer === 'wasm') return WASM;
  if (to.layer === null) return UNNAMED;
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
      return UNNAMED;
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
    const layer = found.layer;
    if (layer === null) {
      return { Program: (node) => context.report({ node, message: `${UNNAMED} (${file})` }) };
    }
    const place = { layer, level: found.level };

    /** @param {any} node @param {string} spec @param {boolean} typeOnly */
    function check(node, spec, typeOnly) {
      if (layer === 'wasm') {
        context.report({ node, message: `${WASM} (${file} imports ${spec})` });
        return;
      }
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
