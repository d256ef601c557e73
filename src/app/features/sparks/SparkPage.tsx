// /admin/spark/:id: the draft in the code editor, releases with deploy to dev or live, a Run box and
// the live log of invocations (docs/user-code.md "Sparks").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Spark } from '../../../../runtime/api/sparks';
import { sparksApi } from '../../../../runtime/client/sparks';
import { sparkKeys, sparkQueryOptions } from '../../../../renderers/data/sparks';
import { showToast } from '../../../../renderers/ui/toast';
import { CodeEditor } from '../../components/code/CodeEditor';
import { BackLink, ConfirmDialog, FailureText, failureSummary, LoadError, Loading, PageHeader } from '../iam/ui';
import { invokeUrl } from './parts';
import { SparkLogs } from './SparkLogs';
import { SparkReleases } from './SparkReleases';
import { SparkRun } from './SparkRun';
import './sparks.css';

function Draft({ spark, onDirty }: { spark: Spark; onDirty: (dirty: boolean) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(spark.code);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => sparksApi.update(spark.uuid, { code }),
    onSuccess: (saved) => {
      queryClient.setQueryData(sparkKeys.one(spark.uuid), saved);
      setFailure(null);
      showToast('sparks.draftSaved', 'success');
    },
    onError: (error) => setFailure(failureSummary(error)),
  });
  const dirty = code !== spark.code;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  return (
    <section className="card stack" aria-labelledby="spark-code-title">
      <h2 id="spark-code-title" className="spark-section-title">
        <FormattedMessage id="sparks.code" />
      </h2>
      <CodeEditor value={code} onChange={setCode} language="javascript" label={intl.formatMessage({ id: 'sparks.code' })} testId="spark-code" />
      <FailureText message={failure} />
      <div className="form-actions">
        {dirty ? (
          <span className="muted" data-testid="spark-unsaved">
            <FormattedMessage id="sparks.unsaved" />
          </span>
        ) : null}
        <button type="button" className="button button-primary" data-testid="spark-save-draft" disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
          <FormattedMessage id="sparks.saveDraft" />
        </button>
      </div>
    </section>
  );
}

function RemoveButton({ spark }: { spark: Spark }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => sparksApi.remove(spark.uuid),
    onSuccess: async () => {
      showToast('sparks.removed', 'success');
      queryClient.removeQueries({ queryKey: sparkKeys.one(spark.uuid) });
      await queryClient.invalidateQueries({ queryKey: sparkKeys.all });
      await navigate({ href: '/admin/spark' });
    },
  });
  return (
    <>
      <button type="button" className="button danger" data-testid="spark-remove" onClick={() => setOpen(true)}>
        <FormattedMessage id="sparks.remove" />
      </button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id="sparks.remove" />}
        confirmLabel={<FormattedMessage id="sparks.remove" />}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setOpen(false);
          remove.reset();
        }}
        pending={remove.isPending}
        failure={remove.isError ? failureSummary(remove.error) : null}
      >
        <FormattedMessage id="sparks.removeConfirm" values={{ name: spark.name }} />
      </ConfirmDialog>
    </>
  );
}

export function SparkPage() {
  const { id = '' } = useParams({ strict: false });
  const spark = useQuery(sparkQueryOptions(id));
  // The draft editor starts from the loaded code; a new spark (another id) starts afresh.
  const [key, setKey] = useState(id);
  useEffect(() => setKey(id), [id]);
  // A release is cut from the saved draft: the releases box says so while the editor holds unsaved code.
  const [dirty, setDirty] = useState(false);
  if (spark.isPending) return <div className="page"><Loading /></div>;
  if (spark.isError) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="sparks.title" />}>
          <BackLink href="/admin/spark" label="sparks.title" />
        </PageHeader>
        <LoadError error={spark.error} />
      </div>
    );
  }
  const data = spark.data;
  return (
    <div className="page spark-page" data-testid="spark-page">
      <PageHeader title={<span data-testid="spark-title">{data.name}</span>}>
        <BackLink href="/admin/spark" label="sparks.title" />
        <RemoveButton spark={data} />
      </PageHeader>
      {data.description ? <p className="muted">{data.description}</p> : null}
      <p className="spark-url">
        <FormattedMessage id="sparks.url" />{' '}
        <code data-testid="spark-url">POST {invokeUrl(data.name)}</code>
      </p>
      <div className="spark-grid">
        <div className="stack">
          <Draft key={key} spark={data} onDirty={setDirty} />
          <SparkRun spark={data} />
        </div>
        <div className="stack">
          <SparkReleases spark={data} draftDirty={dirty} />
          <SparkLogs spark={data} />
        </div>
      </div>
    </div>
  );
}
