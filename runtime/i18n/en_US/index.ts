// English (en_US) message catalogue: the default locale, merged from one file per area of the UI.
// Keys the spec names (section 8) appear verbatim; UI keys are namespaced with dots.
// Framework-free: a plain object, shared by the browser app and the server. Each part owns its keys
// (tests/unit/i18n-areas.test.ts checks that no key is in two parts or areas).
import { shellEn_US } from './shell';
import { navigationEn_US } from './navigation';
import { serverMessagesEn_US } from './serverMessages';
import { componentScreensEn_US } from './componentScreens';
import { recordScreensEn_US } from './recordScreens';
import { fieldOptionsEn_US } from './fieldOptions';

export const en_US = {
  ...shellEn_US,
  ...navigationEn_US,
  ...serverMessagesEn_US,
  ...componentScreensEn_US,
  ...recordScreensEn_US,
  ...fieldOptionsEn_US,
} as const;

export type MessageKey = keyof typeof en_US;
export type Catalogue = Record<MessageKey, string>;
