// The event bus in the browser against the real server: after sign-in the header's indicator says
// Live (token call, WebSocket, subscribe), with its screen-reader text; screenshots at 1280 and 390 px.
// Not here yet: the two-context banner test (it needs a second user: the banner leaves the user's own
// changes out), see docs/STATUS.md "Event bus: client (issue 17)".
import { expect, shot, signInAsAdmin, test } from './support';

test('the header shows the live connection after sign-in, on a wide and a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = page.waitForResponse((r) => r.url().endsWith('/api/v1/system/eventbus/auth') && r.request().method() === 'POST');
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/bus/'));
  await signInAsAdmin(page);
  expect((await token).status()).toBe(200);
  await socket;
  const indicator = page.locator('.bus-indicator');
  await expect(indicator).toHaveAttribute('data-status', 'connected');
  await expect(indicator.getByRole('status')).toContainText('Live updates: Live.');
  await shot(page, 'bus-indicator-1280');
  await page.setViewportSize({ width: 390, height: 800 });
  // A fresh page at 390 px: no drawer mid-transition in the shot, and a new token and socket.
  await page.reload();
  await expect(indicator).toHaveAttribute('data-status', 'connected');
  await expect(indicator).toBeInViewport();
  await expect(indicator.getByRole('status')).toContainText('Live updates: Live.');
  await shot(page, 'bus-indicator-390');
});
