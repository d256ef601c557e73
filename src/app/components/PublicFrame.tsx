// Frame of the public pages: brand, language select and theme toggle above a centred card.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AppLink } from './AppLink';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

export function PublicFrame({ children, wide = false, testId }: { children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <div className="public" data-testid={testId}>
      <header className="public-header">
        <AppLink className="brand" href="/">
          <span className="brand-mark" aria-hidden="true">
            L
          </span>
          <FormattedMessage id="app.name" />
        </AppLink>
        <div className="header-tools">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className={`public-main${wide ? ' is-wide' : ''}`}>
        {children}
      </main>
    </div>
  );
}
