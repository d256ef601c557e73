// /admin/spark/:id: the draft in the code editor, releases with deploy to dev or live, a Run box and
// the live log of invocations (docs/user-code.md "Sparks").
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Spark } from '../../../../runtime/api/sparks';
import { sparksApi } from '../../../../runtime/client/sparks';
import { sparkKeys, sparkQueryOptions } from '../../../../renderers/data/sparks';
import { CodeEditor } from '../../components/code/CodeEditor';
import { FailureText, summaryOf } from '../../components/form/failure';
import { RemoveButton } from '../../components/form/RemoveButton';
import { useFormPage } from '../../components/form/useFormPage';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { invokeUrl } from './parts';
import { SparkLogs } from './SparkLogs';
import { SparkReleases } from './SparkReleases';
import { SparkRun } from './SparkRun';
import './sparks.css';

function Draft({ spark, onDirty }: { spark: Spark; onDirty: (dirty: boolean) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useFormPage({
    initial: spark.code,
    save: (code: string) => sparksApi.update(spark.uuid, { code }),
    toast: 'sparks.draftSaved',
    onSaved: (saved) => queryClient.setQueryData(sparkKeys.one(spark.uuid), saved),
    // Against the loaded spark, which may also change under the editor.
    isDirty: (code) => code !== spark.code,
  });
  const { dirty } = form;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  return (
    <section className="card stack" aria-labelledby="spark-code-title">
      <h2 id="spark-code-title" className="spark-section-title">
        <FormattedMessage id="sparks.code" />
      </h2>
      <CodeEditor value={form.values} onChange={form.setValues} language="javascript" label={intl.formatMessage({ id: 'sparks.code' })} testId="spark-code" />
      <FailureText message={summaryOf(form.failure)} />
      <div className="form-actions">
        {dirty ? (
          <span className="muted" data-testid="spark-unsaved">
            <FormattedMessage id="sparks.unsaved" />
          </span>
        ) : null}
        <button type="button" className="button button-primary" data-testid="spark-save-draft" disabled={!dirty || form.pending} onClick={() => form.submit()}>
          <FormattedMessage id="sparks.saveDraft" />
        </button>
      </div>
    </section>
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
        <RemoveButton
          label={<FormattedMessage id="sparks.remove" />}
          testId="spark-remove"
          remove={() => sparksApi.remove(data.uuid)}
          toast="sparks.removed"
          forget={(client) => {
            client.removeQueries({ queryKey: sparkKeys.one(data.uuid) });
            return client.invalidateQueries({ queryKey: sparkKeys.all });
          }}
          backTo="/admin/spark"
        >
          <FormattedMessage id="sparks.removeConfirm" values={{ name: data.name }} />
        </RemoveButton>
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
