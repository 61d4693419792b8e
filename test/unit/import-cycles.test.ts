// No two source files need each other at run time: a file circle makes load order matter and
// hides which module is the lower one. Imports of types only are left out (they leave no code
// behind). The graph is read with TypeScript's own parser, .svelte components by their scripts.

import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers a file imports (or re-exports) for their values. */
function runtimeImports(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const named = node.exportClause;
      const onlyTypes =
        named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

/** The project file a relative specifier names, or null (packages, assets). */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    let text = readFileSync(file, 'utf8');
    if (file.endsWith('.svelte')) {
      text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    }
    const targets = runtimeImports(file, text)
      .map((spec) => resolveImport(file, spec))
      .filter((t): t is string => t !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan), as paths from the root. */
function fileCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, order.get(w)!));
      }
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(relative(ROOT, w));
      } while (w !== v);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return circles;
}

describe('the import graph', () => {
  it('has no file circle at run time', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(fileCircles(graph)).toEqual([]);
  });

  it('finds a circle when two files import each other', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    const c = join(SRC, 'c.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a]],
      [c, [a]],
    ]);
    expect(fileCircles(graph)).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('reads type-only imports as no dependency', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { D, type E } from './d';",
      "export type { F } from './f';",
      "export { G } from './g';",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['./d', './g']);
  });
});
