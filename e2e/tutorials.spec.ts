// Tutorials in both languages (issue 33 item 5, docs/tutorials.md): the introduction starts for an
// admin with no tutorial done, moves with the arrows and the buttons, lists the tutorials with done
// ticks, closes on the last slide; the templates screen starts its own, skip saves it; in Serbian the
// welcome slide's language choice switches the slides, and 'don't show tutorials' keeps them away
// after a reload and in the dev environment, until the profile shows them again. Screenshots at 1280 and 390 px.
import type { Page } from '@playwright/test';
import { atBothWidths, expect as baseExpect, shot, signInAsAdmin, test } from './support';

// The modal is a lazy chunk read after the shell: on a busy machine its first draw can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ tutorials: true });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Writes the signed-in user's tutorial config through the API, as the modal does. */
async function setTutorials(page: Page, data: unknown) {
  const claims = await (await page.request.get('/api/v1/user/claims')).json();
  const saved = await page.request.put('/api/v1/config/user', { data: { path: 'tutorials', data, project_uuid: claims.ProjectUUID } });
  expect(saved.status()).toBe(200);
}

const savedTutorials = async (page: Page) => (await (await page.request.get('/api/v1/config/user?path=tutorials')).json()).data;

/** Loads `path` and waits until the shell has read the tutorial config. */
async function visit(page: Page, path: string) {
  const read = page.waitForResponse((response) => response.url().endsWith('/api/v1/config/user?path=tutorials'));
  await page.goto(path);
  await read;
}

test('English: the introduction, keys and buttons, see more with ticks, close; templates starts its own and skip saves it', async ({ page }) => {
  await signInAsAdmin(page);
  await setTutorials(page, { done: {}, dontShow: false });
  await visit(page, '/admin/dashboard');
  const modal = page.getByTestId('tutorial-modal');
  const progress = page.getByTestId('tutorial-progress');
  await expect(modal.getByRole('heading', { name: 'Welcome to Luma' })).toBeVisible();
  await expect(progress).toHaveText('1 / 4');
  await expect(page.getByTestId('tutorial-next')).toBeFocused();
  await atBothWidths(page, 'tutorial-introduction-en', () => expect(progress).toHaveText('1 / 4'));

  await page.keyboard.press('ArrowRight');
  await expect(progress).toHaveText('2 / 4');
  await expect(modal.getByRole('heading', { name: 'Components hold your data' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(progress).toHaveText('1 / 4');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(progress).toHaveText('4 / 4');
  await expect(page.getByTestId('tutorial-skip')).toHaveCount(0);
  await expect(page.getByTestId('tutorial-close')).toBeFocused();

  await page.getByTestId('tutorial-see-more').click();
  const list = page.getByTestId('tutorial-list');
  await expect(list.getByTestId('tutorial-pick-introduction')).toHaveAttribute('data-done', 'false');
  await page.getByTestId('tutorial-back').click();
  await expect(progress).toHaveText('4 / 4');
  await page.getByTestId('tutorial-close').click();
  await expect(modal).toHaveCount(0);
  await expect.poll(() => savedTutorials(page)).toEqual({ done: { introduction: true }, dontShow: false });

  // The templates screen starts its tutorial; see more ticks the introduction; skip saves.
  await visit(page, '/admin/templates');
  await expect(page.getByTestId('tutorial')).toHaveAttribute('data-tutorial', 'templates');
  await expect(progress).toHaveText('1 / 3');
  await page.getByTestId('tutorial-see-more').click();
  await expect(list.getByTestId('tutorial-pick-introduction')).toHaveAttribute('data-done', 'true');
  await expect(list.getByRole('img', { name: 'Done' })).toHaveCount(1);
  await atBothWidths(page, 'tutorial-list-en', () => expect(list).toBeVisible(), false);
  await page.getByTestId('tutorial-back').click();
  await page.getByTestId('tutorial-skip').click();
  await expect(modal).toHaveCount(0);
  await expect.poll(() => savedTutorials(page)).toEqual({ done: { introduction: true, templates: true }, dontShow: false });
  await visit(page, '/admin/templates');
  await expect(page.getByTestId('templates-page')).toBeVisible();
  await expect(modal).toHaveCount(0);
});

test("Serbian: the welcome slide's language choice, the slides in Serbian, and 'don't show tutorials'", async ({ page }) => {
  await signInAsAdmin(page);
  await setTutorials(page, { done: {}, dontShow: false });
  await visit(page, '/admin/dashboard');
  const modal = page.getByTestId('tutorial-modal');
  await page.getByTestId('tutorial-language-sr').click();
  await expect(modal.getByRole('heading', { name: 'Dobro došli u Lumu' })).toBeVisible();
  await expect(page.getByTestId('tutorial-language-sr')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('tutorial-next')).toHaveText('Sledeći');
  await atBothWidths(page, 'tutorial-introduction-sr', () => expect(modal.getByRole('heading', { name: 'Dobro došli u Lumu' })).toBeVisible());
  await page.getByTestId('tutorial-next').click();
  await expect(modal.getByRole('heading', { name: 'Komponente čuvaju vaše podatke' })).toBeVisible();
  await expect(page.getByTestId('tutorial-progress')).toHaveText('2 / 4');

  await page.getByTestId('tutorial-see-more').click();
  await page.getByTestId('tutorial-pick-dev').click();
  await expect(modal.getByRole('heading', { name: 'Dev i live' })).toBeVisible();
  await page.getByTestId('tutorial-next').click();
  await page.getByTestId('tutorial-next').click();
  await page.getByTestId('tutorial-next').click();
  await expect(modal.getByRole('heading', { name: 'Alati za programere' })).toBeVisible();
  await shot(page, 'tutorial-dev-last-sr-1280');

  await page.getByTestId('tutorial-dont-show').click();
  await expect(modal).toHaveCount(0);
  await expect.poll(() => savedTutorials(page)).toEqual({ done: {}, dontShow: true });
  await visit(page, '/admin/dashboard');
  await page.getByTestId('header-env-select').selectOption('dev');
  await expect(page.getByTestId('header-env')).toHaveAttribute('data-env', 'dev');
  await visit(page, '/admin/templates');
  await expect(page.getByTestId('templates-page')).toBeVisible();
  await expect(modal).toHaveCount(0);

  // The profile brings them back: the flag cleared, and the next admin screen starts the introduction.
  await visit(page, '/home/users/profile');
  const section = page.getByTestId('tutorials-section');
  await expect(section.getByTestId('tutorials-status')).toHaveAttribute('data-hidden', 'true');
  await atBothWidths(page, 'tutorials-profile-sr', () => expect(section.getByTestId('tutorials-show-again')).toBeEnabled());
  await section.getByTestId('tutorials-show-again').click();
  await expect.poll(() => savedTutorials(page)).toEqual({ done: {}, dontShow: false });
  await expect(section.getByTestId('tutorials-status')).toHaveAttribute('data-hidden', 'false');
  await visit(page, '/admin/dashboard');
  await expect(modal.getByRole('heading', { name: 'Dobro došli u Lumu' })).toBeVisible();
});
