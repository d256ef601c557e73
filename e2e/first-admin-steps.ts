// The steps a first-time administrator takes on the component screens, shared by the first-admin specs.
import type { Page } from '@playwright/test';
import { expect } from './support';

export async function tab(page: Page, id: string) {
  await page.getByTestId(`settings-tab-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
}

export async function save(page: Page) {
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();
}

/** Opens the field dialog for a new field with this name, module and type. */
export async function openField(page: Page, name: string, module: string, type: string) {
  await page.getByTestId('field-add').click();
  await page.locator('input[name="field.name"]').fill(name);
  await page.locator('select[name="field.module"]').selectOption(module);
  await page.locator('select[name="field.type"]').selectOption(type);
}

/** Adds the field in the open dialog; the dialog closes. */
export async function submitField(page: Page) {
  await page.getByTestId('field-form-submit').click();
  await expect(page.getByTestId('field-dialog')).toHaveCount(0);
}

export async function addField(page: Page, name: string, module: string, type: string, relation?: { foreign: string; own: string; foreignKey: string }) {
  await openField(page, name, module, type);
  if (relation) {
    await page.locator('select[name="field.relation.foreign"]').selectOption({ label: relation.foreign });
    await page.locator('select[name="field.relation.key.0"]').selectOption(relation.own);
    await page.locator('select[name="field.relation.key.1"]').selectOption(relation.foreignKey);
  }
  await submitField(page);
}

/** Creates a component from the screen; lands on its settings. */
export async function createComponent(page: Page, name: string, label: string) {
  await page.goto('/admin/components/create');
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="label.en_US"]').fill(label);
  await page.getByTestId('component-create-submit').click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}\/settings/);
  return page.url().split('#')[0]!;
}

export async function activate(page: Page) {
  await tab(page, 'general');
  await page.locator('input[name="is_active"]').check();
  await save(page);
}

