// The lint rule that keeps the layers (eslint-layers.js, an allow-list): a violation in each layer
// fails, the imports each layer is allowed pass. Runs the project's own ESLint configuration on
// small sources placed (in name only) in each folder, .ts and .svelte alike.

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer rule's messages for `code` as if it were the file at `path`. */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages
    .filter((m) => m.ruleId === 'layers/allowed-imports')
    .map((m) => m.message);
}

const svelte = (code: string): string => `<script lang="ts">\n  ${code}\n  void 0;\n</script>\n`;

describe('the layer rule', () => {
  it.each([
    ['src/core/x.ts', "import { apiMethods } from '../shared/api';", /core is pure/],
    ['src/core/x.ts', "import { createPool } from '../main/pool';", /core is pure/],
    ['src/core/prior/x.ts', "import { createPool } from '../../main/pool';", /core is pure/],
    ['src/core/x.ts', "import { readFileSync } from 'node:fs';", /core is pure/],
    ['src/core/solve/x.ts', "import { greedy } from '../strategy/greedy';", /core's order/],
    ['src/core/strategy/x.ts', "import { playGame } from '../simulate/game';", /core's order/],
    ['src/core/x.ts', "import { fleetSampler } from './simulate/fleets';", /core's order/],
    ['src/core/x.ts', "import type { Board } from './solve/board';", /core's order/],
    ['src/core/strategy/x.ts', "import { learnPrior } from '../prior/learn';", /core's order/],
    ['src/shared/x.ts', "import { strategyNames } from '../core/strategy';", /contract imports no/],
    ['src/shared/x.ts', "import { solve } from '../core/solve';", /contract imports no/],
    ['src/shared/x.ts', "import { solveDp } from '../core/solve/dp/dp';", /contract imports no/],
    ['src/shared/x.ts', "import { FLEET_SOURCES } from '../core/simulate/fleets';", /contract/],
    ['src/shared/x.ts', "import { createPool } from '../main/pool';", /contract/],
    ['src/preload/x.ts', "import { apiMethods } from '../shared/api';", /preload is one small/],
    [
      'src/renderer/src/lib/x.ts',
      "import { solveDp } from '../../../core/solve/dp/dp';",
      /renderer/,
    ],
    [
      'src/renderer/src/lib/x.ts',
      "import { touchNeighbours } from '../../../core/solve/board';",
      /renderer/,
    ],
    [
      'src/renderer/src/lib/x.ts',
      "import { listStrategies } from '../../../core/strategy';",
      /renderer/,
    ],
    ['src/renderer/src/lib/x.ts', "import { createApi } from '../../../main/api';", /renderer/],
    [
      'src/renderer/src/lib/x.ts',
      "import { learnPrior } from '../../../core/prior/learn';",
      /renderer/,
    ],
    [
      'src/renderer/src/lib/x.ts',
      "import { solveOptimal } from '../../../core/optimal';",
      /renderer/,
    ],
    [
      'src/renderer/src/lib/x.ts',
      "import { createBotPlayer } from '../../../core/simulate/bot-player';",
      /renderer/,
    ],
    [
      'src/renderer/src/components/X.svelte',
      svelte("import { createBotPlayer } from '../../../core/simulate/bot-player';"),
      /renderer/,
    ],
    [
      'src/renderer/src/components/X.svelte',
      svelte("import { solveOptimal } from '../../../core/optimal';"),
      /renderer/,
    ],
    [
      'src/renderer/src/lib/x.ts',
      "import { readFileSync } from 'node:fs';",
      /renderer runs in a browser/,
    ],
    [
      'src/main/x.ts',
      "import { editor } from '../renderer/src/lib/editor.svelte';",
      /main imports core and shared only/,
    ],
    [
      'src/cli/x.ts',
      "import { editor } from '../renderer/src/lib/editor.svelte';",
      /command line imports/,
    ],
    // The WebAssembly kernel's source imports nothing, and nothing imports it.
    ['src/wasm/x.ts', "import { createPool } from '../main/pool';", /src\/wasm is the WebAssembly/],
    ['src/wasm/x.ts', "import { HORIZONTAL } from '../core/solve/placement';", /src\/wasm is/],
    ['src/wasm/x.ts', "import { readFileSync } from 'node:fs';", /src\/wasm is/],
    ['src/core/solve/graph/x.ts', "import { layerPass } from '../../../wasm/passes';", /src\/wasm/],
    // A folder no layer names is refused, whatever it imports, and so is an import of it.
    ['src/tools/x.ts', "import { createPool } from '../main/pool';", /no layer names this folder/],
    ['src/tools/x.ts', 'export const nothing = 0;', /no layer names this folder/],
    ['src/x.ts', "import { parsePosition } from './core/position';", /no layer names/],
    ['src/core/tools/x.ts', "import { touchNeighbours } from '../neighbours';", /no layer names/],
    ['src/main/x.ts', "import { helper } from '../tools/helper';", /no layer names this folder/],
    ['src/core/x.ts', "import { helper } from './tools/helper';", /no layer names this folder/],
  ])('refuses in %s: %s', async (path, code, message) => {
    const errors = await layerErrors(path, path.endsWith('.svelte') ? code : `${code}\nvoid 0;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['src/shared/x.ts', "import { parsePosition } from '../core/position';"],
    ['src/shared/x.ts', "import type { SolveResultWire } from '../core/solve/result';"],
    ['src/preload/x.ts', "import { METHOD_NAMES } from '../shared/methods';"],
    ['src/preload/x.ts', "import type { BroadsideApi } from '../shared/api';"],
    ['src/renderer/src/lib/x.ts', "import { touchNeighbours } from '../../../core/neighbours';"],
    ['src/renderer/src/lib/x.ts', "import { PRIOR_PRESETS } from '../../../core/prior/presets';"],
    ['src/renderer/src/lib/x.ts', "import { STRATEGIES } from '../../../shared/catalog';"],
    [
      'src/renderer/src/lib/x.ts',
      "import type { SolveResultWire } from '../../../core/solve/result';",
    ],
    ['src/main/x.ts', "import { solve } from '../core/solve';"],
    ['src/cli/x.ts', "import { createPool } from '../main/pool';"],
    ['src/core/strategy/x.ts', "import { HORIZONTAL } from '../solve/placement';"],
    ['src/core/simulate/x.ts', "import { PosteriorCache } from '../strategy/posterior';"],
    ['src/core/solve/x.ts', "import { touchNeighbours } from '../neighbours';"],
    // A layer's subfolders are part of it; core's share their folder's level.
    ['src/core/solve/dp/x.ts', "import { touchNeighbours } from '../../neighbours';"],
    ['src/core/solve/dp/x.ts', "import { HORIZONTAL } from '../placement';"],
    ['src/core/catalog/x.ts', "import { touchNeighbours } from '../neighbours';"],
    ['src/main/jobs/x.ts', "import { solve } from '../../core/solve';"],
    ['src/wasm/x.ts', 'export function pass(): void {}'],
  ])('allows in %s: %s', async (path, code) => {
    expect(await layerErrors(path, `${code}\nvoid 0;\n`)).toEqual([]);
  });
});
