// After a sinking in the recorder: while the next proposal is on its way the target still sits on
// the cell just fired, and the answer panel says it is logged (not that it "has already been
// shot", as if the user had picked it); then the proposal arrives and takes the target. The
// relearn the sinking asks for waits until play pauses (test/integration/relearn-queue.test.ts).

import { expect, test, type Route } from '@playwright/test';
import { cell, startRecording } from './support/app';

const run = Date.now().toString(36);

test('after a sinking, the cell just fired is not called a mistake while the proposal comes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startRecording(page, `Sink ${run}`, [3, 2]);
  await cell(page, 'B2', 5, 'rec').click();
  await page.getByTestId('answer-mine-hit').click();
  await expect(page.getByTestId('game-saved')).toHaveText('1 shot saved');
  await cell(page, 'C2', 5, 'rec').click();
  await expect(page.getByTestId('target-mine')).toHaveText('C2');

  // Hold the next heatmap solve (the proposal) at the network, to look at the panel meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/solve', async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('answer-mine-sunk').click();
  await page.getByTestId('sunk-mine-1').click();
  await expect(page.getByTestId('game-saved')).toHaveText('2 shots saved');

  const panel = page.getByTestId('shot-panel-mine');
  await expect(page.getByTestId('target-mine')).toHaveText('C2');
  await expect(page.getByTestId('answer-blocked-mine')).toHaveText(
    'C2 is logged: the next target follows with the proposal, or click a cell.',
  );
  await expect(panel).not.toContainText('already been shot');

  release();
  await expect(page.getByTestId('proposal')).toContainText(/Proposed shot: [A-E][1-5]/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('target-mine')).not.toHaveText('C2');
  await expect(page.getByTestId('answer-blocked-mine')).toHaveCount(0);
  await expect(panel).not.toContainText('already been shot');
});
