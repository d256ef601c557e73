// The tutorial modal (spec section 2): a carousel of slides shown as 'n / total' with don't show
// tutorials, see more (the list of tutorials with done ticks), skip, previous, next, and close on the
// last slide. It draws the tutorial machine's state and sends it the buttons and keys: ArrowRight and
// ArrowLeft move between slides, Escape dismisses (the Dialog). Focus starts on next, which stays the
// same element when it becomes close, so Enter walks through a tutorial. The introduction's first slide is the
// onboarding welcome with the preferred-language choice.
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TutorialEvent } from '../../../../machines/tutorial.machine';
import { LOCALES } from '../../../../runtime/i18n';
import { TUTORIAL_NAMES, tutorialSlides, type TutorialConfig, type TutorialName } from '../../../../runtime/tutorials/tutorials';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { Check } from '../../../../renderers/ui/icons';
import { localeStore, setLocale } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import './tutorials.css';

export interface TutorialView {
  state: 'closed' | 'slides' | 'list';
  tutorial: TutorialName;
  index: number;
  total: number;
  config: TutorialConfig | null;
}

function PreferredLanguage() {
  const locale = useStore(localeStore);
  const intl = useIntl();
  return (
    <div className="tutorial-language" role="group" aria-label={intl.formatMessage({ id: 'onboarding.preferredLanguage' })}>
      <span className="muted">
        <FormattedMessage id="onboarding.preferredLanguage" />
      </span>
      {LOCALES.map((l) => (
        <button key={l} type="button" className={`button${l === locale ? ' button-primary' : ''}`} aria-pressed={l === locale} data-testid={`tutorial-language-${l}`} onClick={() => setLocale(l)}>
          {intl.formatMessage({ id: `locale.${l}` })}
        </button>
      ))}
    </div>
  );
}

function Slides({ view, send }: { view: TutorialView; send: (event: TutorialEvent) => void }) {
  const slide = tutorialSlides(view.tutorial)[view.index]!;
  const last = view.index === view.total - 1;
  // Arrows move between slides wherever focus is in the modal (the dialog itself or one of its
  // buttons: it has no text field); the page behind is inert while it is open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') send({ type: 'NEXT' });
      else if (event.key === 'ArrowLeft') send({ type: 'PREV' });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [send]);
  return (
    <div className="tutorial stack" data-testid="tutorial" data-tutorial={view.tutorial} data-slide={view.index + 1}>
      <p className="tutorial-meta">
        <span className="eyebrow">
          <FormattedMessage id={`tutorial.name.${view.tutorial}`} />
        </span>
        <span className="tutorial-progress" data-testid="tutorial-progress" aria-live="polite">
          <FormattedMessage id="tutorial.progress" values={{ n: view.index + 1, total: view.total }} />
        </span>
      </p>
      {slide.img ? <img className="tutorial-img" src={slide.img} alt="" /> : null}
      <p className="tutorial-text" data-testid="tutorial-text">
        <FormattedMessage id={slide.text} />
      </p>
      {view.tutorial === 'introduction' && view.index === 0 ? <PreferredLanguage /> : null}
      <p className="muted tutorial-keys">
        <FormattedMessage id="tutorial.keys" />
      </p>
      <div className="tutorial-actions">
        <div className="tutorial-actions-aside">
          <button type="button" className="button button-ghost" data-testid="tutorial-dont-show" onClick={() => send({ type: 'DONT_SHOW' })}>
            <FormattedMessage id="tutorial.dontShow" />
          </button>
          <button type="button" className="button button-ghost" data-testid="tutorial-see-more" onClick={() => send({ type: 'SEE_MORE' })}>
            <FormattedMessage id="tutorial.seeMore" />
          </button>
        </div>
        <div className="tutorial-actions-main">
          {last ? null : (
            <button type="button" className="button" data-testid="tutorial-skip" onClick={() => send({ type: 'SKIP' })}>
              <FormattedMessage id="tutorial.skip" />
            </button>
          )}
          <button type="button" className="button" data-testid="tutorial-previous" disabled={view.index === 0} onClick={() => send({ type: 'PREV' })}>
            <FormattedMessage id="tutorial.previous" />
          </button>
          <button type="button" className="button button-primary" autoFocus data-testid={last ? 'tutorial-close' : 'tutorial-next'} onClick={() => send({ type: last ? 'CLOSE' : 'NEXT' })}>
            <FormattedMessage id={last ? 'tutorial.close' : 'tutorial.next'} />
          </button>
        </div>
      </div>
    </div>
  );
}

function TutorialList({ view, send }: { view: TutorialView; send: (event: TutorialEvent) => void }) {
  const intl = useIntl();
  return (
    <div className="stack" data-testid="tutorial-list">
      <p className="muted">
        <FormattedMessage id="tutorial.listHint" />
      </p>
      <ul className="tutorial-list">
        {TUTORIAL_NAMES.map((name) => {
          const done = view.config?.done[name] === true;
          return (
            <li key={name}>
              <button type="button" className="tutorial-list-item" data-testid={`tutorial-pick-${name}`} data-done={done} onClick={() => send({ type: 'PICK', tutorial: name })}>
                <span>
                  <FormattedMessage id={`tutorial.name.${name}`} />
                </span>
                {done ? <Check aria-label={intl.formatMessage({ id: 'tutorial.done' })} role="img" /> : <span className="visually-hidden">{intl.formatMessage({ id: 'tutorial.notDone' })}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="modal-actions">
        <button type="button" className="button" data-testid="tutorial-back" onClick={() => send({ type: 'BACK' })}>
          <FormattedMessage id="tutorial.back" />
        </button>
      </div>
    </div>
  );
}

export function TutorialModal({ view, send }: { view: TutorialView; send: (event: TutorialEvent) => void }) {
  const title =
    view.state === 'list' ? <FormattedMessage id="tutorial.listTitle" /> : <FormattedMessage id={tutorialSlides(view.tutorial)[view.index]?.title ?? 'tutorial.listTitle'} />;
  return (
    <Dialog open={view.state !== 'closed'} title={title} onClose={() => send({ type: 'DISMISS' })} testId={view.state === 'closed' ? undefined : 'tutorial-modal'}>
      {view.state === 'list' ? <TutorialList view={view} send={send} /> : <Slides view={view} send={send} />}
    </Dialog>
  );
}
