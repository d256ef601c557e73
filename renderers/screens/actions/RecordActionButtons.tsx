// The actions offered for some records (the edit page's record, or the list's selection): one button
// per action whose display condition holds for all of them, each opening its dialog.
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ComponentModel } from '../../../runtime/client/components';
import type { ActionDefinition } from '../../../schemas';
import type { RunScript } from '../../form/scripts';
import { useAvailableActions } from './useAvailableActions';

// The dialog holds a whole record form (the form store, its layouts, the validation): loaded when an
// action is chosen, so the list, which offers actions for its selection, does not load a form.
const ActionDialog = lazy(() => import('./ActionDialog').then((m) => ({ default: m.ActionDialog })));

export interface RecordActionButtonsProps {
  model: ComponentModel;
  records: readonly Record<string, unknown>[];
  locale: string;
  /** The caller may run actions ('update' or 'edit' on the component). */
  enabled: boolean;
  runScript?: RunScript;
  /** The list's bulk bar: says when nothing applies to the selection. */
  bulk?: boolean;
  onDone?: () => void;
}

export function RecordActionButtons({ model, records, locale, enabled, runScript, bulk = false, onDone }: RecordActionButtonsProps) {
  const intl = useIntl();
  // The chosen action itself: its dialog stays while the offer is evaluated again (a changed record).
  const [open, setOpen] = useState<ActionDefinition | null>(null);
  const { actions, pending } = useAvailableActions({ ref: model.ref, actions: model.settings.actions, records, enabled, runScript });
  if (!enabled || (model.settings.actions ?? []).length === 0) return null;
  return (
    <div className="row record-action-buttons" role="group" aria-label={intl.formatMessage({ id: 'records.actions.title' })} data-testid="record-action-buttons">
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {!pending && actions.length === 0 && bulk ? (
        <span className="muted" data-testid="record-actions-none" title={intl.formatMessage({ id: 'records.actions.bulkHint' })}>
          <FormattedMessage id="records.actions.none" />
        </span>
      ) : null}
      {actions.map((a) => (
        <button key={a.name} type="button" className="button button-small" data-testid="record-action" onClick={() => setOpen(a)}>
          {a.name}
        </button>
      ))}
      {open ? (
        <Suspense fallback={<span className="spinner" aria-busy="true" data-testid="action-loading" />}>
          <ActionDialog
            model={model}
            action={open}
            uuids={records.map((r) => String(r.uuid))}
            locale={locale}
            runScript={runScript}
            onClose={() => setOpen(null)}
            onDone={onDone}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
