// Locales and their catalogues (spec section 9: en_US default, sr). Each locale's catalogue is the
// main one (UI texts, server keys) merged with the components rules' texts (components.*.ts) and the
// record form messages (records.*.ts), the record import's texts (import.*.ts) and the administration
// screens' texts (iam.*.ts).
import { componentsEn_US, type ComponentsMessageKey } from './components.en_US';
import { componentsSr } from './components.sr';
import { recordsEn_US, type RecordsMessageKey } from './records.en_US';
import { recordsSr } from './records.sr';
import { importEn_US, type ImportMessageKey } from './import.en_US';
import { importSr } from './import.sr';
import { iamEn_US, type IamMessageKey } from './iam.en_US';
import { iamSr } from './iam.sr';
import { accountEn_US, type AccountMessageKey } from './account.en_US';
import { accountSr } from './account.sr';
import { workflowsEn_US, type WorkflowsMessageKey } from './workflows.en_US';
import { workflowsSr } from './workflows.sr';
import { workflowEditorsEn_US, type WorkflowEditorsMessageKey } from './workflowEditors.en_US';
import { workflowEditorsSr } from './workflowEditors.sr';
import { en_US, type Catalogue as MainCatalogue, type MessageKey as MainMessageKey } from './en_US';
import { sr } from './sr';

export type MessageKey = MainMessageKey | ComponentsMessageKey | RecordsMessageKey | ImportMessageKey | IamMessageKey | AccountMessageKey | WorkflowsMessageKey | WorkflowEditorsMessageKey;
export type Catalogue = Record<MessageKey, string>;
export type { MainCatalogue };
import { LOCALE_TAG, LOCALES, type Locale } from './tags';

export { LOCALE_TAG, LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = 'en_US';

export const CATALOGUES: Record<Locale, Catalogue> = {
  en_US: { ...en_US, ...componentsEn_US, ...recordsEn_US, ...importEn_US, ...iamEn_US, ...accountEn_US, ...workflowsEn_US, ...workflowEditorsEn_US },
  sr: { ...sr, ...componentsSr, ...recordsSr, ...importSr, ...iamSr, ...accountSr, ...workflowsSr, ...workflowEditorsSr },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CATALOGUES[DEFAULT_LOCALE], value);
}
