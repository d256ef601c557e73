import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { tutorialMachine, type TutorialEvent } from '../../machines/tutorial.machine';
import { TUTORIAL_NAMES, tutorialSlides, type TutorialConfig, type TutorialName } from '../../runtime/tutorials/tutorials';

function start(config: TutorialConfig | null) {
  const saved: TutorialConfig[] = [];
  const actor = createActor(tutorialMachine, { input: { config, save: (next) => saved.push(next) } });
  actor.start();
  const at = () => {
    const { value, context } = actor.getSnapshot();
    return { state: value as string, tutorial: context.tutorial, slide: `${context.index + 1} / ${context.total}` };
  };
  return { actor, saved, at, send: (event: TutorialEvent) => actor.send(event) };
}

const EVENTS: TutorialEvent[] = [
  { type: 'AUTO', tutorial: 'introduction' },
  { type: 'OPEN', tutorial: 'dev' },
  { type: 'NEXT' },
  { type: 'PREV' },
  { type: 'CLOSE' },
  { type: 'SKIP' },
  { type: 'DONT_SHOW' },
  { type: 'DISMISS' },
  { type: 'SEE_MORE' },
  { type: 'BACK' },
  { type: 'PICK', tutorial: 'templates' },
];

describe('tutorial machine', () => {
  it('reaches every state', () => {
    const paths = getShortestPaths(tutorialMachine, {
      input: { config: null, save: () => undefined },
      events: EVENTS,
      serializeState: ({ value, context }) => JSON.stringify({ value, tutorial: context.tutorial, index: context.index }),
    });
    const reached = new Set(paths.map((p) => p.state.value as string));
    expect([...reached].sort()).toEqual(Object.keys(tutorialMachine.root.states).sort());
  });

  it("with no saved config AUTO starts the tutorial at '1 / total'; NEXT and PREV stop at the ends", () => {
    const { send, at } = start(null);
    send({ type: 'AUTO', tutorial: 'introduction' });
    const total = tutorialSlides('introduction').length;
    expect(at()).toEqual({ state: 'slides', tutorial: 'introduction', slide: `1 / ${total}` });
    send({ type: 'PREV' });
    expect(at().slide).toBe(`1 / ${total}`);
    for (let i = 0; i < total + 2; i += 1) send({ type: 'NEXT' });
    expect(at().slide).toBe(`${total} / ${total}`);
    send({ type: 'PREV' });
    expect(at().slide).toBe(`${total - 1} / ${total}`);
  });

  it('CLOSE works on the last slide only, and marks the tutorial done and saves', () => {
    const { send, at, saved } = start(null);
    send({ type: 'AUTO', tutorial: 'dashboard' });
    send({ type: 'CLOSE' });
    expect(at().state).toBe('slides');
    expect(saved).toEqual([]);
    for (let i = 1; i < tutorialSlides('dashboard').length; i += 1) send({ type: 'NEXT' });
    send({ type: 'CLOSE' });
    expect(at().state).toBe('closed');
    expect(saved).toEqual([{ done: { dashboard: true }, dontShow: false }]);
  });

  it('SKIP marks done and saves, keeping what was done before; a done tutorial does not start again', () => {
    const { send, at, saved } = start({ done: { introduction: true }, dontShow: false });
    send({ type: 'AUTO', tutorial: 'introduction' });
    expect(at().state).toBe('closed');
    send({ type: 'AUTO', tutorial: 'templates' });
    send({ type: 'NEXT' });
    send({ type: 'SKIP' });
    expect(saved).toEqual([{ done: { introduction: true, templates: true }, dontShow: false }]);
    send({ type: 'AUTO', tutorial: 'templates' });
    expect(at().state).toBe('closed');
  });

  it("'don't show' sets the flag and saves: no tutorial starts by itself afterwards, OPEN still does", () => {
    const { send, at, saved } = start(null);
    send({ type: 'AUTO', tutorial: 'introduction' });
    send({ type: 'DONT_SHOW' });
    expect(saved).toEqual([{ done: {}, dontShow: true }]);
    for (const name of TUTORIAL_NAMES) {
      send({ type: 'AUTO', tutorial: name });
      expect(at().state).toBe('closed');
    }
    send({ type: 'OPEN', tutorial: 'dev' });
    expect(at()).toMatchObject({ state: 'slides', tutorial: 'dev' });
  });

  it('DISMISS closes without saving: not again in this session, again on the next visit', () => {
    const { send, at, saved } = start(null);
    send({ type: 'AUTO', tutorial: 'dev' });
    send({ type: 'DISMISS' });
    expect(saved).toEqual([]);
    send({ type: 'AUTO', tutorial: 'dev' });
    expect(at().state).toBe('closed');
    send({ type: 'AUTO', tutorial: 'introduction' });
    expect(at()).toMatchObject({ state: 'slides', tutorial: 'introduction' });
    send({ type: 'SEE_MORE' });
    send({ type: 'DISMISS' });
    send({ type: 'OPEN', tutorial: 'dev' });
    expect(at()).toMatchObject({ state: 'slides', tutorial: 'dev' });
    const next = start(null);
    next.send({ type: 'AUTO', tutorial: 'dev' });
    expect(next.at().state).toBe('slides');
  });

  it('SEE_MORE lists the tutorials; PICK starts one at its first slide, BACK returns to the same slide', () => {
    const { send, at } = start(null);
    send({ type: 'AUTO', tutorial: 'introduction' });
    send({ type: 'NEXT' });
    send({ type: 'SEE_MORE' });
    expect(at().state).toBe('list');
    send({ type: 'BACK' });
    expect(at()).toMatchObject({ state: 'slides', tutorial: 'introduction', slide: `2 / ${tutorialSlides('introduction').length}` });
    send({ type: 'SEE_MORE' });
    send({ type: 'PICK', tutorial: 'templates' });
    expect(at()).toEqual({ state: 'slides', tutorial: 'templates', slide: `1 / ${tutorialSlides('templates').length}` });
  });

  it('CONFIG replaces the saved config while closed (the screen read it after mounting)', () => {
    const { send, at } = start(null);
    send({ type: 'CONFIG', config: { done: {}, dontShow: true } });
    send({ type: 'AUTO', tutorial: 'introduction' });
    expect(at().state).toBe('closed');
  });

  it('any event sequence keeps the slide in range, and every save holds what was done before', () => {
    const name = fc.constantFrom<TutorialName>(...TUTORIAL_NAMES);
    const event: fc.Arbitrary<TutorialEvent> = fc.oneof(
      name.map((tutorial) => ({ type: 'AUTO', tutorial }) as const),
      name.map((tutorial) => ({ type: 'OPEN', tutorial }) as const),
      name.map((tutorial) => ({ type: 'PICK', tutorial }) as const),
      fc.constantFrom<TutorialEvent>({ type: 'NEXT' }, { type: 'PREV' }, { type: 'CLOSE' }, { type: 'SKIP' }, { type: 'DONT_SHOW' }, { type: 'DISMISS' }, { type: 'SEE_MORE' }, { type: 'BACK' }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const { actor, saved } = start(null);
        for (const next of events) {
          actor.send(next);
          const { index, total, tutorial } = actor.getSnapshot().context;
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(total);
          expect(total).toBe(tutorialSlides(tutorial).length);
        }
        for (let i = 1; i < saved.length; i += 1) {
          for (const [done, value] of Object.entries(saved[i - 1]!.done)) expect(saved[i]!.done[done as TutorialName], done).toBe(value);
          if (saved[i - 1]!.dontShow) expect(saved[i]!.dontShow).toBe(true);
        }
      }),
    );
  });
});
