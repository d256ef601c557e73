// The tutorial modal (spec section 2 "Tutorial modal", section 4 "Tutorials"; docs/tutorials.md):
// closed until a screen asks for a tutorial. AUTO starts one only by the spec's rule (no saved config,
// or not done and tutorials not hidden); OPEN starts one whatever the rule says (from the list).
// In slides: NEXT and PREV move one slide ('n / total'), CLOSE on the last slide marks it done,
// SKIP marks it done, DONT_SHOW sets the flag; each of these saves the config (the injected save)
// and closes. DISMISS (Escape) closes without saving: AUTO leaves that tutorial alone for the rest of
// this machine's life (the session), and the rule starts it again on the next visit.
// SEE_MORE shows the list of tutorials with their done ticks; PICK starts one, BACK returns.
import { assign, setup } from 'xstate';
import { hideTutorials, markDone, shouldStart, tutorialSlides, type TutorialConfig, type TutorialName } from '../runtime/tutorials/tutorials';

export interface TutorialInput {
  /** The saved config (null: none saved yet). */
  config: TutorialConfig | null;
  /** Writes the config (PUT /v1/config/user); the machine does not wait for it. */
  save: (config: TutorialConfig) => void;
}

export interface TutorialContext extends TutorialInput {
  tutorial: TutorialName;
  /** The slide shown, from 0. */
  index: number;
  total: number;
  /** Tutorials dismissed (Escape) in this session: AUTO does not start them again. */
  dismissed: TutorialName[];
}

export type TutorialEvent =
  | { type: 'AUTO'; tutorial: TutorialName }
  | { type: 'OPEN'; tutorial: TutorialName }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'CLOSE' }
  | { type: 'SKIP' }
  | { type: 'DONT_SHOW' }
  | { type: 'DISMISS' }
  | { type: 'SEE_MORE' }
  | { type: 'BACK' }
  | { type: 'PICK'; tutorial: TutorialName }
  | { type: 'CONFIG'; config: TutorialConfig | null };

const nameOf = (event: TutorialEvent): TutorialName | null => ('tutorial' in event ? event.tutorial : null);

export const tutorialMachine = setup({
  types: { context: {} as TutorialContext, events: {} as TutorialEvent, input: {} as TutorialInput },
  guards: {
    ruleSaysStart: ({ context, event }) => {
      const name = nameOf(event);
      return name !== null && shouldStart(context.config, name) && !context.dismissed.includes(name);
    },
    hasNext: ({ context }) => context.index < context.total - 1,
    hasPrevious: ({ context }) => context.index > 0,
    onLast: ({ context }) => context.index === context.total - 1,
  },
  actions: {
    start: assign(({ context, event }) => {
      const tutorial = nameOf(event) ?? context.tutorial;
      return { tutorial, index: 0, total: tutorialSlides(tutorial).length };
    }),
    next: assign(({ context }) => ({ index: context.index + 1 })),
    previous: assign(({ context }) => ({ index: context.index - 1 })),
    markDone: assign(({ context }) => ({ config: markDone(context.config, context.tutorial) })),
    hide: assign(({ context }) => ({ config: hideTutorials(context.config) })),
    save: ({ context }) => {
      if (context.config) context.save(context.config);
    },
    dismiss: assign(({ context }) => ({ dismissed: [...context.dismissed, context.tutorial] })),
    takeConfig: assign(({ event }) => (event.type === 'CONFIG' ? { config: event.config } : {})),
  },
}).createMachine({
  id: 'tutorial',
  context: ({ input }) => ({ ...input, tutorial: 'introduction', index: 0, total: tutorialSlides('introduction').length, dismissed: [] }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        AUTO: { guard: 'ruleSaysStart', target: 'slides', actions: 'start' },
        OPEN: { target: 'slides', actions: 'start' },
        CONFIG: { actions: 'takeConfig' },
      },
    },
    slides: {
      on: {
        NEXT: { guard: 'hasNext', actions: 'next' },
        PREV: { guard: 'hasPrevious', actions: 'previous' },
        CLOSE: { guard: 'onLast', target: 'closed', actions: ['markDone', 'save'] },
        SKIP: { target: 'closed', actions: ['markDone', 'save'] },
        DONT_SHOW: { target: 'closed', actions: ['hide', 'save'] },
        DISMISS: { target: 'closed', actions: 'dismiss' },
        SEE_MORE: { target: 'list' },
      },
    },
    list: {
      on: {
        PICK: { target: 'slides', actions: 'start' },
        BACK: { target: 'slides' },
        DISMISS: { target: 'closed', actions: 'dismiss' },
      },
    },
  },
});
