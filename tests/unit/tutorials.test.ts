// The tutorial rules (runtime/tutorials/tutorials.ts): the spec's start rule, which screen starts
// which tutorial, the config judge the server runs, and that every slide has its text in both languages.
import { describe, expect, it } from 'vitest';
import { EN_US_CATALOGUE } from '../../runtime/i18n';
import { SR_CATALOGUE } from '../../runtime/i18n/sr.catalogue';
import { judgeOnboardingConfig, onboardingCompleted } from '../../runtime/integrations/onboarding';
import type { Integration } from '../../runtime/api/integrations';
import { judgeTutorialConfig, readTutorialConfig, shouldStart, showTutorialsAgain, TUTORIAL_NAMES, tutorialFor, tutorialSlides, wouldShowAgain } from '../../runtime/tutorials/tutorials';

describe('tutorials', () => {
  it('showing them again clears the flag, and the done ticks only when asked; it says when nothing would change', () => {
    const hidden = { done: { introduction: true }, dontShow: true };
    expect(showTutorialsAgain(hidden, false)).toEqual({ done: { introduction: true }, dontShow: false });
    expect(showTutorialsAgain(hidden, true)).toEqual({ done: {}, dontShow: false });
    expect(showTutorialsAgain(null, false)).toEqual({ done: {}, dontShow: false });
    expect(shouldStart(showTutorialsAgain(hidden, true), 'introduction')).toBe(true);
    expect(wouldShowAgain(hidden, false)).toBe(true);
    expect(wouldShowAgain({ done: { introduction: true }, dontShow: false }, false)).toBe(false);
    expect(wouldShowAgain({ done: { introduction: true }, dontShow: false }, true)).toBe(true);
    expect(wouldShowAgain({ done: { introduction: false }, dontShow: false }, true)).toBe(false);
    expect(wouldShowAgain(null, true)).toBe(false);
  });

  it('start by the spec rule: no saved config, or not done and not hidden', () => {
    for (const name of TUTORIAL_NAMES) expect(shouldStart(null, name)).toBe(true);
    expect(shouldStart({ done: {}, dontShow: false }, 'dev')).toBe(true);
    expect(shouldStart({ done: { dev: false }, dontShow: false }, 'dev')).toBe(true);
    expect(shouldStart({ done: { dev: true }, dontShow: false }, 'dev')).toBe(false);
    expect(shouldStart({ done: {}, dontShow: true }, 'dev')).toBe(false);
  });

  it('the introduction comes first in the console; then the screen\'s own, or dev in the dev environment', () => {
    const live = { env: 'live' };
    expect(tutorialFor(null, { pathname: '/admin/components', ...live })).toBe('introduction');
    expect(tutorialFor(null, { pathname: '/home/home', ...live })).toBeNull();
    const introDone = { done: { introduction: true }, dontShow: false };
    expect(tutorialFor(introDone, { pathname: '/admin/components', ...live })).toBeNull();
    expect(tutorialFor(introDone, { pathname: '/admin/templates', ...live })).toBe('templates');
    expect(tutorialFor(introDone, { pathname: '/admin/dashboard', ...live })).toBe('dashboard');
    expect(tutorialFor(introDone, { pathname: '/admin/components', env: 'dev' })).toBe('dev');
    expect(tutorialFor({ done: { introduction: true, dashboard: true }, dontShow: false }, { pathname: '/admin/dashboard', env: 'dev' })).toBe('dev');
    expect(tutorialFor({ done: {}, dontShow: true }, { pathname: '/admin/dashboard', env: 'dev' })).toBeNull();
  });

  it('the judge accepts {done, dontShow} and names each wrong field', () => {
    expect(judgeTutorialConfig({ done: { introduction: true, dev: false }, dontShow: false })).toEqual([]);
    expect(judgeTutorialConfig({ done: {}, dontShow: true })).toEqual([]);
    expect(judgeTutorialConfig(null)).toEqual([{ field: 'data', messages: ['invalid'] }]);
    expect(judgeTutorialConfig({ done: { tour: true, dev: 1 }, dontShow: 0, more: 1 }).map((error) => error.field).sort()).toEqual([
      'data.done.dev',
      'data.done.tour',
      'data.dontShow',
      'data.more',
    ]);
    expect(readTutorialConfig({ done: 'x' })).toBeNull();
    expect(readTutorialConfig({ done: {}, dontShow: false })).toEqual({ done: {}, dontShow: false });
  });

  it('every slide has a title and text in English and Serbian, and they differ', () => {
    const en = EN_US_CATALOGUE as Record<string, string>;
    const sr = SR_CATALOGUE as Record<string, string>;
    for (const name of TUTORIAL_NAMES) {
      expect(tutorialSlides(name).length).toBeGreaterThanOrEqual(3);
      for (const slide of tutorialSlides(name)) {
        for (const key of [slide.title, slide.text]) {
          expect(en[key], key).toBeTruthy();
          expect(sr[key], key).toBeTruthy();
          expect(sr[key], key).not.toBe(en[key]);
        }
      }
    }
  });

  it('onboarding is completed when nothing is left and something was set up; the pause entry is {paused} only', () => {
    const integration = (onboarded: boolean) => ({ id: 'luma-ocr', name: 'OCR', onboarded, onboarding_required: !onboarded }) as Integration;
    const app = (finished: boolean) => ({ uuid: 'a', label: 'CRM', onboarding: { required: true, finished } });
    expect(onboardingCompleted([], [])).toBe(false);
    expect(onboardingCompleted([integration(false)], [])).toBe(false);
    expect(onboardingCompleted([integration(true)], [app(false)])).toBe(false);
    expect(onboardingCompleted([integration(true)], [])).toBe(true);
    expect(onboardingCompleted([], [app(true)])).toBe(true);
    expect(judgeOnboardingConfig({ paused: true })).toEqual([]);
    expect(judgeOnboardingConfig({ paused: 1, x: 1 }).map((error) => error.field)).toEqual(['data.x', 'data.paused']);
    expect(judgeOnboardingConfig('paused')).toEqual([{ field: 'data', messages: ['invalid'] }]);
  });
});
