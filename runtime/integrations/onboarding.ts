// Required onboarding (spec section 4): the integrations installed, active and not onboarded, and the
// platform apps whose onboarding is required and unfinished. It can be paused per project: the
// project config entry ONBOARDING_CONFIG_PATH holds {paused: boolean} (PUT /v1/config/, admins).
import type { FieldError } from '../api/contract';
import type { Integration } from '../api/integrations';

export const ONBOARDING_CONFIG_PATH = 'onboarding';
/** The user config entry that says the user has dismissed the 'onboarding completed' card (data true). */
export const ONBOARDING_COMPLETED_PATH = 'onboarding.completed';

export interface OnboardingItem {
  kind: 'integration' | 'app';
  id: string;
  label: string;
  /** Where it is set up. */
  href: string;
}

interface AppLike {
  uuid: string;
  label: string;
  onboarding: { required: boolean; finished: boolean };
}

export function requiredOnboarding(integrations: readonly Integration[] | undefined, apps: readonly AppLike[] | undefined): OnboardingItem[] {
  const fromIntegrations = (integrations ?? [])
    .filter((integration) => integration.onboarding_required)
    .map((integration) => ({ kind: 'integration' as const, id: integration.id, label: integration.name, href: `/admin/integrations/${encodeURIComponent(integration.id)}` }));
  const fromApps = (apps ?? [])
    .filter((app) => app.onboarding.required && !app.onboarding.finished)
    .map((app) => ({ kind: 'app' as const, id: app.uuid, label: app.label, href: `/admin/app/settings/${encodeURIComponent(app.uuid)}` }));
  return [...fromIntegrations, ...fromApps];
}

/**
 * Onboarding is completed when nothing is left to set up and something was: an installed integration
 * onboarded, or an app whose required onboarding is finished.
 */
export function onboardingCompleted(integrations: readonly Integration[] | undefined, apps: readonly AppLike[] | undefined): boolean {
  if (requiredOnboarding(integrations, apps).length > 0) return false;
  return (integrations ?? []).some((integration) => integration.onboarded) || (apps ?? []).some((app) => app.onboarding.required && app.onboarding.finished);
}

/** Whether a project config entry's data says onboarding is paused (anything else: not paused). */
export function isOnboardingPaused(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { paused?: unknown }).paused === true;
}

/** The field errors of a write of the project's onboarding entry: exactly `{paused: boolean}`. */
export function judgeOnboardingConfig(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [{ field: 'data', messages: ['invalid'] }];
  const errors: FieldError[] = Object.keys(data)
    .filter((key) => key !== 'paused')
    .map((key) => ({ field: `data.${key}`, messages: ['unknownField'] }));
  if (typeof (data as { paused?: unknown }).paused !== 'boolean') errors.push({ field: 'data.paused', messages: ['invalid'] });
  return errors;
}
