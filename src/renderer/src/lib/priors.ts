// Turns the user's prior choice into the weight grid the solver gets with the position.

import type { Rules } from '../../../core/rules';
import type { PriorChoice } from './analysis.svelte';
import { call, errorMessage } from './backend';
import { presetGrid, presetLabel } from './prior-presets';

export interface ResolvedPrior {
  grid: number[][] | null;
  /** Why the choice could not be applied as asked (shown under the picker), or null. */
  note: string | null;
}

function fits(grid: number[][], rules: Rules): boolean {
  return grid.length === rules.height && grid.every((row) => row.length === rules.width);
}

export async function resolvePrior(choice: PriorChoice, rules: Rules): Promise<ResolvedPrior> {
  if (choice.kind === 'uniform') return { grid: null, note: null };
  if (choice.kind === 'preset') {
    try {
      return { grid: presetGrid(choice.name, rules), note: null };
    } catch (e) {
      return {
        grid: null,
        note: `${presetLabel(choice.name)} does not apply: ${errorMessage(e)}. Using uniform.`,
      };
    }
  }
  try {
    const prior = await call('priorsGet', { opponentId: choice.id });
    if (!prior)
      return { grid: null, note: `${choice.name} has no learned prior yet; using uniform.` };
    if (!fits(prior.grid, rules)) {
      return {
        grid: null,
        note: `${choice.name}'s prior is for a ${prior.grid[0]?.length ?? 0}x${prior.grid.length} board; using uniform on this ${rules.width}x${rules.height} board.`,
      };
    }
    return { grid: prior.grid, note: null };
  } catch (e) {
    return { grid: null, note: `Could not load ${choice.name}'s prior: ${errorMessage(e)}` };
  }
}
