// Remove on a form page: the button, the yes/no question (what went wrong stays in it), then the success
// toast, the page's caches dropped and the way back to its list.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { failureSummary } from './failure';

export function RemoveButton({
  label,
  title = label,
  testId,
  className = 'button danger',
  disabled,
  remove,
  toast,
  forget,
  backTo,
  children,
}: {
  label: ReactNode;
  /** The question's title; the label unless said. */
  title?: ReactNode;
  testId: string;
  className?: string;
  disabled?: boolean;
  remove: () => Promise<unknown>;
  /** The message key of the success toast. */
  toast: string;
  /** Drops and refreshes what the removed item leaves behind in the cache. */
  forget: (queryClient: QueryClient) => unknown;
  /** Where to go after. */
  backTo: string;
  /** The question. */
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const call = useMutation({ mutationFn: remove });
  const confirm = () =>
    call.mutate(undefined, {
      onSuccess: async () => {
        setOpen(false);
        showToast(toast, 'success');
        await forget(queryClient);
        await navigate({ href: backTo });
      },
    });
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        disabled={disabled}
        onClick={() => {
          call.reset();
          setOpen(true);
        }}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        pending={call.isPending}
        failure={call.isError ? failureSummary(call.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
