// /admin/thunder: the project's thunder data sets (docs/thunder.md) with their status, size, last and
// next build, each opening its page; "New data set" opens the definition form above the list (a new
// set is defined, its first build queued, and its page opened). An empty state leads to the first one.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ThunderSet } from '../../../../runtime/api/thunder';
import { Database } from '../../../../renderers/ui/icons';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { thunderHref, thunderSetsQueryOptions } from './data';
import { DefinitionCard, Size, StatusBadge, When } from './parts';
import '../widgets/widgets.css';
import './thunder.css';

const COLUMNS: ListColumn<ThunderSet>[] = [
  { id: 'name', header: 'thunder.name', cell: (set) => <NameLink href={thunderHref(set.name)} name={set.name} /> },
  { id: 'source', header: 'thunder.source', cell: (set) => <FormattedMessage id={`thunder.source.${set.source}`} /> },
  { id: 'status', header: 'thunder.statusHeader', cell: (set) => <StatusBadge set={set} /> },
  { id: 'size', header: 'thunder.size', cellClassName: 'muted nowrap', cell: (set) => <Size set={set} /> },
  { id: 'built', header: 'thunder.lastBuild', cellClassName: 'muted nowrap', cell: (set) => <When at={set.built_at} none="thunder.never" /> },
  { id: 'next', header: 'thunder.nextBuild', cellClassName: 'muted nowrap', cell: (set) => <When at={set.next_build_at} none={set.rebuild_on_change && set.source === 'component' ? 'thunder.onChange' : 'thunder.noSchedule'} /> },
];

export function ThunderListPage() {
  const sets = useQuery(thunderSetsQueryOptions());
  const [creating, setCreating] = useState(false);
  return (
    <ListPage
      title="thunder.title"
      primary={{ onPress: () => setCreating(true), label: 'thunder.new', testId: 'thunder-create' }}
      intro={
        <>
          <p className="muted">
            <FormattedMessage id="thunder.intro" />
          </p>
          {creating ? (
            <div className="thunder-new">
              <DefinitionCard existing={null}>
                <button type="button" className="button button-ghost" onClick={() => setCreating(false)}>
                  <FormattedMessage id="common.cancel" />
                </button>
              </DefinitionCard>
            </div>
          ) : null}
        </>
      }
      sectionTestId="thunder-list"
      query={sets}
      columns={COLUMNS}
      rowTestId="thunder-row"
      empty={{ testId: 'thunder-empty', icon: <Database />, title: 'thunder.empty', hint: 'thunder.emptyHint' }}
    />
  );
}
