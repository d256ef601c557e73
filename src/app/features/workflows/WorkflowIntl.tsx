// The workflow screens' texts over the app's catalogue (runtime/i18n/workflowScreens.ts): loaded with
// these screens only, so every other page stays light.
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { isLocale, LOCALE_TAG, type Locale } from '../../../../runtime/i18n';
import { WORKFLOW_SCREEN_CATALOGUES } from '../../../../runtime/i18n/workflowScreens';

const localeOfTag = (tag: string): Locale => (Object.entries(LOCALE_TAG).find(([, value]) => value === tag)?.[0] as Locale | undefined) ?? 'en_US';

export function WorkflowIntl({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const locale = localeOfTag(intl.locale);
  const messages = { ...(intl.messages as Record<string, string>), ...WORKFLOW_SCREEN_CATALOGUES[isLocale(locale) ? locale : 'en_US'] };
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
