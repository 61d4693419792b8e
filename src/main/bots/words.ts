// Splits a bot's COMMAND into an argument vector the way a POSIX shell splits words, without
// running a shell: so `python3 "my bot.py" --depth 2` works as users expect, while nothing is
// expanded ($VAR, globs, ~) and no operator (|, ;, &&, >) has any meaning; the program is started
// directly. Quoting: '...' keeps everything literally; "..." keeps everything but \" \\ \$ \`
// (a backslash before another character stays); outside quotes a backslash keeps the next
// character (and a backslash-newline vanishes).

import { InputError } from '../../core/errors';

export function splitWords(command: string, where = 'command'): string[] {
  const words: string[] = [];
  let word = '';
  /** A word has started (so "" gives an empty argument). */
  let inWord = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new InputError(where, `has an unclosed ' in ${JSON.stringify(command)}`);
      word += command.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      for (;;) {
        if (i >= command.length) {
          throw new InputError(where, `has an unclosed " in ${JSON.stringify(command)}`);
        }
        const c = command[i]!;
        if (c === '"') break;
        if (c === '\\' && i + 1 < command.length && '"\\$`\n'.includes(command[i + 1]!)) {
          if (command[i + 1] !== '\n') word += command[i + 1];
          i += 2;
        } else {
          word += c;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (ch === '\\') {
      if (i + 1 >= command.length) {
        throw new InputError(where, `ends in a lone backslash: ${JSON.stringify(command)}`);
      }
      if (command[i + 1] !== '\n') {
        word += command[i + 1];
        inWord = true;
      }
      i += 2;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new InputError(where, 'names no program to run');
  return words;
}
