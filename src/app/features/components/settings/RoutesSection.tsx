// Routes (spec sections 3 and 5): keyed by a path of 2..64 characters forced to lower case, not
// editable after creation; a duplicate is 'a route with the same path already exists'. Each route's
// code answers {ROUTE_PREFIX}/{ref}/{path} (docs/user-code.md "Routes").
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseRoutePath, routePathProblem } from '../../../../../runtime/components';
import { ROUTE_PREFIX } from '../../../../../runtime/api/user-code';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { FieldErrors, ItemCard, Note, Section, WrapField, type TabProps } from './controls';
import { NewNameForm, RemoveItemButton } from './namedItems';

/** One route: its read-only path, its messages and its code. */
function RouteCard({ path, code, update, errors }: Omit<TabProps, 'model'> & { path: string; code: string }) {
  const intl = useIntl();
  const remove = () =>
    update((d) => {
      const next = { ...d.settings.routes };
      delete next[path];
      d.settings.routes = next;
    });
  return (
    <ItemCard title={path} testId="route-item">
      <div className="row">
        <WrapField label={<FormattedMessage id="cmp.routes.path" />} width="grow">
          <input name={`routes.${path}`} value={path} readOnly aria-describedby={`route-ro-${path}`} />
          <small className="muted" id={`route-ro-${path}`}>
            <FormattedMessage id="cmp.routes.pathReadOnly" />
          </small>
          <FieldErrors messages={errors[`routes.${path}`]} />
        </WrapField>
        <RemoveItemButton onRemove={remove} />
      </div>
      <CodeEditor
        language="javascript"
        height={200}
        testId={`route-code-${path}`}
        label={intl.formatMessage({ id: 'cmp.routes.code' })}
        value={code}
        onChange={(next) => update((d) => void (d.settings.routes[path] = { code: next }))}
      />
    </ItemCard>
  );
}

export function RoutesSection({ model, update, errors }: TabProps) {
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
      {/* Typed in any case, stored in lower case. */}
      <NewNameForm
        label={<FormattedMessage id="cmp.routes.newPath" />}
        inputName="route-path"
        testId="route-add"
        maxLength={80}
        autoCapitalize="none"
        value={path}
        onChange={setPath}
        onSubmit={add}
        refused={refused}
      />
      {paths.length === 0 ? <Note id="cmp.routes.empty" /> : null}
      {paths.map((key) => (
        <RouteCard key={key} path={key} code={routes[key]?.code ?? ''} update={update} errors={errors} />
      ))}
    </Section>
  );
}
