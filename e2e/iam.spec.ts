import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { SMTPServer } from 'smtp-server';
import { E2E_ADMIN, E2E_SMTP_PORT } from '../playwright.config';
import { expect, test, shot, submitLogin } from './support';

// A real SMTP server receives what Luma sends (LUMA_SMTP_URL of the e2e server points here); the test
// follows the links in the mail, as a user would.
const inbox: { to: string; text: string }[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Quoted-printable soft breaks and escapes undone, so links read whole.
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function mailLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+/${path}/[0-9a-f-]{36}`);
  await expect.poll(() => inbox.filter((mail) => mail.to === to && pattern.test(mail.text)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const mails = inbox.filter((mail) => mail.to === to && pattern.test(mail.text));
  return pattern.exec(mails[mails.length - 1]!.text)![0];
}

const signIn = submitLogin;

/** A live component with a field only the admin role may see, and one record. */
async function createComponent(request: APIRequestContext, name: string, adminRole: string): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: name }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const fields = [
    { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0, constraints: { length: { min: 0, max: 200 } } },
    { name: 'Margin', key: 'margin', label: { en_US: 'Margin' }, module: 'input', type: 'number', sortOrder: 1, constraints: {}, roles: { see: [adminRole], edit: [adminRole] } },
  ];
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings: { ...model.settings, fields } } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  const record = await request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: `${name} one`, margin: 42 } } });
  expect(record.status(), await record.text()).toBe(200);
  return uuid;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an owner invites a clerk, who signs in with two-factor, sees only what the role allows, and resets a password by e-mail', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();

  const roles = (await (await page.request.get('/api/v1/iam/roles')).json()) as { uuid: string; is_admin: boolean }[];
  const adminRole = roles.find((role) => role.is_admin)!.uuid;
  // Names of their own: the e2e server is shared with the other specs.
  const orders = await createComponent(page.request, 'iam_orders', adminRole);
  const payroll = await createComponent(page.request, 'iam_payroll', adminRole);

  // A role that may see and read orders, made on the roles screen.
  await page.goto('/admin/iam/roles');
  await expect(page.getByTestId('roles-list')).toBeVisible();
  await page.getByTestId('roles-create').click();
  await page.getByTestId('role-name').fill('Clerk');
  await page.locator(`[data-testid="role-permission"][value="see ${orders}"]`).check();
  await page.locator(`[data-testid="role-permission"][value="read ${orders}"]`).check();
  await shot(page, 'iam-role-form');
  await page.getByTestId('role-save').click();
  await page.goto('/admin/iam/roles');
  await expect(page.getByTestId('role-row').filter({ hasText: 'Clerk' })).toBeVisible();

  // The invite, sent by e-mail.
  await page.goto('/admin/iam/invite');
  await page.getByTestId('invite-email').fill('clerk@luma.test');
  await page.getByTestId('invite-roles').getByLabel('Clerk', { exact: true }).check();
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId('invite-link')).toBeVisible();
  await shot(page, 'iam-invite-sent');
  const inviteLink = await mailLink('clerk@luma.test', 'project/invite');

  // The clerk accepts in another browser, creating the account.
  const clerk = await freshPage(browser);
  await clerk.goto(inviteLink);
  await expect(clerk.getByTestId('invite-project')).toContainText('clerk@luma.test');
  await clerk.getByTestId('invite-name').fill('Clara Clerk');
  await clerk.getByTestId('invite-password').fill('clerk password 1');
  await clerk.getByTestId('invite-password-confirmation').fill('clerk password 1');
  await shot(clerk, 'invite-accept');
  await clerk.getByTestId('invite-accept').click();
  await expect(clerk).toHaveURL(/\/admin\/dashboard|\/home/);

  // The members list shows the clerk as active.
  await page.goto('/admin/iam');
  const row = page.getByTestId('iam-user-row').filter({ hasText: 'clerk@luma.test' });
  await expect(row.getByTestId('iam-status-badge')).toHaveAttribute('data-status', 'active');
  await shot(page, 'iam-members');

  // Two-factor enrolment on the profile page.
  await clerk.goto('/home/users/profile');
  await clerk.getByTestId('twofactor-enable').click();
  await expect(clerk.getByTestId('twofactor-qr')).toBeVisible();
  const secret = (await clerk.getByTestId('twofactor-secret').innerText()).replace(/\s+/g, '');
  await clerk.getByTestId('twofactor-code').fill(authenticator.generate(secret));
  await shot(clerk, 'profile-two-factor');
  await clerk.getByTestId('twofactor-confirm').click();
  await expect(clerk.getByTestId('twofactor-status')).toHaveAttribute('data-enabled', 'true');

  // Signing in again asks for a code; the one used for enrolment is spent, so the next step's code is typed.
  await clerk.context().clearCookies();
  await signIn(clerk, 'clerk@luma.test', 'clerk password 1');
  await expect(clerk).toHaveURL(/\/two-factor-auth/);
  const next = authenticator.clone({ epoch: Date.now() + 30_000 });
  await clerk.getByTestId('two-factor-code').fill(next.generate(secret));
  await clerk.getByTestId('two-factor-remember').check();
  await shot(clerk, 'two-factor-auth');
  await clerk.getByTestId('two-factor-submit').click();
  await expect(clerk).not.toHaveURL(/\/two-factor-auth|\/login/);

  // Only what the role allows: orders without its margin column; payroll neither listed nor readable.
  const menu = (await (await clerk.request.get('/api/v3/system/component/menu')).json()) as { name: string }[];
  expect(menu.map((item) => item.name)).toEqual(['iam_orders']);
  await clerk.goto(`/admin/component/${orders}`);
  await expect(clerk.getByText('iam_orders one')).toBeVisible();
  await expect(clerk.getByRole('columnheader', { name: 'Title' })).toBeVisible();
  await expect(clerk.getByRole('columnheader', { name: 'Margin' })).toHaveCount(0);
  // Nothing offered that the role cannot do: no IAM in the sidebar, no preset saving.
  await expect(clerk.locator('a[href="/admin/iam"]')).toHaveCount(0);
  await expect(clerk.getByTestId('preset-save-as')).toHaveCount(0);
  await shot(clerk, 'clerk-orders');
  const listed = (await (await clerk.request.get(`/api/v3/system/component/${orders}/models`)).json()) as { items: Record<string, unknown>[] };
  expect(listed.items[0]).not.toHaveProperty('margin');
  expect((await clerk.request.get(`/api/v3/system/component/${payroll}/models`)).status()).toBe(403);

  // Password reset through the e-mailed link, signed out.
  const stranger = await freshPage(browser);
  await stranger.goto('/login');
  await stranger.getByTestId('login-forgot').click();
  await stranger.getByTestId('forgot-email').fill('clerk@luma.test');
  await stranger.getByTestId('forgot-submit').click();
  await expect(stranger.getByTestId('forgot-sent')).toBeVisible();
  const resetLink = await mailLink('clerk@luma.test', 'user/resetpassword');
  await stranger.goto(resetLink);
  await stranger.getByTestId('reset-password').fill('clerk password 2');
  await stranger.getByTestId('reset-password-confirmation').fill('clerk password 2');
  await shot(stranger, 'reset-password');
  await stranger.getByTestId('reset-submit').click();
  await expect(stranger.getByTestId('reset-done')).toBeVisible();

  // The reset ended the clerk's sessions; the remembered device skips the code with the new password.
  expect((await clerk.request.get('/api/v1/user/claims')).status()).toBe(401);
  await signIn(clerk, 'clerk@luma.test', 'clerk password 2');
  await expect(clerk).not.toHaveURL(/\/two-factor-auth|\/login/);
  // The link is single-use.
  await stranger.goto(resetLink);
  await stranger.getByTestId('reset-password').fill('clerk password 3');
  await stranger.getByTestId('reset-password-confirmation').fill('clerk password 3');
  await stranger.getByTestId('reset-submit').click();
  await expect(stranger.getByTestId('reset-invalid')).toBeVisible();
});
