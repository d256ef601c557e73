// /home/users/profile: the signed-in user's details, billing address and password; two-factor
// authentication; the sessions signed in as them; showing tutorials again.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { userModelQueryOptions } from '../../../../../renderers/data/queries';
import { ProfileForm } from './ProfileForm';
import { SectionRead } from './SectionRead';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { TutorialsSection } from '../../tutorials/TutorialsSection';

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
        {user.isSuccess ? (
          // Keyed by user: a different account never sees the previous one's form state.
          <ProfileForm key={user.data.uuid} user={user.data} />
        ) : (
          <section className="card">
            <SectionRead query={user}>{() => null}</SectionRead>
          </section>
        )}
        <TwoFactorSection />
        <SessionsSection />
        <TutorialsSection />
      </div>
    </div>
  );
}
