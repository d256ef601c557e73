// The profile's Tutorials section (docs/tutorials.md "Showing them again"): after "Don't show tutorials" the
// tutorials can be brought back here. It says whether they are hidden and how many are done; "Show tutorials
// again" clears the flag and, when asked, the done ticks, in /v1/config/user like the modal's own saves. The
// next screen of the admin console that has a tutorial starts it by the usual rule.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';
import { showTutorialsAgain, TUTORIAL_NAMES, wouldShowAgain, type TutorialConfig } from '../../../../runtime/tutorials/tutorials';
import { FormMessage, problemOf } from '../account/fields';
import { SectionRead } from '../account/profile/SectionRead';
import { saveTutorialConfig, tutorialConfigKey, tutorialConfigQueryOptions } from './config';

function statusOf(config: TutorialConfig | null): { id: string; values?: Record<string, number> } {
  if (config === null) return { id: 'tutorial.profile.fresh' };
  if (config.dontShow) return { id: 'tutorial.profile.hidden' };
  const done = TUTORIAL_NAMES.filter((name) => config.done[name] === true).length;
  return { id: 'tutorial.profile.showing', values: { done, total: TUTORIAL_NAMES.length } };
}

function TutorialsBody({ config, project }: { config: TutorialConfig | null; project: string }) {
  const queryClient = useQueryClient();
  const checkId = useId();
  const [clearDone, setClearDone] = useState(false);
  const save = useMutation({
    mutationFn: () => saveTutorialConfig(showTutorialsAgain(config, clearDone), project),
    onSuccess: (kept) => {
      queryClient.setQueryData(tutorialConfigKey, kept);
      setClearDone(false);
      showToast('tutorial.profile.shownAgain', 'success', TOAST_MS.default);
    },
  });
  const status = statusOf(config);
  const changes = wouldShowAgain(config, clearDone);
  return (
    <>
      <p data-testid="tutorials-status" data-hidden={config?.dontShow ? 'true' : 'false'}>
        <FormattedMessage id={status.id} values={status.values} />
      </p>
      <div className="field field-check">
        <input id={checkId} type="checkbox" data-testid="tutorials-clear-done" checked={clearDone} onChange={(e) => setClearDone(e.target.checked)} disabled={save.isPending} />
        <label htmlFor={checkId}>
          <FormattedMessage id="tutorial.profile.clearDone" />
        </label>
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="tutorials-show-again"
          onClick={() => save.mutate()}
          disabled={!changes || save.isPending}
          aria-busy={save.isPending || undefined}
          aria-describedby={changes ? undefined : `${checkId}-nothing`}
        >
          <FormattedMessage id={save.isPending ? 'tutorial.profile.saving' : 'tutorial.profile.showAgain'} />
        </button>
      </div>
      {changes ? null : (
        <p className="muted" id={`${checkId}-nothing`}>
          <FormattedMessage id="tutorial.profile.nothingToDo" />
        </p>
      )}
      {save.isError ? <FormMessage message={problemOf(save.error).message ?? 'unexpectedError'} /> : null}
    </>
  );
}

export function TutorialsSection() {
  const claims = useQuery(claimsQueryOptions());
  const project = claims.data?.ProjectUUID ?? null;
  const saved = useQuery({ ...tutorialConfigQueryOptions(), enabled: project !== null });
  // Tutorials are kept per user and project: with no project there is nothing to show again.
  if (project === null) return null;
  return (
    <section className="card" aria-labelledby="tutorials-title" data-testid="tutorials-section">
      <div className="section-head">
        <h2 className="card-title" id="tutorials-title">
          <FormattedMessage id="tutorial.profile.title" />
        </h2>
      </div>
      <SectionRead query={saved}>{(config) => <TutorialsBody config={config} project={project} />}</SectionRead>
    </section>
  );
}
