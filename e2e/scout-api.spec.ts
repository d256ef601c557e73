import { expect, shot, signInAsAdmin, test } from './support';

// /admin/scout/api (issue 17 section 6): an admin keeps bodies, makes a call with a password in its
// body, finds it in the log by its path, and inspects it: every field, the password redacted, the
// request id the same as the answer's x-request-uuid. Screens at 1280 and 390 px.

test('the API call log shows a call and its inspect view, with the password redacted', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const saved = await page.request.put('/api/v1/system/api-log/settings', { data: { enabled: true, bodies: true, retention_days: 7 } });
  expect(saved.status(), await saved.text()).toBe(200);
  // A refused settings change carrying secrets: logged with its body, the secrets redacted.
  const refused = await page.request.put('/api/v1/system/api-log/settings', { data: { retention_days: 7, password: 'e2e-hunter2', nested: [{ token: 'e2e-tok' }] } });
  expect(refused.status()).toBe(400);
  const requestUuid = refused.headers()['x-request-uuid']!;

  await page.goto('/admin/scout/api?method=PUT&status=4xx');
  await expect(page.getByTestId('scout-api-page')).toBeVisible();
  // The log is written off the request path within a moment: refresh until the call is there.
  await expect(async () => {
    await page.getByTestId('scout-api-refresh').click();
    await expect(page.getByTestId('scout-api-row').first()).toContainText('/api/v1/system/api-log/settings', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const row = page.getByTestId('scout-api-row').first();
  await expect(row).toContainText('PUT');
  await expect(row.getByTestId('api-call-status')).toHaveText('400');
  await shot(page, 'scout-api-list-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await shot(page, 'scout-api-list-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByTestId('scout-api-inspect').click();
  await expect(page.getByTestId('scout-api-inspect-page')).toBeVisible();
  await expect(page.getByTestId('scout-api-request-uuid')).toHaveText(requestUuid);
  const body = page.getByTestId('scout-api-request-body');
  await expect(body).toContainText('"password": "[redacted]"');
  await expect(body).toContainText('"token": "[redacted]"');
  await expect(body).not.toContainText('e2e-hunter2');
  await expect(page.getByTestId('scout-api-response-body')).toContainText('"status": 400');
  await shot(page, 'scout-api-inspect-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await shot(page, 'scout-api-inspect-390');
  await page.request.put('/api/v1/system/api-log/settings', { data: { bodies: false } });
});
