// Pure edits of an app definition the admin screens make (docs/apps.md "The definition").
import type { AppBlock, AppDefinition, AppEntrypoint } from '../../../../runtime/api/apps';

export interface PageDraft {
  title: string;
  /** A component ref, or '' for none. */
  component: string;
  entrypoint: AppEntrypoint;
  /** HTML of a text block, or '' for none. */
  text: string;
}

/** A page path from its title: lower-case words joined by '-', made unique among `taken`. */
export function pathFromTitle(title: string, taken: readonly string[]): string {
  const base = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 56) || 'page';
  let path = base;
  for (let n = 2; taken.includes(path); n += 1) path = `${base}-${n}`;
  return path;
}

/** The definition with a new page (and its menu item) at the end. */
export function addPage(definition: AppDefinition, draft: PageDraft): AppDefinition {
  const path = pathFromTitle(draft.title, definition.pages.map((page) => page.path));
  const blocks: AppBlock[] = [];
  if (draft.component) blocks.push(draft.entrypoint === 'list' ? { kind: 'component', ref: draft.component } : { kind: 'component', ref: draft.component, entrypoint: draft.entrypoint });
  if (draft.text.trim()) blocks.push({ kind: 'text', html: draft.text.trim() });
  const page = { id: path, title: draft.title.trim(), path, blocks };
  return { pages: [...definition.pages, page], menu: definition.menu.length === 0 ? [] : [...definition.menu, { page: page.id }] };
}

/** The definition without a page and its menu items. */
export function removePage(definition: AppDefinition, id: string): AppDefinition {
  return { pages: definition.pages.filter((page) => page.id !== id), menu: definition.menu.filter((item) => item.page !== id) };
}

/** An item moved by `by` places (clamped), the rest in order. */
export function moved<T>(items: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, index + by));
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** A menu that follows the pages' order (its labels kept); an empty menu stays empty (every page, in order). */
export function menuInPageOrder(definition: AppDefinition): AppDefinition {
  if (definition.menu.length === 0) return definition;
  const labels = new Map(definition.menu.map((item) => [item.page, item.label]));
  return { ...definition, menu: definition.pages.map((page) => (labels.get(page.id) ? { page: page.id, label: labels.get(page.id)! } : { page: page.id })) };
}

/** The definition with one page changed by `change`. */
export function withPage(definition: AppDefinition, id: string, change: (page: AppDefinition['pages'][number]) => AppDefinition['pages'][number]): AppDefinition {
  return { ...definition, pages: definition.pages.map((page) => (page.id === id ? change(page) : page)) };
}
