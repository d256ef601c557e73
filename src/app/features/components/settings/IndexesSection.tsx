// Indexes (Model tab; docs/lists.md "Self-tuning indexes"): each index of the component's records,
// why it exists (declared by the schema, built after slow queries of a shape, or always indexed by
// an admin) and its size; Drop after a confirmation, and "Always index" per field. Indexes are the
// database's, not the version's: they change at once, without a save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ComponentIndex, ComponentIndexes } from '../../../../../runtime/api/record-indexes';
import { componentsApi } from '../../../../../runtime/client/components';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast } from '../../../../../renderers/ui/toast';
import { failureSummary } from '../../../components/form/failure';
import { ChoiceButtons } from '../formParts';
import { formatSize } from '../../media/rules';
import { Section, type TabProps } from './controls';

const indexKeys = (ref: string) => ['components', 'indexes', ref] as const;

function Reason({ index }: { index: ComponentIndex }) {
  const reason = <FormattedMessage id={`cmp.indexes.reason.${index.reason}`} values={{ count: index.slowCount, shape: index.shape ?? '' }} />;
  if (index.status === 'building') return <>{reason} (<FormattedMessage id="cmp.indexes.building" />)</>;
  if (index.status === 'failed') return <>{reason} (<FormattedMessage id="cmp.indexes.failed" values={{ error: index.error ?? '' }} />)</>;
  return reason;
}

function IndexRows({ data, onDrop }: { data: ComponentIndexes; onDrop: (index: ComponentIndex) => void }) {
  if (data.indexes.length === 0) return <p className="muted"><FormattedMessage id="cmp.indexes.none" /></p>;
  return (
    <div className="table-scroll">
      <table className="table" data-testid="component-indexes">
        <thead>
          <tr>
            <th><FormattedMessage id="cmp.indexes.field" /></th>
            <th><FormattedMessage id="cmp.indexes.kind" /></th>
            <th><FormattedMessage id="cmp.indexes.reason" /></th>
            <th><FormattedMessage id="cmp.indexes.size" /></th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.indexes.map((index) => (
            <tr key={index.name} data-testid="component-index">
              <td>{index.field}</td>
              <td><FormattedMessage id={`cmp.indexes.kind.${index.kind}`} values={{ value: index.value ?? '' }} /></td>
              <td><Reason index={index} /></td>
              <td className="nowrap">{index.size === null ? '' : formatSize(index.size)}</td>
              <td>
                {index.reason === 'declared' ? null : (
                  <button type="button" className="button button-small danger" data-testid="index-drop" onClick={() => onDrop(index)}>
                    <FormattedMessage id="cmp.indexes.drop" />
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function IndexesSection({ model }: Pick<TabProps, 'model'>) {
  const intl = useIntl();
  const ref = model.scope ? `${model.scope}/${model.name}` : model.uuid;
  const queryClient = useQueryClient();
  const [dropping, setDropping] = useState<ComponentIndex | null>(null);
  const indexes = useQuery({
    queryKey: indexKeys(ref),
    queryFn: ({ signal }) => componentsApi.indexes(ref, signal),
    // A build runs in a job: look again while one is under way.
    refetchInterval: (query) => (query.state.data?.indexes.some((index) => index.status === 'building') ? 2000 : false),
  });
  const settle = {
    onSuccess: (data: ComponentIndexes) => queryClient.setQueryData(indexKeys(ref), data),
    onError: (error: unknown) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger'),
  };
  const drop = useMutation({ mutationFn: (name: string) => componentsApi.dropIndex(ref, name), ...settle, onSettled: () => setDropping(null) });
  const always = useMutation({ mutationFn: (field: string) => componentsApi.alwaysIndex(ref, field), ...settle });
  const data = indexes.data;
  return (
    <Section title={<FormattedMessage id="cmp.indexes.title" />}>
      <p className="muted"><FormattedMessage id="cmp.indexes.intro" values={{ max: data?.autoMax ?? 0 }} /></p>
      {data ? <IndexRows data={data} onDrop={setDropping} /> : null}
      {data && data.fields.length > 0 ? (
        <>
          <p className="muted" id="index-fields-label"><FormattedMessage id="cmp.indexes.fields" /></p>
          <div className="check-grid" aria-labelledby="index-fields-label">
            {data.fields.map((field) => (
              <span key={field.key} className="row">
                <span>{field.key}</span>
                {field.always ? (
                  <span className="muted"><FormattedMessage id="cmp.indexes.alwaysOn" /></span>
                ) : (
                  <button type="button" className="button button-small" data-testid={`index-always-${field.key}`} disabled={always.isPending} onClick={() => always.mutate(field.key)}>
                    <FormattedMessage id="cmp.indexes.always" />
                  </button>
                )}
              </span>
            ))}
          </div>
        </>
      ) : null}
      <Dialog
        open={dropping !== null}
        title={<FormattedMessage id="cmp.indexes.dropTitle" />}
        onClose={() => setDropping(null)}
        actions={
          <ChoiceButtons
            no="cmp.indexes.cancel"
            onNo={() => setDropping(null)}
            yes="cmp.indexes.drop"
            yesTestId="index-drop-yes"
            yesClassName="button button-primary danger-fill"
            yesDisabled={drop.isPending}
            onYes={() => dropping && drop.mutate(dropping.name)}
          />
        }
      >
        <p>
          <FormattedMessage id="cmp.indexes.dropConfirm" values={{ field: dropping?.field ?? '', kind: dropping ? intl.formatMessage({ id: `cmp.indexes.kind.${dropping.kind}` }, { value: dropping.value ?? '' }) : '' }} />
        </p>
      </Dialog>
    </Section>
  );
}
