// Routes (spec sections 3 and 5): keyed by a path of 2..64 characters forced to lower case, not
// editable after creation; a duplicate is 'a route with the same path already exists'. Each route's
// code answers {ROUTE_PREFIX}/{ref}/{path} (docs/user-code.md "Routes").
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseRoutePath, routePathProblem } from '../../../../../runtime/components';
import { ROUTE_PREFIX } from '../../../../../runtime/api/user-code';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { FieldErrors, Section, type TabProps } from './controls';

export function RoutesSection({ model, update, errors }: TabProps) {
  const intl = useIntl();
  const routes = model.settings.routes ?? {};
  const paths = Object.keys(routes);
  const [path, setPath] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  const ref = model.scope ? `${model.scope}/${model.name}` : model.uuid;

  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = routePathProblem(path, paths);
    setRefused(problem ? [problem] : []);
    if (problem) return;
    const lower = normaliseRoutePath(path);
    update((d) => void (d.settings.routes = { ...d.settings.routes, [lower]: { code: '' } }));
    setPath('');
  };

  return (
    <Section title={<FormattedMessage id="cmp.routes.title" />}>
      <p className="muted">
        <FormattedMessage id="cmp.routes.hint" values={{ prefix: <code>{ROUTE_PREFIX}</code>, ref: <code>{ref}</code>, path: <code>{'{path}'}</code> }} />
      </p>
      <form className="row" onSubmit={add}>
        <label className="field grow">
          <span className="field-label">
            <FormattedMessage id="cmp.routes.newPath" />
          </span>
          {/* Typed in any case, stored in lower case. */}
          <input name="route-path" value={path} maxLength={80} autoCapitalize="none" onChange={(e) => setPath(e.target.value)} />
          <FieldErrors messages={refused} />
        </label>
        <button type="submit" className="button" data-testid="route-add">
          <FormattedMessage id="common.add" />
        </button>
      </form>
      {paths.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="cmp.routes.empty" />
        </p>
      ) : null}
      {paths.map((key) => (
        <fieldset key={key} className="subcard" data-testid="route-item">
          <legend>
            <code>{key}</code>
          </legend>
          <div className="row">
            <label className="field grow">
              <span className="field-label">
                <FormattedMessage id="cmp.routes.path" />
              </span>
              <input name={`routes.${key}`} value={key} readOnly aria-describedby={`route-ro-${key}`} />
              <small className="muted" id={`route-ro-${key}`}>
                <FormattedMessage id="cmp.routes.pathReadOnly" />
              </small>
              <FieldErrors messages={errors[`routes.${key}`]} />
            </label>
            <button
              type="button"
              className="button button-ghost danger"
              onClick={() =>
                update((d) => {
                  const next = { ...d.settings.routes };
                  delete next[key];
                  d.settings.routes = next;
                })
              }
            >
              <FormattedMessage id="common.remove" />
            </button>
          </div>
          <CodeEditor
            language="javascript"
            height={200}
            testId={`route-code-${key}`}
            label={intl.formatMessage({ id: 'cmp.routes.code' })}
            value={routes[key]?.code ?? ''}
            onChange={(code) => update((d) => void (d.settings.routes[key] = { code }))}
          />
        </fieldset>
      ))}
    </Section>
  );
}
