// Named layout priors a user can pick anywhere a prior is chosen (command line `--prior NAME`,
// the solver API, the strategy lab): `uniform`, `edges` and `human`.
//
// A preset either applies to the rules or says why not; nothing is silently rescaled. `human` is
// a grid fitted to people's games on classic rules (resources/human-prior.json, rebuilt by
// `npm run experiment -- fit-human`), so it applies to classic rules only: on another board or fleet the
// people's habits were never observed, and stretching the grid would invent them.

import { InputError } from '../errors';
import { parsePrior } from '../position';
import { parseRules } from '../rules-json';
import { fleetLengths, rulesKey, type Rules } from '../rules';
import humanPriorJson from '../../../resources/human-prior.json';

export interface PriorPreset {
  name: string;
  /** What the user sees, e.g. "Human players (classic)". */
  label: string;
  description: string;
  appliesTo(rules: Rules): boolean;
  /** Why the preset does not apply to these rules, or undefined when it does. */
  notApplicable(rules: Rules): string | undefined;
  /**
   * The weight grid for these rules, row-major; undefined for `uniform` (no weights, so solves
   * keep exact integer counts). Throws InputError when the preset does not apply.
   */
  grid(rules: Rules): Float64Array | undefined;
}

/**
 * `edges`: border cells weigh this much more than inner cells (the Over 9000 observation that
 * people favour the sides). 1.2 puts 39% of ship cells on the border ring of a classic board,
 * as in the people's games (39.4%), against 29.4% for uniform layouts (exact figures).
 */
export const EDGE_WEIGHT = 1.2;

/** resources/human-prior.json: the fitted grid and where it came from (experiments/fit-human.ts). */
export interface HumanPriorFile {
  name: 'human';
  label: string;
  rules: { preset: 'classic' };
  /** 10 rows of 10 weights (geometric mean 1). */
  grid: number[][];
  provenance: {
    source: string;
    url: string;
    licence: string;
    file: string;
    games: number;
    /** The observed occupancy the grid reproduces (fractions, rescaled to sum to 17). */
    target: number[][];
    fitted: string;
    method: string;
    residual: { maxAbs: number; meanAbs: number; unit: string };
    solves: number;
    seconds: number;
    /** Mean exact log-likelihood per game (nats): uniform prior vs this grid. */
    logLikelihoodPerGame: { uniform: number; human: number };
  };
}

const human = humanPriorJson as unknown as HumanPriorFile;
const humanRules = parseRules(human.rules);
const humanGrid = parsePrior(human.grid, humanRules, 'resources/human-prior.json grid');

function describeRules(rules: Rules): string {
  return `${rules.width}x${rules.height}, ships ${fleetLengths(rules.fleet).join(',')}, touch ${rules.touch}`;
}

function checked(preset: PriorPreset, rules: Rules, make: () => Float64Array): Float64Array {
  const why = preset.notApplicable(rules);
  if (why) throw new InputError('prior', why);
  return make();
}

const uniformPreset: PriorPreset = {
  name: 'uniform',
  label: 'Uniform',
  description: 'every legal layout equally likely (no prior)',
  appliesTo: () => true,
  notApplicable: () => undefined,
  grid: () => undefined,
};

const edgesPreset: PriorPreset = {
  name: 'edges',
  label: 'Edge-heavy',
  description: `border cells weigh ${EDGE_WEIGHT}x (the Over 9000 observation that people favour the sides); any rules`,
  appliesTo: () => true,
  notApplicable: () => undefined,
  grid(rules) {
    const { width: W, height: H } = rules;
    const grid = new Float64Array(W * H);
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        const border = r === 0 || c === 0 || r === H - 1 || c === W - 1;
        grid[r * W + c] = border ? EDGE_WEIGHT : 1;
      }
    }
    return grid;
  },
};

const humanPreset: PriorPreset = {
  name: 'human',
  label: human.label,
  description: `fitted to ${human.provenance.games.toLocaleString('en-US')} games people played on classic rules (${human.provenance.source.split(':')[0]}, ${human.provenance.licence} licence)`,
  appliesTo: (rules) => rulesKey(rules) === rulesKey(humanRules),
  notApplicable(rules) {
    if (rulesKey(rules) === rulesKey(humanRules)) return undefined;
    return `the "${human.label}" prior was fitted to games on classic rules (${describeRules(humanRules)}); it does not apply to ${describeRules(rules)}, and Broadside does not rescale it to other rules`;
  },
  grid(rules) {
    return checked(humanPreset, rules, () => humanGrid.slice());
  },
};

export const PRIOR_PRESETS: readonly PriorPreset[] = [uniformPreset, edgesPreset, humanPreset];

export function priorPresetNames(): string[] {
  return PRIOR_PRESETS.map((p) => p.name);
}

export function getPriorPreset(name: string): PriorPreset {
  const preset = PRIOR_PRESETS.find((p) => p.name === name);
  if (!preset) {
    throw new InputError(
      'prior',
      `unknown prior preset "${name}" (known: ${priorPresetNames().join(', ')})`,
    );
  }
  return preset;
}

/** The presets that apply to these rules (what a picker should offer). */
export function applicablePresets(rules: Rules): PriorPreset[] {
  return PRIOR_PRESETS.filter((p) => p.appliesTo(rules));
}

/** A preset's grid for these rules (undefined = uniform); InputError when it does not apply. */
export function presetPrior(name: string, rules: Rules): Float64Array | undefined {
  return getPriorPreset(name).grid(rules);
}

/** The shipped human prior's file (grid and provenance), for display and checks. */
export function shippedHumanPrior(): HumanPriorFile {
  return human;
}
