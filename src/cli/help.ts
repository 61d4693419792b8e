// The help texts, wrapped to fit an 80-column terminal: the command list (`broadside --help`) and
// one command's usage (`broadside COMMAND --help`). Usage lines break between bracketed groups,
// so "[--games N]" stays whole; a group too long for a line breaks between its words.

import type { Command } from './command';

export const HELP_WIDTH = 80;

/** Splits a usage line at spaces outside brackets: "[--games N]" is one piece. */
function usageGroups(usage: string): string[] {
  const groups: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of usage) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ' ' && depth === 0) {
      if (current) groups.push(current);
      current = '';
    } else current += ch;
  }
  if (current) groups.push(current);
  return groups;
}

/** A piece of text to lay out; `glued` ones follow the previous piece without a space. */
interface Unit {
  text: string;
  glued: boolean;
}

/**
 * A piece too long for `room` columns: split between its words, and a word (a long list of
 * choices such as "single|sunk|...") after its bars, the parts glued back where they still fit.
 */
function unitsOf(piece: string, room: number): Unit[] {
  if (piece.length <= room) return [{ text: piece, glued: false }];
  return piece.split(' ').flatMap((word) => {
    if (word.length <= room) return [{ text: word, glued: false }];
    return word.split(/(?<=\|)/).map((part, i) => ({ text: part, glued: i > 0 }));
  });
}

/**
 * Lays `pieces` out after `first` (the first line's lead), continuation lines indented by
 * `indent` spaces, each line at most `width` columns where a piece allows it.
 */
export function wrapPieces(first: string, pieces: string[], indent: number, width = HELP_WIDTH) {
  const units = pieces.flatMap((p) => unitsOf(p, width - indent));
  const lines: string[] = [];
  let line = first;
  let placed = false;
  for (const unit of units) {
    const gap = unit.glued || line === '' || line.endsWith(' ') ? '' : ' ';
    if (placed && line.length + gap.length + unit.text.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + unit.text;
    } else line += gap + unit.text;
    placed = true;
  }
  lines.push(line);
  return lines.join('\n');
}

/** Plain text wrapped between words. */
export function wrapText(lead: string, text: string, indent: number, width = HELP_WIDTH) {
  return wrapPieces(lead, text.split(' '), indent, width);
}

/** `broadside COMMAND --help`: its usage (each alternative form on its own line) and summary. */
export function commandHelp(command: Command): string {
  const forms = command.usage.split(' | ');
  const lines = forms.map((form, i) => {
    const lead = `${i === 0 ? 'Usage:' : '   or:'} broadside `;
    const [name, ...rest] = usageGroups(form);
    return wrapPieces(`${lead}${name}`, rest, lead.length + name!.length + 1);
  });
  const details = command.details ? `\n\n${wrapText('', command.details, 0)}` : '';
  return `${lines.join('\n')}\n\n${wrapText('', command.summary, 0)}${details}`;
}

/** `broadside --help`: every command with its summary. */
export function usage(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const rows = commands.map((c) => wrapText(`  ${c.name.padEnd(width)}  `, c.summary, width + 4));
  return [
    'Usage: broadside COMMAND [ARGUMENTS]',
    '',
    'Commands:',
    ...rows,
    '',
    "  broadside COMMAND --help   a command's arguments",
    '  broadside --help | --version',
  ].join('\n');
}
