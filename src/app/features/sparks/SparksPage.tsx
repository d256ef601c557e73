// /admin/spark: the project's sparks with the release each environment runs and their last invocation.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SparkSummary } from '../../../../runtime/api/sparks';
import { sparksQueryOptions } from '../../../../renderers/data/sparks';
import { Sparkles } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { When } from '../../components/When';
import { sparkHref, VersionBadge } from './parts';

const COLUMNS: ListColumn<SparkSummary>[] = [
  {
    id: 'name',
    header: 'sparks.name',
    cell: (spark) => (
      <>
        <AppLink href={sparkHref(spark.uuid)}>{spark.name}</AppLink>
        {spark.description ? <div className="muted spark-description">{spark.description}</div> : null}
      </>
    ),
  },
  { id: 'dev', header: 'sparks.dev', cell: (spark) => <VersionBadge version={spark.dev_version} /> },
  { id: 'live', header: 'sparks.live', cell: (spark) => <VersionBadge version={spark.live_version} tone="success" /> },
  { id: 'lastInvocation', header: 'sparks.lastInvocation', cell: (spark) => <When value={spark.last_invoked_at} fallback="sparks.never" /> },
];

export function SparksPage() {
  const sparks = useQuery(sparksQueryOptions());
  // Spec section 8: a spark list failure gives an error toast (the page says it too).
  useEffect(() => {
    if (sparks.isError) showToast('sparkListFailed', 'danger');
  }, [sparks.isError]);
  return (
    <ListPage
      title="sparks.title"
      primary={{ href: '/admin/spark/create', label: 'sparks.new', testId: 'spark-create' }}
      intro="sparks.intro"
      sectionTestId="spark-list"
      query={sparks}
      columns={COLUMNS}
      rowTestId="spark-row"
      rowAttributes={(spark) => ({ 'data-name': spark.name })}
      empty={{ testId: 'spark-empty', icon: <Sparkles />, title: 'sparks.empty', hint: 'sparks.emptyHint' }}
    />
  );
}
