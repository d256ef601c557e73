// Leaving a form with unsaved changes asks (spec "Settings form", and any form page that turns it on):
// Yes saves (and stays if the save fails), No restores and continues. Closing the tab gets the browser's own prompt.
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { LazyDialog } from '../../../../renderers/ui/LazyDialogs';

interface Props {
  isDirty: () => boolean;
  save: () => Promise<boolean>;
  restore: () => void;
}

type Choice = 'yes' | 'no' | 'stay';

/** Asks the user, returning whether to go on. Also used before switching the viewed version. */
export function useUnsavedPrompt({ isDirty, save, restore }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((choice: Choice) => void) | null>(null);
  const latest = useRef({ isDirty, save, restore });
  latest.current = { isDirty, save, restore };

  const ask = async (): Promise<boolean> => {
    if (!latest.current.isDirty()) return true;
    setAsking(true);
    const choice = await new Promise<Choice>((resolve) => {
      resolver.current = resolve;
    });
    if (choice === 'stay') {
      setAsking(false);
      return false;
    }
    if (choice === 'no') {
      latest.current.restore();
      setAsking(false);
      return true;
    }
    setBusy(true);
    const saved = await latest.current.save();
    setBusy(false);
    setAsking(false);
    return saved;
  };

  const answer = (choice: Choice) => {
    resolver.current?.(choice);
    resolver.current = null;
  };

  // A stale promise must never keep navigation hanging after unmount.
  useEffect(() => () => answer('stay'), []);

  const dialog = (
    <LazyDialog
      open={asking}
      testId="unsaved-dialog"
      title={<FormattedMessage id="cmp.unsaved.title" />}
      onClose={() => answer('stay')}
      actions={
        <>
          <button type="button" className="button" data-testid="unsaved-cancel" onClick={() => answer('stay')} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button" data-testid="unsaved-no" onClick={() => answer('no')} disabled={busy}>
            <FormattedMessage id="cmp.unsaved.no" />
          </button>
          <button type="button" className="button button-primary" data-testid="unsaved-yes" onClick={() => answer('yes')} disabled={busy}>
            <FormattedMessage id="cmp.unsaved.yes" />
          </button>
        </>
      }
    >
      <p>
        <FormattedMessage id="cmp.unsaved.body" />
      </p>
    </LazyDialog>
  );

  return { ask, dialog };
}

/** Blocks route changes (not hash-only tab switches) while the form is dirty. */
export function UnsavedGuard({ isDirty, ask }: { isDirty: () => boolean; ask: () => Promise<boolean> }) {
  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      if (!isDirty() || current.pathname === next.pathname) return false;
      return !(await ask());
    },
    enableBeforeUnload: isDirty,
  });
  return null;
}

/** The whole question for a form: asked on leaving while `dirty` (when `enabled`), except while the form
 * itself navigates away (`leaveUnasked`, after a rename or a removal). */
export function useLeaveQuestion({ enabled, dirty, save, restore }: { enabled: boolean; dirty: boolean; save: () => Promise<boolean>; restore: () => void }) {
  const leaving = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const shouldAsk = useCallback(() => dirtyNow.current && !leaving.current, []);
  const { ask, dialog } = useUnsavedPrompt({ isDirty: shouldAsk, save, restore });
  const leaveUnasked = useCallback(async (go: () => Promise<unknown>) => {
    leaving.current = true;
    try {
      await go();
    } finally {
      leaving.current = false;
    }
  }, []);
  const prompt = enabled ? (
    <>
      <UnsavedGuard isDirty={shouldAsk} ask={ask} />
      {dialog}
    </>
  ) : null;
  return { prompt, ask, leaveUnasked };
}
