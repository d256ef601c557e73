// /home/users/profile: the signed-in user's details, billing address and password; two-factor
// authentication; the sessions signed in as them.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { userModelQueryOptions } from '../../../../../renderers/data/queries';
import { FormMessage, problemOf } from '../fields';
import { ProfileForm } from './ProfileForm';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

export function ProfilePage() {
  const user = useQuery(userModelQueryOptions());
  return (
    <div className="page profile-page">
      <header className="page-header">
        <h1 data-testid="profile-heading">
          <FormattedMessage id="account.profile.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="account.profile.intro" />
        </p>
      </header>
      <div className="stack">
        {user.isPending ? (
          <section className="card">
            <div className="skeleton" aria-busy="true" />
          </section>
        ) : user.isError ? (
          <section className="card">
            <FormMessage message={problemOf(user.error).message ?? 'unexpectedError'} />
            <button type="button" className="button" onClick={() => void user.refetch()}>
              <FormattedMessage id="common.retry" />
            </button>
          </section>
        ) : (
          // Keyed by user: a different account never sees the previous one's form state.
          <ProfileForm key={user.data.uuid} user={user.data} />
        )}
        <TwoFactorSection />
        <SessionsSection />
      </div>
    </div>
  );
}
