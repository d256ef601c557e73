// A signed-in person who can open nothing (spec section 4, docs/iam.md "Who is calling"): a new account with no
// project, and a member invited with no role, open the console and are sent to /?force=true, which explains the
// server's reason (the claims' NoAccess) and signs out. Screenshots at 1280 and 390 px.
import type { Page } from '@playwright/test';
import { atBothWidths, expect, signInAsAdmin, test } from './support';

const PASSWORD = 'no-access password 1';

/** Opens the console and waits for the explanation of `reason`. */
async function openConsole(page: Page, reason: string) {
  await page.goto('/admin/dashboard');
  const message = page.getByTestId('no-project-message');
  await expect(message).toHaveAttribute('data-reason', reason);
  await expect(page).toHaveURL(/\/\?force=true$/);
  return message;
}

test('no project, then no role: each reason explained, and sign-out', async ({ page }) => {
  const stamp = Date.now();
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { name: 'Nobody Yet', email: `no-project-${stamp}@luma.test`, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const alone = await openConsole(page, 'noProject');
  await expect(alone.getByRole('heading', { name: "You're not in a project yet" })).toBeVisible();
  await atBothWidths(page, 'no-access-no-project', () => expect(alone).toBeVisible(), false);
  await alone.getByRole('button', { name: 'Sign out and use another account' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The admin invites a member with no role; the invitee creates the account by accepting.
  await signInAsAdmin(page);
  const invite = await page.request.post('/api/v1/iam/invites', { data: { email: `no-role-${stamp}@luma.test`, role_uuids: [] } });
  expect(invite.status()).toBe(200);
  const token = String((await invite.json()).link).split('/project/invite/')[1];
  await page.context().clearCookies();
  const accepted = await page.request.post(`/api/v1/auth/invite/${token}/accept`, { data: { name: 'No Role', password: PASSWORD, password_confirmation: PASSWORD } });
  expect(accepted.status()).toBe(200);
  const member = await openConsole(page, 'noRoles');
  await expect(member.getByRole('heading', { name: 'You have no role in this project yet' })).toBeVisible();
  await expect(member).toContainText('Ask a project administrator for a role');
  await atBothWidths(page, 'no-access-no-roles', () => expect(member).toBeVisible(), false);
});
