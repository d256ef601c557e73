// /admin/spark/create: a spark's name and description; its page opens next to write the code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { isValidSparkName, SPARK_DESCRIPTION_MAX, SPARK_MESSAGE, type SparkCreateBody } from '../../../../runtime/api/sparks';
import { sparksApi } from '../../../../runtime/client/sparks';
import { sparkKeys } from '../../../../renderers/data/sparks';
import { FieldErrors } from '../../components/FieldErrors';
import { BackLink, FailureText, failureOf, fieldMessages, NO_FAILURE, PageHeader, type Failure } from '../iam/ui';
import { sparkHref } from './parts';

const STARTER = "// data: the input; context: { env, environment, user, records }\nconsole.log('called with', data);\nreturn { hello: data };\n";

export function SparkCreatePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameId = useId();
  const descriptionId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const create = useMutation({
    mutationFn: (body: SparkCreateBody) => sparksApi.create(body),
    onSuccess: async (spark) => {
      queryClient.setQueryData(sparkKeys.one(spark.uuid), spark);
      await queryClient.invalidateQueries({ queryKey: sparkKeys.all });
      await navigate({ href: sparkHref(spark.uuid) });
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same rule as the server's, checked first so a typo answers at once.
    if (!isValidSparkName(name.trim())) {
      setFailure({ message: null, fields: { name: [SPARK_MESSAGE.nameRule] } });
      return;
    }
    setFailure(NO_FAILURE);
    create.mutate({ name: name.trim(), description: description.trim(), code: STARTER });
  };
  return (
    <div className="page page-narrow">
      <PageHeader title={<FormattedMessage id="sparks.new" />}>
        <BackLink href="/admin/spark" label="sparks.title" />
      </PageHeader>
      <form className="card form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={nameId}>
            <FormattedMessage id="sparks.name" />
          </label>
          <input id={nameId} name="name" autoComplete="off" required maxLength={64} data-testid="spark-name" value={name} onChange={(e) => {
            setName(e.target.value);
            // A corrected name drops the old complaint; the rule shows as the hint again.
            if (failure.fields.name) setFailure(NO_FAILURE);
          }} />
          {fieldMessages(failure.fields, 'name') ? (
            <FieldErrors messages={fieldMessages(failure.fields, 'name')} />
          ) : (
            <p className="muted">
              <FormattedMessage id="sparkNameRule" />
            </p>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={descriptionId}>
            <FormattedMessage id="sparks.description" />
          </label>
          <textarea id={descriptionId} name="description" rows={3} maxLength={SPARK_DESCRIPTION_MAX} data-testid="spark-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          <FieldErrors messages={fieldMessages(failure.fields, 'description')} />
        </div>
        <FailureText message={failure.message} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" data-testid="spark-save" disabled={create.isPending}>
            <FormattedMessage id="sparks.create" />
          </button>
        </div>
      </form>
    </div>
  );
}
