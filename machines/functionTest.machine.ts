// The function test panel (spec section 4: "Function test panel: ready, running, success, error").
// The input is checked before a run (spec section 5): in json mode it must be valid JSON
// ('invalidJson', a 3000 ms toast on the screen), in simple mode one `key: value` per line
// ('invalidFormat', shown under the input). A refused RUN stays where it was with the key in
// context.inputError. A failed call keeps its status and response body (spec section 8).
import { assign, fromPromise, setup } from 'xstate';
import type { FunctionCallAnswer, ScriptLogLine } from '../runtime/api/functions';
import { convertTestInput, parseTestInput, type FunctionTestMode } from '../runtime/components/functionTestInput';

/** Runs the function with `data`; the screen passes the component or global call. */
export type FunctionTestCall = (data: unknown) => Promise<FunctionCallAnswer>;

export interface FunctionTestContext {
  call: FunctionTestCall;
  mode: FunctionTestMode;
  text: string;
  inputError: 'invalidJson' | 'invalidFormat' | null;
  output: unknown;
  logs: ScriptLogLine[];
  /** HTTP status of a failed call (0: no answer). */
  status: number | null;
  /** The failed call's response body. */
  body: unknown;
}

export type FunctionTestEvent =
  | { type: 'EDIT'; text: string }
  | { type: 'MODE'; mode: FunctionTestMode }
  | { type: 'RUN' }
  | { type: 'RESET' };

export interface FunctionTestInput {
  call: FunctionTestCall;
  mode?: FunctionTestMode;
  text?: string;
}

/** The error of a call as status and body: an ApiRequestError's parts, or the thrown value. */
export function failureOf(error: unknown): { status: number; body: unknown } {
  if (error && typeof error === 'object' && 'status' in error) {
    const e = error as { status: number; messageKey?: string; message?: string; fieldErrors?: unknown[] };
    const message = e.messageKey ?? e.message ?? 'unexpectedError';
    return { status: e.status, body: { status: e.status, message, ...(e.fieldErrors && e.fieldErrors.length > 0 ? { errors: e.fieldErrors } : {}) } };
  }
  return { status: 0, body: { message: error instanceof Error ? error.message : String(error) } };
}

export const callFunction = fromPromise<FunctionCallAnswer, { call: FunctionTestCall; data: unknown }>(({ input }) => input.call(input.data));

const edits = {
  EDIT: { target: 'ready', actions: 'edit' },
  MODE: { target: 'ready', actions: 'mode' },
} as const;

export const functionTestMachine = setup({
  types: {
    context: {} as FunctionTestContext,
    events: {} as FunctionTestEvent,
    input: {} as FunctionTestInput,
  },
  actors: { callFunction },
  guards: {
    inputValid: ({ context }) => parseTestInput(context.mode, context.text).ok,
  },
  actions: {
    edit: assign(({ event }) => (event.type === 'EDIT' ? { text: event.text, inputError: null } : {})),
    mode: assign(({ context, event }) => {
      if (event.type !== 'MODE' || event.mode === context.mode) return {};
      const converted = convertTestInput(context.mode, event.mode, context.text);
      if (converted !== null) return { mode: event.mode, text: converted, inputError: null };
      // The text stays; simple mode says it cannot read it (the invalid-format message).
      return { mode: event.mode, inputError: parseTestInput(event.mode, context.text).ok ? null : event.mode === 'simple' ? ('invalidFormat' as const) : ('invalidJson' as const) };
    }),
    refuse: assign(({ context }) => {
      const parsed = parseTestInput(context.mode, context.text);
      return { inputError: parsed.ok ? null : parsed.error };
    }),
    clear: assign({ output: null, logs: [], status: null, body: null, inputError: null }),
  },
}).createMachine({
  id: 'functionTest',
  initial: 'ready',
  context: ({ input }) => ({
    call: input.call,
    mode: input.mode ?? 'json',
    text: input.text ?? '',
    inputError: null,
    output: null,
    logs: [],
    status: null,
    body: null,
  }),
  on: {
    RUN: [{ guard: 'inputValid', target: '.running' }, { actions: 'refuse' }],
  },
  states: {
    ready: { on: { ...edits, RESET: { actions: 'clear' } } },
    running: {
      entry: 'clear',
      on: { RUN: {} },
      invoke: {
        id: 'callFunction',
        src: 'callFunction',
        input: ({ context }) => {
          const parsed = parseTestInput(context.mode, context.text);
          return { call: context.call, data: parsed.ok ? parsed.data : null };
        },
        onDone: { target: 'success', actions: assign(({ event }) => ({ output: event.output.output, logs: event.output.logs ?? [] })) },
        onError: { target: 'error', actions: assign(({ event }) => failureOf(event.error)) },
      },
    },
    success: { on: { ...edits, RESET: { target: 'ready', actions: 'clear' } } },
    error: { on: { ...edits, RESET: { target: 'ready', actions: 'clear' } } },
  },
});
