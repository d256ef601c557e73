// Component actions: clone (new name), copy schema (clipboard), remove (type 'delete' to confirm);
// each success is confirmed with a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { COMPONENT_MESSAGE } from '../../../../../runtime/components';
import { cloneComponentMutation, removeComponentMutation } from '../../../../../renderers/data/components';
import { errorDisplay } from '../../../../../runtime/client/errorMessage';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { settingsPath } from '../../../../../renderers/ui/componentLabel';
import { ChoiceButtons, FormError } from '../formParts';
import { Section, WrapField } from './controls';
import type { SettingsController } from './useSettingsController';

/** Deleting requires typing this word (spec section 5). */
export const CONFIRM_WORD = 'delete';

type Open = null | 'clone' | 'remove';

interface DialogProps {
  open: boolean;
  ctl: SettingsController;
  /** What went wrong (kept by the section: it stays in view after the dialog closes). */
  failure: string | null;
  onFail: (error: unknown) => void;
  onClose: () => void;
}

/** A dialog's form of one text input, what went wrong and its two buttons; the input starts empty at each opening. */
function OneInputForm(props: {
  label: ReactNode;
  inputName: string;
  autoComplete?: string;
  /** Whether the typed value may be sent. */
  accepts: (value: string) => boolean;
  onSubmit: (value: string) => void;
  failure: string | null;
  pending: boolean;
  submit: { label: string; testId: string; className?: string };
  onCancel: () => void;
  children?: ReactNode;
}) {
  const [value, setValue] = useState('');
  const ok = props.accepts(value);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) props.onSubmit(value);
      }}
    >
      {props.children}
      <WrapField label={props.label}>
        <input name={props.inputName} value={value} autoComplete={props.autoComplete} autoFocus onChange={(e) => setValue(e.target.value)} />
      </WrapField>
      <FormError message={props.failure} />
      <div className="modal-actions">
        <ChoiceButtons no="common.cancel" onNo={props.onCancel} yes={props.submit.label} yesTestId={props.submit.testId} yesClassName={props.submit.className} yesDisabled={props.pending || !ok} />
      </div>
    </form>
  );
}

/** Clones the component under a new name and opens the clone's settings. */
function CloneDialog({ open, ctl, failure, onFail, onClose }: DialogProps) {
  const clone = useMutation(cloneComponentMutation(useQueryClient()));
  const submit = (typed: string) => {
    const name = typed.trim();
    clone.mutate(
      { name, ref: ctl.ref },
      {
        onSuccess: ({ uuid }) => {
          showToast('cmp.actions.cloned', 'success', TOAST_MS.default, { name });
          void ctl.leave(settingsPath(uuid) + '#general');
        },
        onError: onFail,
      },
    );
  };
  return (
    <Dialog open={open} title={<FormattedMessage id="cmp.actions.clone" />} onClose={onClose}>
      <OneInputForm
        label={<FormattedMessage id="cmp.actions.cloneName" />}
        inputName="clone-name"
        accepts={(name) => name.trim() !== ''}
        onSubmit={submit}
        failure={failure}
        pending={clone.isPending}
        submit={{ label: 'cmp.actions.clone', testId: 'clone-submit' }}
        onCancel={onClose}
      />
    </Dialog>
  );
}

/** Removes the component once CONFIRM_WORD is typed, then goes to the dashboard. */
function RemoveComponentDialog({ open, ctl, failure, onFail, onClose }: DialogProps) {
  const remove = useMutation(removeComponentMutation(useQueryClient()));
  const name = ctl.loaded!.name;
  // The promise, not mutate's callbacks: the list refetched after the removal no longer has the component,
  // the settings page then shows "not found" and unmounts this dialog, and mutate's callbacks die with it.
  const submit = () =>
    remove.mutateAsync(ctl.ref).then(() => {
      showToast('cmp.actions.componentRemoved', 'success', TOAST_MS.default, { name });
      void ctl.leave('/admin/dashboard');
    }, onFail);
  return (
    <Dialog open={open} title={<FormattedMessage id="cmp.actions.removeComponent" />} onClose={onClose}>
      <OneInputForm
        label={<FormattedMessage id="cmp.actions.typeWord" values={{ word: CONFIRM_WORD }} />}
        inputName="confirm-word"
        autoComplete="off"
        accepts={(word) => word === CONFIRM_WORD}
        onSubmit={submit}
        failure={failure}
        pending={remove.isPending}
        submit={{ label: 'cmp.actions.removeComponent', testId: 'confirm-remove', className: 'button button-primary danger-fill' }}
        onCancel={onClose}
      >
        <p>
          <FormattedMessage id="cmp.actions.removeWarning" values={{ name: <strong>{name}</strong>, word: <code>{CONFIRM_WORD}</code> }} />
        </p>
      </OneInputForm>
    </Dialog>
  );
}

export function ComponentActions({ ctl, blocked }: { ctl: SettingsController; blocked: boolean }) {
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = ctl.loaded!;

  const fail = (error: unknown) => {
    const shown = errorDisplay(error);
    if (shown.kind !== 'reported') setFailure(shown.messageKey);
  };
  // While other components depend on this one, the dialogs stay shut and the reason is shown instead.
  const show = (which: Open) => {
    setFailure(blocked && which ? COMPONENT_MESSAGE.componentRemovalBlockedByDependency : null);
    setOpen(blocked ? null : which);
  };
  const copySchema = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(loaded.settings, null, 2));
      showToast('common.copied', 'success', TOAST_MS.copied);
    } catch {
      showToast('unexpectedError', 'danger');
    }
  };
  const dialog = { ctl, failure, onFail: fail, onClose: () => setOpen(null) };

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
      {open ? null : <FormError message={failure} />}
      <CloneDialog open={open === 'clone'} {...dialog} />
      <RemoveComponentDialog open={open === 'remove'} {...dialog} />
    </Section>
  );
}
