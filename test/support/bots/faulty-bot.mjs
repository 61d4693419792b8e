// A bot that plays a plain sweep (row by row) but misbehaves on purpose in every game k with
// k % 3 === 1, in the way its first argument names, so tests can see each fault reported and the
// bot restarted for the next game:
//   hang        stops answering (and never reads again)
//   crash       writes a last word to stderr and exits with code 3 after two shots
//   garbage     answers "shoot" with a line that is not JSON
//   off-board   fires at [-1, 0]
//   repeat      fires at its previous cell again
//   bad-layout  (as a placer) puts every ship on row 0, overlapping
//   flood       writes 20,000 long lines to stderr, then exits
//   deaf        ignores SIGTERM (from the start) and hangs like hang
//   escapes     writes terminal escape sequences to stderr (the last line unfinished), exits
// As a placer (all modes but bad-layout) it places ship k along row 2k from column 0.
// A second argument, when given, is a file the bot appends its pid to (for the kill tests).

import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [mode, pidFile] = process.argv.slice(2);
if (pidFile) appendFileSync(pidFile, `${process.pid}\n`);
if (mode === 'deaf') process.on('SIGTERM', () => {});
/** @param {unknown} m */
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
/** @type {{ width: number, height: number, fleet: { length: number }[] }} */
let rules = { width: 0, height: 0, fleet: [] };
let game = 0;
let next = 0;
/** @type {number[] | null} */
let last = null;
let shots = 0;

for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  const faulty = game % 3 === 1;
  if (m.type === 'hello') send({ type: 'hello', name: `faulty ${mode}` });
  else if (m.type === 'game') {
    rules = m.rules;
    game = m.game;
    next = 0;
    shots = 0;
  } else if (m.type === 'shoot') {
    shots++;
    if (faulty && (mode === 'hang' || mode === 'deaf'))
      await new Promise(() => setInterval(() => {}, 1000));
    if (faulty && mode === 'crash' && shots > 2) {
      process.stderr.write(`crash bot: giving up in game ${game}\n`);
      process.exit(3);
    }
    if (faulty && mode === 'escapes') {
      // a whole line, then a last one that never ends (no newline)
      process.stderr.write('title\x1b]2;owned\x07 clear\x1b[2J csi\x9b1m end\nred\x1b[31m');
      process.exit(4);
    }
    if (faulty && mode === 'garbage') process.stdout.write('fire at will!\n');
    else if (faulty && mode === 'off-board') send({ type: 'shot', cell: [-1, 0] });
    else if (faulty && mode === 'repeat' && last) send({ type: 'shot', cell: last });
    else if (faulty && mode === 'flood') {
      const pad = 'x'.repeat(300);
      for (let k = 0; k < 19999; k++) process.stderr.write(`flood line ${k} ${pad}\n`);
      // exit once the last line is written: process.exit would drop what the pipe has not taken
      process.stderr.write(`flood line 19999 ${pad}\n`, () => process.exit(1));
      await new Promise(() => {});
    } else {
      last = [Math.floor(next / rules.width), next % rules.width];
      next++;
      send({ type: 'shot', cell: last });
    }
  } else if (m.type === 'place') {
    const ships = rules.fleet.map((/** @type {{ length: number }} */ s, /** @type {number} */ k) =>
      Array.from({ length: s.length }, (_, i) =>
        faulty && mode === 'bad-layout' ? [0, i] : [2 * k, i],
      ),
    );
    send({ type: 'layout', ships });
  } else if (m.type === 'bye') break;
}
