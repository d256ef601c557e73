// Tutorials (spec section 2 "Tutorial modal", section 3 "Tutorial-done map keyed by tutorial name, plus
// a flag for not showing again" and "Tutorial slide: text and optional img", section 4 "Tutorials"):
// the four tutorials and their slides, the per-user config kept in /v1/config/user at
// TUTORIALS_CONFIG_PATH, the rule that starts one, and the judge the server runs on a write of it.
import type { FieldError } from '../api/contract';

export const TUTORIAL_NAMES = ['introduction', 'templates', 'dashboard', 'dev'] as const;
export type TutorialName = (typeof TUTORIAL_NAMES)[number];

/** The user config entry's path: `{ done: { [name]: boolean }, dontShow: boolean }`. */
export const TUTORIALS_CONFIG_PATH = 'tutorials';

export interface TutorialConfig {
  done: Partial<Record<TutorialName, boolean>>;
  /** 'Don't show tutorials': none starts by itself any more (the list still opens them). */
  dontShow: boolean;
}

/** A slide: its text is the messages `tutorial.{name}.{n}.title` and `.text`; img is optional. */
export interface TutorialSlide {
  title: string;
  text: string;
  img?: string;
}

/** How many slides each tutorial has (their texts are in runtime/i18n/tutorials.*.ts). */
const SLIDE_COUNT: Record<TutorialName, number> = { introduction: 4, templates: 3, dashboard: 3, dev: 4 };

export function tutorialSlides(name: TutorialName): TutorialSlide[] {
  return Array.from({ length: SLIDE_COUNT[name] }, (_, index) => ({
    title: `tutorial.${name}.${index + 1}.title`,
    text: `tutorial.${name}.${index + 1}.text`,
  }));
}

export const isTutorialName = (value: unknown): value is TutorialName => typeof value === 'string' && (TUTORIAL_NAMES as readonly string[]).includes(value);

/**
 * The spec's rule: a tutorial starts when the user has no saved tutorial config, or when it is not
 * done and the user has not chosen to hide tutorials.
 */
export function shouldStart(config: TutorialConfig | null, name: TutorialName): boolean {
  if (config === null) return true;
  return !config.dontShow && config.done[name] !== true;
}

export const markDone = (config: TutorialConfig | null, name: TutorialName): TutorialConfig => ({
  done: { ...config?.done, [name]: true },
  dontShow: config?.dontShow ?? false,
});

export const hideTutorials = (config: TutorialConfig | null): TutorialConfig => ({ done: { ...config?.done }, dontShow: true });

/** 'Show tutorials again' (the profile): the flag cleared, and the done ticks too when asked, so those start again. */
export const showTutorialsAgain = (config: TutorialConfig | null, clearDone: boolean): TutorialConfig => ({
  done: clearDone ? {} : { ...config?.done },
  dontShow: false,
});

/** Whether showing them again would change anything: hidden, or (clearing the ticks) some are done. */
export const wouldShowAgain = (config: TutorialConfig | null, clearDone: boolean): boolean =>
  config !== null && (config.dontShow || (clearDone && Object.values(config.done).some(Boolean)));

/**
 * Which tutorial a screen starts, if any: the introduction first anywhere in the admin console, then
 * the one about the screen (templates, the dashboard) or about the dev environment when it is chosen.
 */
export function tutorialFor(config: TutorialConfig | null, place: { pathname: string; env: string }): TutorialName | null {
  if (!place.pathname.startsWith('/admin')) return null;
  const candidates: TutorialName[] = ['introduction'];
  if (place.pathname.startsWith('/admin/templates')) candidates.push('templates');
  if (place.pathname === '/admin/dashboard' || place.pathname === '/admin' || place.pathname === '/admin/') candidates.push('dashboard');
  if (place.env === 'dev') candidates.push('dev');
  return candidates.find((name) => shouldStart(config, name)) ?? null;
}

/** The field errors of a tutorial config write ([] when it is well formed); unknown keys are refused. */
export function judgeTutorialConfig(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [{ field: 'data', messages: ['invalid'] }];
  const errors: FieldError[] = [];
  for (const key of Object.keys(data)) {
    if (key !== 'done' && key !== 'dontShow') errors.push({ field: `data.${key}`, messages: ['unknownField'] });
  }
  const { done, dontShow } = data as { done?: unknown; dontShow?: unknown };
  if (typeof dontShow !== 'boolean') errors.push({ field: 'data.dontShow', messages: ['invalid'] });
  if (typeof done !== 'object' || done === null || Array.isArray(done)) {
    errors.push({ field: 'data.done', messages: ['invalid'] });
    return errors;
  }
  for (const [name, value] of Object.entries(done)) {
    if (!isTutorialName(name)) errors.push({ field: `data.done.${name}`, messages: ['unknownField'] });
    else if (typeof value !== 'boolean') errors.push({ field: `data.done.${name}`, messages: ['invalid'] });
  }
  return errors;
}

/** A stored entry's data as a config: null when absent or not one (then every tutorial may start). */
export function readTutorialConfig(data: unknown): TutorialConfig | null {
  return judgeTutorialConfig(data).length === 0 ? (data as TutorialConfig) : null;
}
