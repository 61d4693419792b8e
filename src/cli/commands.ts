// Every command of the command line, in the order `--help` lists them.

import type { Command } from './command';
import { solveCliCommand } from './solve-command';

export const commands: Command[] = [solveCliCommand];
