// /home/platform/updates (spec section 2; issue 32 item 5): the release notes of the running version
// and the ones before it, newest first, in the interface's language (release-notes.json; the running
// version is the build's package.json, the same as the server's).
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { version as running } from '../../../../package.json';
import notes from '../../../../release-notes.json';
import { notesIn, releasesUpTo, type Release } from '../../../../runtime/platform/releaseNotes';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Sparkles } from '../../../../renderers/ui/icons';
import { PageHeader } from '../../components/PageHeader';
import './updates.css';

const RELEASES = releasesUpTo(notes as Release[], running);

function ReleaseCard({ release, locale }: { release: Release; locale: string }) {
  const id = `release-${release.version.replace(/\W/g, '-')}`;
  return (
    <article className="card release" data-testid="release" data-version={release.version} aria-labelledby={id}>
      <header className="release-head">
        <h2 id={id}>Luma {release.version}</h2>
        {release.version === running ? (
          <span className="badge badge-success" data-testid="release-running">
            <FormattedMessage id="updates.running" />
          </span>
        ) : null}
        <span className="muted">
          <FormattedMessage id="updates.released" values={{ date: <FormattedDate value={`${release.date}T12:00:00Z`} dateStyle="long" /> }} />
        </span>
      </header>
      <ul className="release-notes">
        {notesIn(release, locale).map((note) => (
          <li key={note.title}>
            <strong>{note.title}</strong> {note.text}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function UpdatesPage() {
  const { locale } = useIntl();
  // react-intl's locale is a BCP 47 tag (en-US); the notes are keyed by the interface's locale names.
  const key = locale.startsWith('sr') ? 'sr' : 'en_US';
  return (
    <div className="page updates-page" data-testid="updates-page">
      <PageHeader title={<FormattedMessage id="updates.title" />} />
      <p className="muted">
        <FormattedMessage id="updates.intro" />
      </p>
      {RELEASES.length === 0 ? (
        <div className="card">
          <EmptyState testId="updates-empty" icon={<Sparkles />} title={<FormattedMessage id="updates.none" />} />
        </div>
      ) : (
        RELEASES.map((release) => <ReleaseCard key={release.version} release={release} locale={key} />)
      )}
    </div>
  );
}
