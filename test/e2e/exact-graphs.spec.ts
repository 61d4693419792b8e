// Where the exact answer comes at once, no estimate stands in for it. On a server that keeps
// state graphs, once the graph of the rules is ready, Analyse never shows an estimate and the
// recorder proposes only from the exact heatmap: while a solve is out it says "Solving…", with no
// provisional proposal and no Aim button. On the shared test server (no graphs) the same clicks
// still show the estimate first. To look at the moment in between whatever the machine's speed,
// one solve's answer is held at the network (the server has answered it) until the renderer has
// heard back about its estimate; every other answer flows freely, and the page records anything
// estimate-like it ever showed. Once a solve's reply has said the exact answer follows at once,
// the next click says so too without asking for an estimate (estimate requests held unanswered).

import { expect, test, type Page, type Route } from '@playwright/test';
import {
  apiCall,
  appUrl,
  cell,
  cellIndex,
  heatmapReady,
  screenshot,
  setRules,
} from './support/app';
import { startGraphServer, type GraphServer } from './support/graph-server';

const run = Date.now().toString(36);

/** Small enough for its graph to build in about a second; its solves still take a moment. */
const RULES = { width: 9, height: 9, fleet: [4, 3, 3, 2, 2, 2, 1, 1], touch: 'no-touch' } as const;
const W = RULES.width;

/** What the estimate method answered (the renderer asks while an exact solve is out). */
type EstimateReplyKind = 'exactSoon' | 'estimate';

/** The estimate replies the page receives, in order. */
function recordEstimates(page: Page): EstimateReplyKind[] {
  const replies: EstimateReplyKind[] = [];
  page.on('response', (r) => {
    if (!r.url().includes('/api/estimate')) return;
    void r
      .json()
      .then((body: { ok: boolean; value?: { exactSoon?: boolean } }) => {
        if (body.ok) replies.push(body.value?.exactSoon ? 'exactSoon' : 'estimate');
      })
      .catch(() => undefined);
  });
  return replies;
}

/** The marks of an estimate on screen: Analyse's label, the recorder's proposal and Aim button. */
const ESTIMATE_MARKS = ['solve-provisional', 'proposal-provisional', 'aim-estimate'];

/** Records, in the page, every estimate mark that ever appears from now on. */
async function watchForEstimates(page: Page): Promise<void> {
  await page.evaluate((marks) => {
    type Node = { querySelector(s: string): unknown };
    const g = globalThis as unknown as {
      document: Node & { body: unknown };
      MutationObserver: new (cb: () => void) => { observe(n: unknown, o: object): void };
      estimateMarksSeen: string[];
    };
    g.estimateMarksSeen = [];
    const look = (): void => {
      for (const m of marks) {
        if (g.document.querySelector(`[data-testid="${m}"]`) && !g.estimateMarksSeen.includes(m))
          g.estimateMarksSeen.push(m);
      }
    };
    new g.MutationObserver(look).observe(g.document.body, { childList: true, subtree: true });
    look();
  }, ESTIMATE_MARKS);
}

async function estimateMarksSeen(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (globalThis as unknown as { estimateMarksSeen: string[] }).estimateMarksSeen,
  );
}

/**
 * Holds the answer of the next solve at the network (the server has computed it) until
 * `release`; `estimated` resolves with the page's estimate reply that came meanwhile.
 */
async function holdNextSolve(
  page: Page,
): Promise<{ estimated: Promise<EstimateReplyKind>; release: () => Promise<void> }> {
  let open: () => void = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  let delivered: () => void = () => {};
  const fulfilled = new Promise<void>((resolve) => (delivered = resolve));
  let first = true;
  const handler = async (route: Route): Promise<void> => {
    if (!first) return route.continue();
    first = false;
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
    delivered();
  };
  await page.route('**/api/solve', handler);
  const estimated = page
    .waitForResponse((r) => r.url().includes('/api/estimate'), { timeout: 60_000 })
    .then(async (r) => {
      const body = (await r.json()) as { value?: { exactSoon?: boolean } };
      return body.value?.exactSoon ? ('exactSoon' as const) : ('estimate' as const);
    });
  // A page that asks for no estimate leaves it waiting: not a failure of its own.
  estimated.catch(() => undefined);
  return {
    estimated,
    release: async () => {
      open();
      await fulfilled;
      await page.unroute('**/api/solve', handler);
    },
  };
}

/**
 * Holds every estimate request at the network, unanswered, until `release`: whatever the page
 * shows meanwhile, it did not learn from an estimate reply.
 */
async function holdEstimates(page: Page): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  const handler = async (route: Route): Promise<void> => {
    await held;
    await route.continue();
  };
  await page.route('**/api/estimate', handler);
  return {
    release: async () => {
      open();
      await page.unroute('**/api/estimate', handler);
    },
  };
}

/** Screenshots at 1400x900 and 1024x700, back to 1400x900 after. */
async function bothSizes(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1400`);
  await page.setViewportSize({ width: 1024, height: 700 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** The rules' position with `shots` marked, in the API's JSON form. */
function positionOf(shots: Map<number, 'miss' | 'hit'>) {
  const board: string[] = [];
  for (let r = 0; r < RULES.height; r++) {
    let row = '';
    for (let c = 0; c < W; c++) {
      const shot = shots.get(r * W + c);
      row += shot === 'miss' ? 'o' : shot === 'hit' ? 'x' : '.';
    }
    board.push(row);
  }
  return { rules: { ...RULES, fleet: [...RULES.fleet] }, board, sunk: [] };
}

/** The cell's name ("C4") from its index. */
function nameOf(index: number): string {
  return `${String.fromCharCode(65 + (index % W))}${Math.floor(index / W) + 1}`;
}

/** Waits until the server's `auto` solves these rules through their state graph. */
async function graphReady(page: Page): Promise<void> {
  let probe = 0;
  await expect(async () => {
    // A miss at a new cell each time: an answer kept from an earlier probe would not tell.
    const shots = new Map([[probe++ % (W * RULES.height), 'miss' as const]]);
    const wire = await apiCall<{ solver: string }>(page, 'solve', {
      position: positionOf(shots),
      solver: 'auto',
    });
    expect(wire.solver).toBe('graph');
  }).toPass({ timeout: 240_000, intervals: [1000] });
}

/** The recorder's heatmap is the exact one for the board shown. */
async function recorderExact(page: Page): Promise<void> {
  await expect(page.getByTestId('my-side')).toHaveAttribute('data-heat', 'exact', {
    timeout: 60_000,
  });
}

/** The recorder's proposed cell, once it proposes one. */
async function proposedCell(page: Page): Promise<number> {
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toContainText(/Proposed shot: [A-I]\d/);
  const text = (await proposal.locator('strong').first().textContent())!;
  return cellIndex(text, W);
}

/** Starts recording a game on the editor's rules against a new opponent. */
async function startGame(page: Page, opponent: string): Promise<void> {
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-opponent').fill(opponent);
  await page.getByTestId('game-rules').selectOption('editor');
  await page.getByTestId('game-start').click();
  await expect(page.getByTestId('game-saved')).toBeVisible();
}

test.describe('with the state graph of the rules ready', () => {
  let server: GraphServer;
  test.beforeAll(async () => {
    server = await startGraphServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('Analyse and the recorder show no estimate, and the proposal is the exact one', async ({
    page,
  }) => {
    // The server builds the presets' graphs at start, one after another: these rules wait their
    // turn on the building thread.
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(server.url);
    await expect(page.getByTestId('board-grid')).toBeVisible({ timeout: 45_000 });
    await setRules(page, { ...RULES, fleet: [...RULES.fleet] });
    await heatmapReady(page, 60_000);
    await graphReady(page);
    const replies = recordEstimates(page);
    await watchForEstimates(page);

    // Analyse: a click whose answer is held shows the last heatmap, marked as being solved.
    await page.getByRole('radio', { name: /Miss/ }).check();
    const hold = await holdNextSolve(page);
    await cell(page, 'I9', W).click();
    expect(await hold.estimated).toBe('exactSoon');
    await expect(page.getByTestId('solve-status')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('solve-status')).toContainText('solving…');
    await expect(page.getByTestId('solve-provisional')).toHaveCount(0);
    await bothSizes(page, 'graphs-analyse-solving');
    await hold.release();
    const status = await heatmapReady(page);
    expect(status).toMatch(/Solver graph\s\(chosen by auto\).*exact/s);
    // More clicks, answered as fast as they come.
    for (const name of ['A1', 'E5', 'B8']) {
      await cell(page, name, W).click();
      expect(await heatmapReady(page)).toMatch(/exact/);
    }
    await expect(page.getByTestId('solve-exactness')).toHaveText('exact');
    await bothSizes(page, 'graphs-analyse-exact');

    // The recorder: every proposal is the exact heatmap's likeliest cell.
    await startGame(page, `Graphs ${run}`);
    await recorderExact(page);
    const shots = new Map<number, 'miss' | 'hit'>();
    for (const [i, answer] of (['miss', 'miss', 'hit', 'miss'] as const).entries()) {
      const target = await proposedCell(page);
      await expect(page.getByTestId('target-mine')).toHaveText(nameOf(target));
      const held = i === 0 ? await holdNextSolve(page) : undefined;
      // The last reply said the exact answer follows in a moment: the page says so at once, from
      // that reply alone (estimate requests are held unanswered meanwhile).
      const estimates = i === 0 ? await holdEstimates(page) : undefined;
      await page.getByTestId(`answer-mine-${answer}`).click();
      shots.set(target, answer);
      await expect(page.getByTestId('game-saved')).toHaveText(
        `${shots.size} shot${shots.size === 1 ? '' : 's'} saved`,
      );
      if (held) {
        await expect(page.getByTestId('proposal-solving')).toHaveText(
          'Solving… the proposal comes with the exact heatmap, in a moment.',
        );
        await estimates!.release();
        await expect(page.getByTestId('aim-estimate')).toHaveCount(0);
        await expect(page.getByTestId('my-side')).toHaveAttribute('data-heat', 'stale');
        // The target stays on the cell just answered until the exact proposal comes.
        await expect(page.getByTestId('target-mine')).toHaveText(nameOf(target));
        await bothSizes(page, 'graphs-recorder-solving');
        await held.release();
      }
      await recorderExact(page);
      // The proposal is a likeliest cell of the exact solution of the logged position.
      const proposed = await proposedCell(page);
      const exact = await apiCall<{ exact: boolean; probabilities: number[][] }>(page, 'solve', {
        position: positionOf(shots),
        solver: 'dp',
      });
      expect(exact.exact).toBe(true);
      const p = exact.probabilities.flat();
      const best = Math.max(...p.filter((_, c) => !shots.has(c)));
      expect(shots.has(proposed)).toBe(false);
      expect(p[proposed]).toBeCloseTo(best, 12);
      await expect(page.getByTestId('proposal-changed')).toHaveCount(0);
      // The exact proposal takes the target (the user has not aimed).
      await expect(page.getByTestId('target-mine')).toHaveText(nameOf(proposed));
    }
    await bothSizes(page, 'graphs-recorder-exact');

    expect(await estimateMarksSeen(page)).toEqual([]);
    // The first held solve (Analyse's, before any reply said 'exact') asked for an estimate for
    // certain; every answer said none was needed.
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((r) => r === 'exactSoon')).toBe(true);
  });
});

test('without state graphs the estimate still stands in first, in Analyse and the recorder', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(appUrl());
  await expect(page.getByTestId('board-grid')).toBeVisible({ timeout: 45_000 });
  await setRules(page, { ...RULES, fleet: [...RULES.fleet] });
  await heatmapReady(page, 60_000);

  await page.getByRole('radio', { name: /Miss/ }).check();
  const hold = await holdNextSolve(page);
  await cell(page, 'I9', W).click();
  expect(await hold.estimated).toBe('estimate');
  await expect(page.getByTestId('solve-provisional')).toHaveText('Estimate');
  await bothSizes(page, 'no-graphs-analyse-estimate');
  await hold.release();
  expect(await heatmapReady(page)).toMatch(/Solver dp\s\(chosen by auto\).*exact/s);

  await startGame(page, `No graphs ${run}`);
  await recorderExact(page);
  const target = await proposedCell(page);
  const held = await holdNextSolve(page);
  await page.getByTestId('answer-mine-miss').click();
  expect(await held.estimated).toBe('estimate');
  await expect(page.getByTestId('proposal-provisional')).toContainText('Estimate, provisional:');
  await expect(page.getByTestId('aim-estimate')).toBeVisible();
  await expect(page.getByTestId('target-mine')).toHaveText(nameOf(target));
  await bothSizes(page, 'no-graphs-recorder-estimate');
  await held.release();
  await recorderExact(page);
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot: [A-I]\d/);
});
