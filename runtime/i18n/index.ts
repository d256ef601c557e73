// Locales and their catalogues (spec section 9: en_US default, sr). Each locale's catalogue is the
// main one (UI texts, server keys) merged with one catalogue per area (<area>.en_US.ts, <area>.sr.ts).
import { componentsEn_US, type ComponentsMessageKey } from './components.en_US';
import { recordsEn_US, type RecordsMessageKey } from './records.en_US';
import { importEn_US, type ImportMessageKey } from './import.en_US';
import { iamEn_US, type IamMessageKey } from './iam.en_US';
import { accountEn_US, type AccountMessageKey } from './account.en_US';
import { workflowsEn_US, type WorkflowsMessageKey } from './workflows.en_US';
import { functionsEn_US, type FunctionsMessageKey } from './functions.en_US';
import { codeEn_US, type CodeMessageKey } from './code.en_US';
import { environmentEn_US, type EnvironmentMessageKey } from './environment.en_US';
import { sparksEn_US, type SparksMessageKey } from './sparks.en_US';
import { actionsEn_US, type ActionsMessageKey } from './actions.en_US';
import { mediaEn_US, type MediaMessageKey } from './media.en_US';
import { mediaWidgetsEn_US, type MediaWidgetsMessageKey } from './mediaWidgets.en_US';
import { integrationsEn_US, type IntegrationsMessageKey } from './integrations.en_US';
import { documentsEn_US, type DocumentsMessageKey } from './documents.en_US';
import { appsEn_US, type AppsMessageKey } from './apps.en_US';
import { publicAppsEn_US, type PublicAppsMessageKey } from './publicApps.en_US';
import { forgeEn_US, type ForgeMessageKey } from './forge.en_US';

import { eventBusEn_US, type EventBusMessageKey } from './eventBus.en_US';
import { eventsEn_US, type EventsMessageKey } from './events.en_US';
import { scoutEventsEn_US, type ScoutEventsMessageKey } from './scoutEvents.en_US';
import { scoutApiEn_US, type ScoutApiMessageKey } from './scoutApi.en_US';
import { feedbackEn_US, type FeedbackMessageKey } from './feedback.en_US';
import { installAppEn_US, type InstallAppMessageKey } from './installApp.en_US';
import { widgetsEn_US, type WidgetsMessageKey } from './widgets.en_US';
import { satellitesEn_US, type SatellitesMessageKey } from './satellites.en_US';
import { billingEn_US, type BillingMessageKey } from './billing.en_US';
import { platformEn_US, type PlatformMessageKey } from './platform.en_US';
import { templatesEn_US, type TemplatesMessageKey } from './templates.en_US';
import { ratchetEn_US, type RatchetMessageKey } from './ratchet.en_US';
import { thunderEn_US, type ThunderMessageKey } from './thunder.en_US';
import { tutorialsEn_US, type TutorialsMessageKey } from './tutorials.en_US';
import { en_US, type Catalogue as MainCatalogue, type MessageKey as MainMessageKey } from './en_US';

export type MessageKey =
  | MainMessageKey
  | ComponentsMessageKey
  | RecordsMessageKey
  | ImportMessageKey
  | IamMessageKey
  | AccountMessageKey
  | WorkflowsMessageKey
  | FunctionsMessageKey
  | CodeMessageKey
  | EnvironmentMessageKey
  | SparksMessageKey
  | ActionsMessageKey
  | MediaMessageKey
  | MediaWidgetsMessageKey
  | IntegrationsMessageKey
  | DocumentsMessageKey
  | AppsMessageKey
  | PublicAppsMessageKey
  | ForgeMessageKey
  | EventBusMessageKey
  | EventsMessageKey
  | ScoutEventsMessageKey
  | ScoutApiMessageKey
  | FeedbackMessageKey
  | InstallAppMessageKey
  | WidgetsMessageKey
  | SatellitesMessageKey
  | BillingMessageKey
  | PlatformMessageKey
  | TemplatesMessageKey
  | ThunderMessageKey
  | RatchetMessageKey
  | TutorialsMessageKey;
export type Catalogue = Record<MessageKey, string>;
export type { MainCatalogue };
import { LOCALE_TAG, LOCALES, type Locale } from './tags';

export { LOCALE_TAG, LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = 'en_US';

/** The default locale's catalogue: what every page starts with (the app loads another locale's on demand, load.ts). */
export const EN_US_CATALOGUE: Catalogue = {
  ...en_US,
  ...componentsEn_US,
  ...recordsEn_US,
  ...importEn_US,
  ...iamEn_US,
  ...accountEn_US,
  ...workflowsEn_US,
  ...functionsEn_US,
  ...codeEn_US,
  ...environmentEn_US,
  ...sparksEn_US,
  ...actionsEn_US,
  ...mediaEn_US,
  ...mediaWidgetsEn_US,
  ...integrationsEn_US,
  ...documentsEn_US,
  ...appsEn_US,
  ...publicAppsEn_US,
  ...forgeEn_US,

  ...eventBusEn_US,
  ...eventsEn_US,
  ...scoutEventsEn_US,
  ...scoutApiEn_US,
  ...feedbackEn_US,
  ...installAppEn_US,
  ...widgetsEn_US,
  ...satellitesEn_US,
  ...billingEn_US,
  ...platformEn_US,
  ...templatesEn_US,
  ...ratchetEn_US,
  ...thunderEn_US,
  ...tutorialsEn_US,
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EN_US_CATALOGUE, value);
}
