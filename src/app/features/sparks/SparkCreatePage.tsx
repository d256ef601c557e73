// /admin/spark/create: a spark's name and description; its page opens next to write the code.
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { isValidSparkName, SPARK_DESCRIPTION_MAX, SPARK_MESSAGE, type Spark } from '../../../../runtime/api/sparks';
import { sparksApi } from '../../../../runtime/client/sparks';
import { sparkKeys } from '../../../../renderers/data/sparks';
import { FieldErrors } from '../../components/FieldErrors';
import { NO_FAILURE } from '../../components/form/failure';
import { FormFooter, FormPage, useSavedThen } from '../../components/form/FormPage';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { sparkHref } from './parts';

const STARTER = "// data: the input; context: { env, environment, user, records }\nconsole.log('called with', data);\nreturn { hello: data };\n";

export function SparkCreatePage() {
  const onSaved = useSavedThen<Spark>({
    cache: sparkKeys.one,
    refresh: (client) => client.invalidateQueries({ queryKey: sparkKeys.all }),
    next: (spark) => sparkHref(spark.uuid),
  });
  const nameId = useId();
  const descriptionId = useId();
  const form = useFormPage({
    initial: { name: '', description: '' },
    // The same rule as the server's, checked first so a typo answers at once.
    validate: (v): FieldRules => (isValidSparkName(v.name.trim()) ? {} : { name: [SPARK_MESSAGE.nameRule] }),
    save: (v) => sparksApi.create({ name: v.name.trim(), description: v.description.trim(), code: STARTER }),
    onSaved,
  });
  const nameErrors = form.errors('name');
  return (
    <FormPage title={<FormattedMessage id="sparks.new" />} back={{ href: '/admin/spark', label: 'sparks.title' }}>
      <form className="card form" onSubmit={form.submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={nameId}>
            <FormattedMessage id="sparks.name" />
          </label>
          <input id={nameId} name="name" autoComplete="off" required maxLength={64} data-testid="spark-name" value={form.values.name} onChange={(e) => {
            form.set('name', e.target.value);
            // A corrected name drops the old complaint; the rule shows as the hint again.
            if (form.failure.fields.name) form.setFailure(NO_FAILURE);
          }} />
          {nameErrors ? (
            <FieldErrors messages={nameErrors} />
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
          <textarea id={descriptionId} name="description" rows={3} maxLength={SPARK_DESCRIPTION_MAX} data-testid="spark-description" value={form.values.description} onChange={(e) => form.set('description', e.target.value)} />
          <FieldErrors messages={form.errors('description')} />
        </div>
        <FormFooter form={form} idle="sparks.create" testId="spark-save" />
      </form>
    </FormPage>
  );
}
