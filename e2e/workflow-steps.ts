// Steps on the workflow canvas shared by the workflow specs: a node by type, a drag between two
// handles, and waiting until the canvas holds still.
import type { Locator, Page } from '@playwright/test';
import { expect } from './support';

export const node = (page: Page, type: string) => page.locator(`[data-testid="wf-node"][data-node-type="${type}"]`);

export async function connect(page: Page, from: Locator, fromSide: string, to: Locator, toSide: string) {
  const source = await from.getByTestId(`handle-${fromSide}`).boundingBox();
  const target = await to.getByTestId(`handle-${toSide}`).boundingBox();
  if (!source || !target) throw new Error('handle not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Waits until the canvas stops moving (a layout's fitView, a new node): its viewport transform holds still. */
export async function settled(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      const now = (await page.locator('.react-flow__viewport').getAttribute('style')) + JSON.stringify(await page.locator('[data-testid="wf-node"]').first().boundingBox());
      const same = now === last;
      last = now;
      return same;
    }, { intervals: [250] })
    .toBe(true);
}

