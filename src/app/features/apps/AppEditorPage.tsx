// /app/editor/:id, the page editor (docs/apps.md): the dev version's pages renamed, reordered (dragged,
// or moved up and down from the keyboard), added and removed; a page's blocks (a component view, a
// widget or text) likewise; a live preview draws the unsaved draft; saved into the dev version in one call.
import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { APP_BLOCK_KINDS, type AppBlock, type AppDefinition, type AppEntrypoint, type AppPage, type AppWithDefinition } from '../../../../runtime/api/apps';
import { AppLink } from '../../components/AppLink';
import { FailureText, failureSummary } from '../../components/form/failure';
import { BackLink, PageHeader } from '../../components/PageHeader';
import './apps.css';
import { AddPage, ComponentPicker, useBlockSummary, useSaveDefinition, WidgetPicker } from './pageForms';
import { menuInPageOrder, moved, removePage, withPage } from './pageDraft';
import { appHref, appPreviewHref } from './parts';
import { DevVersionScreen } from './DevVersionScreen';
import { AppView } from './AppView';
import { movedTo, useDragReorder } from './dragReorder';

function MoveButtons({ index, count, onMove, testId }: { index: number; count: number; onMove: (by: number) => void; testId: string }) {
  return (
    <>
      <button type="button" className="button button-small button-ghost" aria-label="up" data-testid={`${testId}-up`} disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" className="button button-small button-ghost" aria-label="down" data-testid={`${testId}-down`} disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </button>
    </>
  );
}

type BlockKind = AppBlock['kind'];

function AddBlock({ onAdd }: { onAdd: (block: AppBlock) => void }) {
  const [kind, setKind] = useState<BlockKind>('component');
  const [component, setComponent] = useState('');
  const [entrypoint, setEntrypoint] = useState<AppEntrypoint>('list');
  const [text, setText] = useState('');
  const [widget, setWidget] = useState('');
  const ids = { kind: useId(), text: useId() };
  const ready = kind === 'component' ? component !== '' : kind === 'widget' ? widget !== '' : text.trim() !== '';
  const block = (): AppBlock => {
    if (kind === 'text') return { kind: 'text', html: text.trim() };
    if (kind === 'widget') return { kind: 'widget', widget };
    return entrypoint === 'list' ? { kind: 'component', ref: component } : { kind: 'component', ref: component, entrypoint };
  };
  const add = () => {
    onAdd(block());
    setComponent('');
    setText('');
    setWidget('');
  };
  return (
    <div className="stack app-add-block" data-testid="app-editor-add-block">
      <div className="field">
        <label className="field-label" htmlFor={ids.kind}>
          <FormattedMessage id="apps.blockKind" />
        </label>
        <select id={ids.kind} data-testid="app-editor-block-kind" value={kind} onChange={(e) => setKind(e.target.value as BlockKind)}>
          {APP_BLOCK_KINDS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {kind === 'component' ? (
        <ComponentPicker component={component} entrypoint={entrypoint} onComponent={setComponent} onEntrypoint={setEntrypoint} />
      ) : kind === 'widget' ? (
        <WidgetPicker widget={widget} onWidget={setWidget} />
      ) : (
        <div className="field">
          <label className="field-label" htmlFor={ids.text}>
            <FormattedMessage id="apps.pageText" />
          </label>
          <textarea id={ids.text} rows={3} data-testid="app-editor-block-text" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="button" data-testid="app-editor-block-add" disabled={!ready} onClick={add}>
          <FormattedMessage id="apps.addBlock" />
        </button>
      </div>
    </div>
  );
}

function PageEditor({ page, onChange }: { page: AppPage; onChange: (page: AppPage) => void }) {
  const titleId = useId();
  const summary = useBlockSummary();
  const blocks = page.blocks;
  const dragBlock = useDragReorder((from, to) => onChange({ ...page, blocks: movedTo(blocks, from, to) }));
  return (
    <section className="card stack" data-testid="app-editor-page" data-page={page.id}>
      <div className="field">
        <label className="field-label" htmlFor={titleId}>
          <FormattedMessage id="apps.pageTitle" />
        </label>
        <input id={titleId} maxLength={100} data-testid="app-editor-title" value={page.title} onChange={(e) => onChange({ ...page, title: e.target.value })} />
      </div>
      <ul className="app-pages">
        {blocks.map((block, index) => (
          <li key={index} className="app-page-row" data-testid="app-editor-block" {...dragBlock(index)}>
            <span className="app-drag-handle" aria-hidden="true">
              ⠿
            </span>
            <span className="grow">{summary(block)}</span>
            <MoveButtons index={index} count={blocks.length} testId="app-editor-block" onMove={(by) => onChange({ ...page, blocks: moved(blocks, index, by) })} />
            <button type="button" className="button button-small button-ghost" data-testid="app-editor-block-remove" onClick={() => onChange({ ...page, blocks: blocks.filter((_, i) => i !== index) })}>
              <FormattedMessage id="apps.remove" />
            </button>
          </li>
        ))}
      </ul>
      <AddBlock onAdd={(block) => onChange({ ...page, blocks: [...blocks, block] })} />
    </section>
  );
}

/** The pages and the chosen page's blocks of a definition, edited in place (`onChange` with the whole). */
export function PagesEditor({ draft, onChange }: { draft: AppDefinition; onChange: (next: AppDefinition) => void }) {
  const [selected, setSelected] = useState<string | null>(draft.pages[0]?.id ?? null);
  const page = draft.pages.find((candidate) => candidate.id === selected) ?? draft.pages[0];
  const dragPage = useDragReorder((from, to) => onChange({ ...draft, pages: movedTo(draft.pages, from, to) }));
  return (
    <div className="app-editor-grid">
      <section className="card stack" aria-label="pages">
        <ul className="app-pages">
          {draft.pages.map((candidate, index) => (
            <li key={candidate.id} className="app-page-row" data-testid="app-editor-page-row" data-page={candidate.id} {...dragPage(index)}>
              <span className="app-drag-handle" aria-hidden="true">
                ⠿
              </span>
              <button type="button" className={candidate.id === page?.id ? 'app-menu-item active grow' : 'app-menu-item grow'} onClick={() => setSelected(candidate.id)}>
                {candidate.title || candidate.id}
              </button>
              <MoveButtons index={index} count={draft.pages.length} testId="app-editor-page" onMove={(by) => onChange({ ...draft, pages: moved(draft.pages, index, by) })} />
              <button type="button" className="button button-small button-ghost" data-testid="app-editor-page-remove" onClick={() => onChange(removePage(draft, candidate.id))}>
                <FormattedMessage id="apps.remove" />
              </button>
            </li>
          ))}
        </ul>
        <AddPage
          definition={draft}
          pending={false}
          onAdd={(next) => {
            onChange(next);
            setSelected(next.pages[next.pages.length - 1]?.id ?? null);
          }}
        />
      </section>
      {page ? <PageEditor key={page.id} page={page} onChange={(next) => onChange(withPage(draft, page.id, () => next))} /> : null}
    </div>
  );
}

/** The unsaved draft drawn as the container will draw it once saved (its lists, widgets and text), on demand. */
function LivePreview({ app, draft }: { app: AppWithDefinition; draft: AppDefinition }) {
  const [shown, setShown] = useState(true);
  const id = useId();
  return (
    <section className="stack app-live-preview" aria-labelledby={id} data-testid="app-editor-live">
      <div className="app-page-row">
        <h2 id={id} className="grow">
          <FormattedMessage id="apps.livePreview" />
        </h2>
        <label className="checkbox">
          <input type="checkbox" checked={shown} data-testid="app-editor-live-toggle" onChange={(e) => setShown(e.target.checked)} />
          <FormattedMessage id="apps.livePreviewShow" />
        </label>
      </div>
      {shown ? <AppView app={app.uuid} label={app.label} definition={menuInPageOrder(draft)} back={appHref(app.uuid)} framed testId="app-editor-live-view" /> : null}
    </section>
  );
}

/** The editor of an app's dev version; a public app's (public-apps/PublicAppEditorPage.tsx) leads back to its own settings and has no preview. */
export function AppEditor({ app, back, preview = true }: { app: AppWithDefinition; back?: { href: string; label: string }; preview?: boolean }) {
  const [draft, setDraft] = useState<AppDefinition>(app.definition);
  useEffect(() => setDraft(app.definition), [app.definition]);
  const save = useSaveDefinition(app);
  const dirty = JSON.stringify(draft) !== JSON.stringify(app.definition);
  return (
    <div className="page stack app-standalone" data-testid="app-editor">
      <PageHeader title={<span data-testid="app-editor-heading">{app.label}</span>}>
        <BackLink href={back?.href ?? appHref(app.uuid)} label={back?.label ?? 'apps.pages'} />
        {preview ? (
          <AppLink className="button" href={appPreviewHref(app.uuid)} data-testid="app-editor-preview">
            <FormattedMessage id="apps.preview" />
          </AppLink>
        ) : null}
        <button type="button" className="button button-primary" data-testid="app-editor-save" disabled={!dirty || save.isPending} onClick={() => save.mutate(menuInPageOrder(draft))}>
          <FormattedMessage id="apps.saveVersion" values={{ version: app.version }} />
        </button>
      </PageHeader>
      <FailureText message={save.isError ? failureSummary(save.error) : null} />
      <PagesEditor draft={draft} onChange={setDraft} />
      {preview ? <LivePreview app={app} draft={draft} /> : null}
    </div>
  );
}

export function AppEditorPage() {
  return <DevVersionScreen>{(app) => <AppEditor app={app} />}</DevVersionScreen>;
}
