// A component's records on a served public app: the fields the app may read, as a table that scrolls
// sideways on a narrow screen.
import { useEffect, useState } from 'react';
import type { PublicComponent, PublicRecordList } from '../../../runtime/api/public-apps';
import { CallError, publicApi } from './api';
import { t } from './messages';

const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function RecordList({ component }: { component: PublicComponent }) {
  const [list, setList] = useState<PublicRecordList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    publicApi.list(component.uuid).then(setList, (error: unknown) => setFailure(error instanceof CallError ? error.message : 'failed'));
  }, [component.uuid]);
  return (
    <section className="pa-card" data-testid="public-list" data-component={component.uuid}>
      <h2>{component.label}</h2>
      {failure ? <p className="pa-error" role="alert">{t(failure)}</p> : null}
      {!list && !failure ? <p className="pa-muted">{t('loading')}</p> : null}
      {list && list.items.length === 0 ? <p className="pa-muted">{t('empty')}</p> : null}
      {list && list.items.length > 0 ? (
        <div className="pa-scroll">
          <table>
            <thead>
              <tr>
                {component.fields.map((field) => (
                  <th key={field.key} scope="col">
                    {field.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={String(item.uuid)}>
                  {component.fields.map((field) => (
                    <td key={field.key}>{cell(item[field.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
