// Pieces the integration screens share: the state badge, an entry's translated name and text, who may
// change integrations, and the activate/deactivate change with its confirmation dialog.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { isMessageKey } from '../../../../runtime/i18n';
import { integrationsApi } from '../../../../runtime/client/integrations';
import { hasPermission } from '../../../../runtime/permissions/hasPermission';
import { integrationKeys } from '../../../../renderers/data/integrations';
import { rolePermissionsQueryOptions } from '../../../../renderers/data/queries';
import { useMessage } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { FailureText, failureSummary } from '../../components/form/failure';

export const integrationHref = (id: string) => `/admin/integrations/${encodeURIComponent(id)}`;

/** An entry's text in the viewer's language when the catalogue has it, else the server's English. */
export function useEntryText(): (id: string, part: 'name' | 'description' | 'settingsHint', fallback: string) => string {
  const message = useMessage();
  return (id, part, fallback) => {
    const key = `integrations.entry.${id}.${part}`;
    return isMessageKey(key) ? message(key) : fallback;
  };
}

/** Installing, activating and deactivating: admins, or holders of 'settings {id}' (as the server checks). */
export function useCanChange(id: string): boolean {
  const permissions = useQuery(rolePermissionsQueryOptions());
  return permissions.data ? hasPermission(permissions.data, 'settings', id) : false;
}

export type IntegrationState = 'active' | 'deactivated' | 'notInstalled';

export function stateOf(entry: Pick<CatalogueEntry, 'installed' | 'disabled'>): IntegrationState {
  if (!entry.installed) return 'notInstalled';
  return entry.disabled ? 'deactivated' : 'active';
}

const BADGE: Record<IntegrationState, string> = { active: 'badge-success', deactivated: 'badge-warning', notInstalled: 'badge-neutral' };

export function StateBadge({ state }: { state: IntegrationState }) {
  return (
    <span className={`badge ${BADGE[state]}`} data-testid="integration-state" data-state={state}>
      <FormattedMessage id={`integrations.${state}`} />
    </span>
  );
}

/** 'Not configured' when the entry's service is not ready (runtime/api/integrations.ts IntegrationService). */
export function ServiceBadge({ service }: { service: CatalogueEntry['service'] }) {
  if (service === 'ready') return null;
  return (
    <span className="badge badge-warning" data-testid="integration-service" data-service={service}>
      <FormattedMessage id={`integrations.service.${service}`} />
    </span>
  );
}

export type Change = 'install' | 'activate' | 'deactivate';

/** The activation code a paid integration's install asks for, in the install dialog. */
function ActivationCodeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const inputId = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        <FormattedMessage id="integrations.activationCode" />
      </label>
      <input id={inputId} name="activation_code" data-testid="integration-activation-code" autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${inputId}-hint`} />
      <small id={`${inputId}-hint`} className="muted">
        <FormattedMessage id="integrations.activationCodeHint" />
      </small>
    </div>
  );
}

/**
 * A button that installs, activates or deactivates an integration. Activating and deactivating ask
 * first (a dialog naming what happens); installing a free one does not, nothing is lost either way;
 * installing a paid one asks for its activation code.
 */
export function ChangeButton({ id, name, change, primary, paid = false }: { id: string; name: string; change: Change; primary?: boolean; paid?: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const asks = change !== 'install' || paid;
  const mutation = useMutation({
    mutationFn: (): Promise<Integration> =>
      change === 'deactivate' ? integrationsApi.update({ id, disabled: true }) : integrationsApi.integrate(id, change === 'install' && paid ? code : undefined),
    onSuccess: async () => {
      setOpen(false);
      const toast = change === 'install' ? 'integrations.installedToast' : change === 'activate' ? 'integrations.activatedToast' : 'integrations.deactivatedToast';
      showToast(toast, 'success', undefined, { name });
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    },
    onError: (error) => {
      // Without a dialog (install) the failure is a toast; with one, the dialog says it.
      if (!asks) showToast(failureSummary(error) ?? 'integrationInstallFailed', 'danger');
    },
  });
  const close = () => {
    setOpen(false);
    mutation.reset();
  };
  const label = <FormattedMessage id={`integrations.${change}`} />;
  const tone = change === 'deactivate' ? ' danger' : primary ? ' button-primary' : '';
  return (
    <>
      <button
        type="button"
        className={`button${tone}`}
        data-testid={`integration-${change}`}
        disabled={mutation.isPending}
        onClick={() => (asks ? setOpen(true) : mutation.mutate())}
      >
        {label}
      </button>
      {!asks ? null : (
        <Dialog open={open} title={<FormattedMessage id={`integrations.${change}Title`} values={{ name }} />} onClose={close} testId={open ? 'confirm-dialog' : undefined}>
          <p>
            <FormattedMessage id={`integrations.${change}Body`} />
          </p>
          {change === 'install' ? <ActivationCodeInput value={code} onChange={setCode} /> : null}
          <FailureText message={mutation.isError ? failureSummary(mutation.error) : null} />
          <div className="modal-actions">
            <button type="button" className="button" data-testid="confirm-cancel" onClick={close}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button
              type="button"
              className={`button button-primary${change === 'deactivate' ? ' danger-fill' : ''}`}
              data-testid="confirm-accept"
              disabled={mutation.isPending || (change === 'install' && code.trim() === '')}
              onClick={() => mutation.mutate()}
            >
              {label}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** A titled part of the integrations page: its heading, a line saying what it is, then its content. */
export function IntegrationSection({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section className="stack integration-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <div>
        <h2 id={`${id}-title`} className="integration-section-title">
          <FormattedMessage id={title} />
        </h2>
        <p className="muted">
          <FormattedMessage id={hint} />
        </p>
      </div>
      {children}
    </section>
  );
}
