import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { expect, failProjectInfo, test, submitLogin } from './support';

const signIn = (page: Page, password = E2E_ADMIN.password) => submitLogin(page, E2E_ADMIN.email, password);

test('the seeded admin signs in and lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/login.png', fullPage: true });

  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
  // The dashboard says who is signed in (the header shows only the avatar below 1440 px).
  await expect(page.getByTestId('dashboard-user-email')).toHaveText(E2E_ADMIN.email);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dashboard.png', fullPage: true });
});

test('a wrong password says only "Login failed" and stays on the sign-in page', async ({ page }) => {
  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(/Login failed/);
  await expect(page).toHaveURL(/\/login/);
});

test('a protected route without a session goes to /login', async ({ page }) => {
  await page.goto('/admin/components');
  await expect(page).toHaveURL(/\/login/);
});

test('/admin redirects to /admin/dashboard', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('Serbian and the dark theme survive a reload, and sign-out ends the session', async ({ page }) => {
  await signIn(page);
  const heading = page.getByTestId('dashboard-heading');
  await expect(heading).toBeVisible();
  const englishHeading = (await heading.textContent())?.trim();

  await page.getByTestId('language-select').selectOption('sr');
  await expect(heading).not.toHaveText(englishHeading ?? '');
  const serbianHeading = (await heading.textContent())?.trim();
  const themeBefore = await page.locator('html').getAttribute('data-theme');
  expect(themeBefore).not.toBe('dark');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/screens/dashboard-sr-dark.png', fullPage: true });

  await page.reload();
  await expect(heading).toHaveText(serbianHeading ?? '');
  await expect(page.getByTestId('language-select')).toHaveValue('sr');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login/);
  // The session ended on the server, not just in the browser.
  const claims = await page.request.get('/api/v1/user/claims');
  expect(claims.status()).toBe(401);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('?lang= sets and stores the locale', async ({ page }) => {
  await page.goto('/login?lang=sr');
  const label = await page.getByTestId('login-submit').textContent();
  await page.goto('/login?lang=en_US');
  const english = await page.getByTestId('login-submit').textContent();
  expect(label).not.toBe(english);
  await page.goto('/login?lang=sr');
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toHaveText(label ?? '');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/path/does-not-exist');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/not-found.png', fullPage: true });
});

test('/mobile is the public mobile page, signed in or not', async ({ page }) => {
  await page.goto('/mobile');
  await expect(page.getByTestId('mobile-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Use Luma on your phone');
});

test('a server error opens the report-error modal with the request id', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
  const requestUuid = '6f1c2e0a-0000-4000-8000-00000000e2e5';
  await failProjectInfo(page, requestUuid);
  await page.reload();
  const modal = page.getByTestId('report-error-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(requestUuid);
  await page.screenshot({ path: 'test-results/screens/report-error.png', fullPage: true });
});
