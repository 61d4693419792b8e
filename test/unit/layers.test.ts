// The lint rule that keeps the layers (eslint.config.js): a violation in each layer fails, the
// imports each layer is allowed pass. Runs the project's own ESLint configuration on small
// sources placed (in name only) in each folder.

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer rule's messages for `code` as if it were the file at `path`. */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('the layer rule', () => {
  it.each([
    ['src/core/x.ts', "import { apiMethods } from '../shared/api';", /core is pure/],
    ['src/core/prior/x.ts', "import { createPool } from '../../main/pool';", /core is pure/],
    ['src/core/x.ts', "import { readFileSync } from 'node:fs';", /core is pure/],
    ['src/shared/x.ts', "import { strategyNames } from '../core/strategy';", /contract imports no/],
    ['src/shared/x.ts', "import { solve } from '../core/solve';", /contract imports no/],
    ['src/shared/x.ts', "import { FLEET_SOURCES } from '../core/simulate/fleets';", /contract/],
    ['src/preload/x.ts', "import { apiMethods } from '../shared/api';", /preload is one small/],
    ['src/renderer/src/lib/x.ts', "import { solveDp } from '../../../core/solve/dp';", /renderer/],
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
  ])('refuses in %s: %s', async (path, code, message) => {
    const errors = await layerErrors(path, `${code}\nvoid 0;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['src/shared/x.ts', "import { parsePosition } from '../core/position';"],
    ['src/shared/x.ts', "import type { SolveResultWire } from '../core/solve/result';"],
    ['src/preload/x.ts', "import { METHOD_NAMES } from '../shared/methods';"],
    ['src/preload/x.ts', "import type { BroadsideApi } from '../shared/api';"],
    ['src/renderer/src/lib/x.ts', "import { touchNeighbours } from '../../../core/solve/board';"],
    ['src/renderer/src/lib/x.ts', "import { PRIOR_PRESETS } from '../../../core/prior/presets';"],
    ['src/renderer/src/lib/x.ts', "import { STRATEGIES } from '../../../shared/catalog';"],
    ['src/main/x.ts', "import { solve } from '../core/solve';"],
  ])('allows in %s: %s', async (path, code) => {
    expect(await layerErrors(path, `${code}\nvoid 0;\n`)).toEqual([]);
  });
});
