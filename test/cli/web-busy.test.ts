// `broadside web` stays responsive while an estimate runs (issue "Reliability, third pass",
// item 1), with a real process, a real library file and real HTTP requests: a board whose quick
// estimate takes minutes (26x26, a hundred 2-ships, no touching) used to run on the main thread,
// so `info` waited behind it and SIGTERM could not stop the process. The estimate now runs on the
// pool within its time bound; the assertions are on order and outcome, and the worst `info`
// answer seen is printed as a figure.

import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/library';
import { startWebChild } from '../support/web-child';

const tmp = tempDir();
afterAll(() => tmp.remove());

const startWeb = (name: string) => startWebChild(tmp.file(`${name}.db`));

/** 26x26, one hundred 2-ships, no touching: the Markov chain's start alone takes minutes. */
const crowded = {
  rules: { width: 26, height: 26, fleet: Array.from({ length: 100 }, () => 2), touch: 'no-touch' },
  board: Array.from({ length: 26 }, () => '.'.repeat(26)),
  sunk: [],
};

describe('broadside web while an estimate runs', () => {
  it('answers info meanwhile, and the estimate stops at its time bound', async () => {
    const web = await startWeb('estimate');
    let settled = false;
    const estimate = web.call('estimate', { position: crowded }).finally(() => (settled = true));
    let answeredMeanwhile = 0;
    let worstMs = 0;
    while (!settled) {
      const t0 = performance.now();
      const info = await web.call('info', {});
      worstMs = Math.max(worstMs, performance.now() - t0);
      expect(info.ok).toBe(true);
      if (!settled) answeredMeanwhile++;
      await new Promise((r) => setTimeout(r, 20));
    }
    const reply = await estimate;
    expect(reply.ok).toBe(false);
    expect(reply.error!.message).toMatch(/^the estimate took longer than its \d+ ms limit/);
    expect(answeredMeanwhile).toBeGreaterThan(5);
    console.log(
      `info answered ${answeredMeanwhile} times while the estimate ran; worst ${worstMs.toFixed(1)} ms`,
    );
    // The server still solves after the stopped estimate (its worker was replaced).
    const solved = await web.call('solve', {
      position: {
        rules: { width: 5, height: 5, fleet: [3], touch: 'allowed' },
        board: Array(5).fill('.....'),
        sunk: [],
      },
      solver: 'dp',
    });
    expect(solved.ok).toBe(true);
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops on ${signal} while the estimate runs`, async () => {
      const web = await startWeb(`signal-${signal}`);
      let settled = false;
      void web
        .call('estimate', { position: crowded })
        .catch(() => undefined)
        .finally(() => (settled = true));
      // The estimate is under way once info has been answered after it was sent.
      expect((await web.call('info', {})).ok).toBe(true);
      web.child.kill(signal);
      expect(await web.exited).toBe(0);
      expect(settled).toBe(true); // its request was answered or closed, not left hanging
    });
  }
});
