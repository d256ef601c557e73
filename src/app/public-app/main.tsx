// The served public app's page (docs/public-apps.md "Serving"): its own small bundle (React and these
// few files, no router, no platform screens), drawn from the site call: the app's label, its menu, the
// chosen page's text blocks (HTML the server sanitised when it was saved) and component blocks (a
// create form, or a list, of the fields the app may use). A portal asks its visitor to sign in first.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { menuPages, type AppPage } from '../../../runtime/api/apps';
import type { PublicSite, PublicVisitor } from '../../../runtime/api/public-apps';
import { CallError, publicApi } from './api';
import { t } from './messages';
import { PortalDoor } from './Portal';
import { RecordForm } from './RecordForm';
import { RecordList } from './RecordList';
import './public-app.css';

function Page({ site, page }: { site: PublicSite; page: AppPage }) {
  return (
    <main className="pa-main" data-testid="public-page" data-page={page.id}>
      <h1>{page.title}</h1>
      {page.blocks.map((block, index) => {
        if (block.kind === 'text') return <div key={index} className="pa-text" dangerouslySetInnerHTML={{ __html: block.html }} />;
        if (block.kind !== 'component') return null;
        const component = site.components[block.ref];
        if (!component) return null;
        return block.entrypoint === 'create' ? <RecordForm key={index} component={component} /> : <RecordList key={index} component={component} />;
      })}
    </main>
  );
}

const pathOf = () => decodeURIComponent(window.location.pathname.replace(/^\/+|\/+$/g, ''));

function Site() {
  const [site, setSite] = useState<PublicSite | null>(null);
  const [failure, setFailure] = useState<number | null>(null);
  const [path, setPath] = useState(pathOf);
  const [visitor, setVisitor] = useState<PublicVisitor | null>(null);
  useEffect(() => {
    publicApi.site().then(
      (answer) => {
        setSite(answer);
        setVisitor(answer.visitor);
        document.title = answer.app.label;
      },
      (error: unknown) => setFailure(error instanceof CallError ? error.status : 0),
    );
    const onPop = () => setPath(pathOf());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  if (failure !== null) return <p className="pa-main pa-muted" role="alert">{t(failure === 404 ? 'notFound' : 'failed')}</p>;
  if (!site) return <p className="pa-main pa-muted">{t('loading')}</p>;
  const menu = menuPages(site.definition);
  const page = site.definition.pages.find((candidate) => candidate.path === path) ?? menu[0]?.page ?? site.definition.pages[0];
  const go = (next: AppPage) => {
    window.history.pushState(null, '', `/${next.path}`);
    setPath(next.path);
  };
  const signOut = async () => {
    await publicApi.logout().catch(() => undefined);
    setVisitor(null);
  };
  const closed = site.app.portal && !visitor;
  return (
    <>
      <header className="pa-header">
        <strong className="pa-title">{site.app.label}</strong>
        {site.app.stage ? <span className="pa-badge">stage · {site.app.version}</span> : null}
        {!closed && menu.length > 1 ? (
          <nav aria-label="pages" className="pa-nav">
            {menu.map(({ page: item, label }) => (
              <a key={item.id} href={`/${item.path}`} aria-current={item.id === page?.id ? 'page' : undefined} onClick={(e) => (e.preventDefault(), go(item))}>
                {label}
              </a>
            ))}
          </nav>
        ) : null}
        {visitor ? (
          <span className="pa-visitor">
            {t('signedInAs', { name: visitor.name })}{' '}
            <button type="button" className="pa-link" onClick={signOut} data-testid="portal-sign-out">
              {t('signOut')}
            </button>
          </span>
        ) : null}
      </header>
      {closed ? <main className="pa-main"><PortalDoor onVisitor={setVisitor} /></main> : page ? <Page key={page.id} site={site} page={page} /> : <p className="pa-main pa-muted">{t('empty')}</p>}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Site />
  </StrictMode>,
);
