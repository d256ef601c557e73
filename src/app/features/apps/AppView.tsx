// An app drawn from a definition (docs/apps.md): its label, its menu and the chosen page's blocks. The
// container shows it whole-page; the preview and the playground show it in a frame.
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { menuPages, type AppDefinition } from '../../../../runtime/api/apps';
import { AppLink } from '../../components/AppLink';
import { AppBlockView } from './AppBlocks';

/** `app`: the app's uuid (the playground's scratch app: 'playground'), sent with its lists as X-App. */
export function AppView({ app, label, definition, back, notice, framed = false, testId = 'app-container' }: { app: string; label: string; definition: AppDefinition; back: string; notice?: ReactNode; framed?: boolean; testId?: string }) {
  const entries = menuPages(definition);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = entries.find((entry) => entry.page.id === chosen) ?? entries[0];
  return (
    <div className={framed ? 'app-container app-container-framed' : 'app-container'} data-testid={testId}>
      <header className="app-container-header">
        <AppLink className="button button-ghost" href={back} data-testid="app-home">
          ←
        </AppLink>
        <h1 data-testid="app-container-title">{label}</h1>
        <nav className="app-menu" aria-label={label}>
          {entries.map(({ page, label: text }) => (
            <button
              key={page.id}
              type="button"
              className={page.id === current?.page.id ? 'app-menu-item active' : 'app-menu-item'}
              aria-current={page.id === current?.page.id ? 'page' : undefined}
              data-testid="app-menu-item"
              onClick={() => setChosen(page.id)}
            >
              {text}
            </button>
          ))}
        </nav>
      </header>
      <main className="app-container-body page stack">
        {notice}
        {!current ? (
          <p className="muted" data-testid="app-no-pages">
            <FormattedMessage id="apps.noPages" />
          </p>
        ) : (
          <section className="stack" data-testid="app-page-view" data-page={current.page.id}>
            <h2>{current.page.title}</h2>
            {current.page.blocks.map((block, index) => (
              <AppBlockView key={`${current.page.id}:${index}`} app={app} block={block} />
            ))}
          </section>
        )}
      </main>
    </div>
  );
}
