#!/usr/bin/env node
// A minimal broadside-bot/1 bot in JavaScript: fires along the rows, skipping every other cell
// until it hits, then clears the hit's neighbours. No dependencies; any Node will do.
//
// Try it:  broadside simulate --strategy pdf --bot sweeper="node examples/node-bot.mjs"

import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
let width = 0;
let height = 0;
let shot = new Set();
let targets = [];

const key = (r, c) => r * width + c;
const open = (r, c) => r >= 0 && r < height && c >= 0 && c < width && !shot.has(key(r, c));

function choose() {
  while (targets.length > 0) {
    const [r, c] = targets.pop();
    if (open(r, c)) return [r, c];
  }
  for (const parity of [0, 1]) {
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) if ((r + c) % 2 === parity && open(r, c)) return [r, c];
    }
  }
  throw new Error('no cell left to shoot');
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const message = JSON.parse(line);
  if (message.type === 'hello') send({ type: 'hello', name: 'node sweeper' });
  else if (message.type === 'game') {
    ({ width, height } = message.rules);
    shot = new Set();
    targets = [];
  } else if (message.type === 'shoot') send({ type: 'shot', cell: choose() });
  else if (message.type === 'result') {
    const [r, c] = message.cell;
    shot.add(key(r, c));
    if (message.result === 'hit') targets.push([r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]);
  } else if (message.type === 'bye') break;
}
