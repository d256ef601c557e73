// The forms the app screens share (docs/apps.md): saving a version's definition, a component view
// picker (component and screen) and a new page's form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { APP_ENTRYPOINTS, type AppBlock, type AppDefinition, type AppEntrypoint, type AppWithDefinition } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { appKeys, invalidateApps } from '../../../../renderers/data/apps';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { showToast } from '../../../../renderers/ui/toast';
import { widgetsQueryOptions } from '../widgets/data';
import { addPage, type PageDraft } from './pageDraft';

const EMPTY_DRAFT: PageDraft = { title: '', component: '', entrypoint: 'list', text: '' };

export function useSaveDefinition(app: AppWithDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (definition: AppDefinition) => appsApi.saveDefinition(app.uuid, app.version, definition),
    onSuccess: async (saved) => {
      queryClient.setQueryData(appKeys.one(app.uuid, app.version), saved);
      await invalidateApps(queryClient);
      showToast('apps.saved', 'success');
    },
  });
}

export function AddPage({ definition, onAdd, pending }: { definition: AppDefinition; onAdd: (definition: AppDefinition) => void; pending: boolean }) {
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const ids = { title: useId(), text: useId() };
  const set = <K extends keyof PageDraft>(key: K, value: PageDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return (
    <form
      className="card form"
      data-testid="app-add-page"
      onSubmit={(e) => {
        e.preventDefault();
        if (!draft.title.trim()) return;
        onAdd(addPage(definition, draft));
        setDraft(EMPTY_DRAFT);
      }}
    >
      <h2 className="card-title">
        <FormattedMessage id="apps.addPage" />
      </h2>
      <div className="field">
        <label className="field-label" htmlFor={ids.title}>
          <FormattedMessage id="apps.pageTitle" />
        </label>
        <input id={ids.title} required maxLength={100} data-testid="app-page-title" value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </div>
      <ComponentPicker component={draft.component} entrypoint={draft.entrypoint} onComponent={(v) => set('component', v)} onEntrypoint={(v) => set('entrypoint', v)} />
      <div className="field">
        <label className="field-label" htmlFor={ids.text}>
          <FormattedMessage id="apps.pageText" />
        </label>
        <textarea id={ids.text} rows={3} data-testid="app-page-text" value={draft.text} onChange={(e) => set('text', e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="app-page-add" disabled={pending || !draft.title.trim()}>
          <FormattedMessage id="apps.addPage" />
        </button>
      </div>
    </form>
  );
}

/** A component (or none) and the screen of it a block shows. */
export function ComponentPicker({ component, entrypoint, onComponent, onEntrypoint }: { component: string; entrypoint: AppEntrypoint; onComponent: (ref: string) => void; onEntrypoint: (entrypoint: AppEntrypoint) => void }) {
  const components = useQuery(componentsQueryOptions());
  const locale = useStore(localeStore);
  const ids = { component: useId(), entrypoint: useId() };
  return (
    <div className="row">
      <div className="field grow">
        <label className="field-label" htmlFor={ids.component}>
          <FormattedMessage id="apps.pageComponent" />
        </label>
        <select id={ids.component} data-testid="app-page-component" value={component} onChange={(e) => onComponent(e.target.value)}>
          <option value="">—</option>
          {(components.data ?? []).map((component) => (
            <option key={component.uuid} value={component.ref}>
              {componentLabel(component, locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.entrypoint}>
          <FormattedMessage id="apps.pageEntrypoint" />
        </label>
        <select id={ids.entrypoint} data-testid="app-page-entrypoint" value={entrypoint} onChange={(e) => onEntrypoint(e.target.value as AppEntrypoint)}>
          {APP_ENTRYPOINTS.map((entrypoint) => (
            <option key={entrypoint} value={entrypoint}>
              {entrypoint}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** One of the project's widgets (GET /v1/system/widget/list), or none. */
export function WidgetPicker({ widget, onWidget }: { widget: string; onWidget: (uuid: string) => void }) {
  const widgets = useQuery(widgetsQueryOptions());
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="apps.pageWidget" />
      </label>
      <select id={id} data-testid="app-editor-block-widget" value={widget} onChange={(e) => onWidget(e.target.value)}>
        <option value="">—</option>
        {(widgets.data ?? []).map((candidate) => (
          <option key={candidate.uuid} value={candidate.uuid}>
            {candidate.name} ({candidate.kind})
          </option>
        ))}
      </select>
    </div>
  );
}

/** A block in a line: the component's label and screen, or the text without its tags. */
export function useBlockSummary(): (block: AppBlock) => string {
  const components = useQuery(componentsQueryOptions());
  const widgets = useQuery(widgetsQueryOptions());
  const locale = useStore(localeStore);
  return (block) => {
    if (block.kind === 'text') return block.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
    if (block.kind === 'widget') return `${widgets.data?.find((candidate) => candidate.uuid === block.widget)?.name ?? block.widget} (widget)`;
    const component = components.data?.find((candidate) => candidate.ref === block.ref || candidate.uuid === block.ref);
    return `${component ? componentLabel(component, locale) : block.ref} (${block.entrypoint ?? 'list'})`;
  };
}
