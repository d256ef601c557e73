// Component actions: clone (new name), copy schema (clipboard), remove (type 'delete' to confirm);
// each success is confirmed with a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { COMPONENT_MESSAGE } from '../../../../../runtime/components';
import { cloneComponentMutation, removeComponentMutation } from '../../../../../renderers/data/components';
import { errorDisplay } from '../../../../../runtime/client/errorMessage';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { settingsPath } from '../../../../../renderers/ui/componentLabel';
import { Section } from './controls';
import type { SettingsController } from './useSettingsController';

/** Deleting requires typing this word (spec section 5). */
export const CONFIRM_WORD = 'delete';

type Open = null | 'clone' | 'remove';

export function ComponentActions({ ctl, blocked }: { ctl: SettingsController; blocked: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [cloneName, setCloneName] = useState('');
  const [word, setWord] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const clone = useMutation(cloneComponentMutation(queryClient));
  const remove = useMutation(removeComponentMutation(queryClient));
  const loaded = ctl.loaded!;

  const fail = (error: unknown) => {
    const shown = errorDisplay(error);
    if (shown.kind !== 'reported') setFailure(shown.messageKey);
  };
  const show = (which: Open) => {
    setFailure(blocked && which ? COMPONENT_MESSAGE.componentRemovalBlockedByDependency : null);
    setOpen(blocked ? null : which);
    setCloneName('');
    setWord('');
  };

  const submitClone = (e: FormEvent) => {
    e.preventDefault();
    const name = cloneName.trim();
    clone.mutate(
      { name, ref: ctl.ref },
      {
        onSuccess: ({ uuid }) => {
          showToast('cmp.actions.cloned', 'success', TOAST_MS.default, { name });
          void ctl.leave(settingsPath(uuid) + '#general');
        },
        onError: fail,
      },
    );
  };
  const submitRemove = (e: FormEvent) => {
    e.preventDefault();
    if (word !== CONFIRM_WORD) return;
    remove.mutate(ctl.ref, {
      onSuccess: () => {
        showToast('cmp.actions.componentRemoved', 'success', TOAST_MS.default, { name: loaded.name });
        void ctl.leave('/admin/dashboard');
      },
      onError: fail,
    });
  };
  const copySchema = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(loaded.settings, null, 2));
      showToast('common.copied', 'success', TOAST_MS.copied);
    } catch {
      showToast('unexpectedError', 'danger');
    }
  };

  return (
    <Section title={<FormattedMessage id="cmp.actions.component" />}>
      <div className="action-list">
        <button type="button" className="button" data-testid="action-clone" onClick={() => show('clone')}>
          <FormattedMessage id="cmp.actions.clone" />
        </button>
        <button type="button" className="button" data-testid="action-copy-schema" onClick={() => void copySchema()}>
          <FormattedMessage id="cmp.actions.copySchema" />
        </button>
        <button type="button" className="button danger" data-testid="action-remove-component" onClick={() => show('remove')}>
          <FormattedMessage id="cmp.actions.removeComponent" />
        </button>
      </div>
      {failure && !open ? (
        <p className="form-error" role="alert">
          <Message value={failure} />
        </p>
      ) : null}
      <Dialog
        open={open === 'clone'}
        title={<FormattedMessage id="cmp.actions.clone" />}
        onClose={() => setOpen(null)}
      >
        <form onSubmit={submitClone}>
          <label className="field">
            <span className="field-label">
              <FormattedMessage id="cmp.actions.cloneName" />
            </span>
            <input name="clone-name" value={cloneName} autoFocus onChange={(e) => setCloneName(e.target.value)} />
          </label>
          {failure ? (
            <p className="form-error" role="alert">
              <Message value={failure} />
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="button" onClick={() => setOpen(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary" data-testid="clone-submit" disabled={clone.isPending || cloneName.trim() === ''}>
              <FormattedMessage id="cmp.actions.clone" />
            </button>
          </div>
        </form>
      </Dialog>
      <Dialog open={open === 'remove'} title={<FormattedMessage id="cmp.actions.removeComponent" />} onClose={() => setOpen(null)}>
        <form onSubmit={submitRemove}>
          <p>
            <FormattedMessage id="cmp.actions.removeWarning" values={{ name: <strong>{loaded.name}</strong>, word: <code>{CONFIRM_WORD}</code> }} />
          </p>
          <label className="field">
            <span className="field-label">
              <FormattedMessage id="cmp.actions.typeWord" values={{ word: CONFIRM_WORD }} />
            </span>
            <input name="confirm-word" value={word} autoComplete="off" autoFocus onChange={(e) => setWord(e.target.value)} />
          </label>
          {failure ? (
            <p className="form-error" role="alert">
              <Message value={failure} />
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="button" onClick={() => setOpen(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary danger-fill" data-testid="confirm-remove" disabled={remove.isPending || word !== CONFIRM_WORD}>
              <FormattedMessage id="cmp.actions.removeComponent" />
            </button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
