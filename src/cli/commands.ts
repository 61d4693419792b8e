// Every command of the command line, in the order `--help` lists them.

import { adviseCliCommand } from './advise-command';
import { batchCliCommand } from './batch-command';
import { botCliCommand } from './bot-command';
import type { Command } from './command';
import { exportCliCommand } from './export-command';
import { importCliCommand } from './import-command';
import { infoCliCommand } from './info-command';
import { learnCliCommand } from './learn-command';
import { mergeCliCommand } from './merge-command';
import { optimalCliCommand } from './optimal-command';
import { simulateCliCommand } from './simulate-command';
import { solveCliCommand } from './solve-command';
import { webCliCommand } from './web-command';

export const commands: Command[] = [
  solveCliCommand,
  importCliCommand,
  exportCliCommand,
  batchCliCommand,
  learnCliCommand,
  adviseCliCommand,
  simulateCliCommand,
  mergeCliCommand,
  optimalCliCommand,
  botCliCommand,
  webCliCommand,
  infoCliCommand,
];
