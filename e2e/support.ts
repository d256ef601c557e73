// What every spec shares: signing in through the real form, and screenshots to look at.
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

/** Fills and submits /login; does not wait for where it lands (two-factor, or a wrong password). */
export async function submitLogin(page: Page, email: string = E2E_ADMIN.email, password: string = E2E_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs the seeded admin in and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await submitLogin(page);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
}

/** A full-page screenshot in test-results/screens/{name}.png. */
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
