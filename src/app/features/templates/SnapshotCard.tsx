// The project's snapshot on /admin/templates (docs/snapshots.md): download it, or choose a snapshot
// file and see what applying it would create, change and remove (the diff) before applying it, in one
// transaction, after a confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { snapshotsApi } from '../../../../runtime/client/snapshots';
import type { SnapshotDiff, SnapshotDiffEntry, SnapshotDocument } from '../../../../runtime/snapshots/diff';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FailureText, failureSummary } from '../../components/form/failure';
import { afterTemplateChange } from './data';

const SIGN = { create: '+', change: '~', remove: '-' } as const;

function DiffLines({ diff }: { diff: SnapshotDiff }) {
  const lines = (['create', 'change', 'remove'] as const).flatMap((op) => diff[op].map((entry: SnapshotDiffEntry) => ({ op, entry })));
  if (lines.length === 0)
    return (
      <p className="muted" data-testid="snapshot-nothing">
        <FormattedMessage id="snapshot.nothing" />
      </p>
    );
  return (
    <ul className="snapshot-diff" data-testid="snapshot-diff">
      {lines.map(({ op, entry }) => (
        <li key={`${op}-${entry.kind}-${entry.id}`} className={`snapshot-${op}`}>
          <span aria-hidden="true">{SIGN[op]}</span> <FormattedMessage id={`snapshot.op.${op}`} /> <span className="muted">{entry.kind.replace('_', ' ')}</span> <strong>{entry.name}</strong>
          {entry.fields ? <span className="muted"> ({entry.fields.join(', ')})</span> : null}
        </li>
      ))}
    </ul>
  );
}

async function download(): Promise<void> {
  const document = await snapshotsApi.get();
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }));
  const link = Object.assign(window.document.createElement('a'), { href: url, download: 'project.snapshot.json' });
  link.click();
  URL.revokeObjectURL(url);
}

export function SnapshotCard() {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<{ name: string; document: SnapshotDocument } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const diff = useMutation({ mutationFn: (document: SnapshotDocument) => snapshotsApi.diff(document) });
  const apply = useMutation({
    mutationFn: () => snapshotsApi.apply(chosen!.document),
    onSuccess: async () => {
      setConfirm(false);
      setChosen(null);
      diff.reset();
      showToast('snapshot.applied', 'success');
      await afterTemplateChange(client);
    },
  });
  const choose = async (file: File | undefined) => {
    setReadError(null);
    diff.reset();
    setChosen(null);
    if (!file) return;
    try {
      const document = JSON.parse(await file.text()) as SnapshotDocument;
      setChosen({ name: file.name, document });
      diff.mutate(document);
    } catch {
      setReadError('snapshot.notJson');
    }
  };
  const changes = diff.data ? diff.data.create.length + diff.data.change.length + diff.data.remove.length : 0;
  return (
    <section className="card" data-testid="snapshot-card">
      <h2 className="card-title">
        <FormattedMessage id="snapshot.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="snapshot.intro" />
      </p>
      <div className="template-install-row">
        <button type="button" className="button" data-testid="snapshot-download" onClick={() => void download().catch((error: unknown) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger'))}>
          <FormattedMessage id="snapshot.download" />
        </button>
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="snapshot.choose" />
          </span>
          <input type="file" accept="application/json,.json" data-testid="snapshot-file" onChange={(event) => void choose(event.target.files?.[0])} />
        </label>
      </div>
      <FailureText message={readError ?? (diff.isError ? failureSummary(diff.error) : null)} />
      {diff.data ? <DiffLines diff={diff.data} /> : null}
      {diff.data && changes > 0 ? (
        <button type="button" className="button button-primary" data-testid="snapshot-apply" onClick={() => setConfirm(true)}>
          <FormattedMessage id="snapshot.apply" />
        </button>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={<FormattedMessage id="snapshot.applyTitle" values={{ file: chosen?.name ?? '' }} />}
        confirmLabel={<FormattedMessage id="snapshot.apply" />}
        onConfirm={() => apply.mutate()}
        onClose={() => setConfirm(false)}
        pending={apply.isPending}
        failure={apply.isError ? failureSummary(apply.error) : null}
      >
        <p>
          <FormattedMessage id="snapshot.applyBody" values={{ count: changes }} />
        </p>
      </ConfirmDialog>
    </section>
  );
}
