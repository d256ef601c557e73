// /admin/iam/edit/:id: one person's membership (status and roles), and removing it.
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { memberQueryOptions } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { truncateTitle } from '../../../../renderers/ui/truncate';
import { MemberForm } from './MemberForm';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { memberHref, StatusBadge } from './ui';
import { When } from '../../components/When';

export function MemberEditPage() {
  const { id = '' } = useParams({ strict: false });
  const member = useQuery(memberQueryOptions(id));
  if (member.isPending) return <Loading />;
  if (member.isError) {
    return (
      <div className="page page-narrow">
        <LoadError error={member.error} />
        <BackLink href="/admin/iam" label="iam.backToMembers" />
      </div>
    );
  }
  const m = member.data;
  return (
    <div className="page page-narrow" data-testid="member-page">
      <PageHeader title={<span title={m.name}>{truncateTitle(m.name)}</span>}>
        <BackLink href="/admin/iam" label="iam.backToMembers" />
      </PageHeader>
      {m.kind === 'api' ? (
        <p className="callout callout-info">
          <FormattedMessage id="iam.member.isApiUser" />{' '}
          <AppLink href={memberHref(m)}>
            <FormattedMessage id="iam.apiUser.secrets" />
          </AppLink>
        </p>
      ) : null}
      <dl className="details card">
        <dt><FormattedMessage id="iam.email" /></dt>
        <dd>{m.kind === 'api' ? <FormattedMessage id="iam.apiUser" /> : m.email}</dd>
        <dt><FormattedMessage id="iam.status" /></dt>
        <dd>
          <StatusBadge status={m.status} />
          {m.is_owner ? (
            <>
              {' '}
              <span className="badge badge-info"><FormattedMessage id="iam.owner" /></span>
            </>
          ) : null}
        </dd>
        <dt><FormattedMessage id="iam.lastLogin" /></dt>
        <dd><When value={m.login_at} /></dd>
        <dt><FormattedMessage id="iam.memberSince" /></dt>
        <dd><When value={m.created_at} /></dd>
      </dl>
      <MemberForm key={m.uuid} member={m} />
    </div>
  );
}
