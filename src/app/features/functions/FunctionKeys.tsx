// A global function's signing keys: add one (its key shown once, held by this component only),
// revoke one after a confirmation (DELETE /v1/system/function/signature/{function}/{key}).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { GlobalFunction, GlobalFunctionKey, GlobalFunctionKeyCreated } from '../../../../runtime/api/functions';
import { functionsApi } from '../../../../runtime/client/functions';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyValue } from '../../components/CopyValue';
import { FailureText, failureSummary } from '../../components/form/failure';
import { When } from '../../components/When';
import { functionKeys } from './data';

export function FunctionKeys({ fn }: { fn: GlobalFunction }) {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<GlobalFunctionKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<GlobalFunctionKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: functionKeys.one(fn.uuid) });
  const add = useMutation({
    mutationFn: () => functionsApi.addKey(fn.uuid),
    onSuccess: (key) => {
      setFresh(key);
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (key: GlobalFunctionKey) => functionsApi.revokeKey(fn.uuid, key.uuid),
    onSuccess: (_, key) => {
      setRevoking(null);
      if (fresh?.uuid === key.uuid) setFresh(null);
      showToast('fn.keys.revoked', 'success');
      return refresh();
    },
  });

  return (
    <section className="card stack function-keys" aria-labelledby="function-keys-title" data-testid="function-keys">
      <div className="page-header page-header-row">
        <h2 id="function-keys-title">
          <FormattedMessage id="fn.keys" />
        </h2>
        <button type="button" className="button" onClick={() => add.mutate()} disabled={add.isPending} data-testid="function-key-add">
          <FormattedMessage id="fn.keys.add" />
        </button>
      </div>
      <p className="muted small">
        <FormattedMessage id="fn.keys.intro" />
      </p>
      <FailureText message={add.isError ? failureSummary(add.error) : null} />
      {fresh ? (
        <div className="subcard stack">
          <p>
            <FormattedMessage id="fn.keys.shownOnce" />
          </p>
          <CopyValue value={fresh.key} testId="function-key-value" copyTestId="function-key-copy" label={<code>{fresh.uuid}</code>} />
        </div>
      ) : null}
      {fn.keys.length === 0 ? (
        <p className="muted" data-testid="function-keys-empty">
          <FormattedMessage id="fn.keys.empty" />
        </p>
      ) : (
        <ul className="stack" role="list">
          {fn.keys.map((key) => (
            <li key={key.uuid} className="row" data-testid="function-key-row">
              <span className="grow">
                <code>{key.uuid}</code>{' '}
                <span className="muted">
                  <FormattedMessage id="fn.keys.hint" values={{ hint: key.hint }} /> · <When value={key.created_at} /> · <When value={key.last_used_at} />
                </span>
              </span>
              <button type="button" className="button button-small danger" onClick={() => setRevoking(key)} data-testid="function-key-revoke">
                <FormattedMessage id="fn.keys.revoke" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={<FormattedMessage id="fn.keys.revoke" />}
        confirmLabel={<FormattedMessage id="fn.keys.revoke" />}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
        pending={revoke.isPending}
        failure={revoke.isError ? failureSummary(revoke.error) : null}
      >
        <FormattedMessage id="fn.keys.revokeConfirm" values={{ hint: revoking?.hint ?? '' }} />
      </ConfirmDialog>
    </section>
  );
}
