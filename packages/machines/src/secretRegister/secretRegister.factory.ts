/**
 * Registering something whose secret the DAM shows once (issue 11 API clients, issue 16 legacy API keys and webhooks):
 * a form's draft is checked before anything is sent, the DAM answers the registered thing with its secret, and a
 * refusal (403, 400) says the DAM's reason. Each flow (`apiClientRegister`, `webhookRegister`) is this machine with
 * its own rules ({@link SecretRegisterRules}).
 *
 * editing → registering → created (the secret, shown this once, until DONE) → closed. A draft with problems stops
 * REGISTER before anything is sent; a refused registration goes back to editing with the reason; CANCEL → closed.
 */
import { assertEvent, assign, fromPromise, setup, type PromiseActorLogic, type StateMachine } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** Context: the problems of the last REGISTER, the last failure's message, and the registered thing once created. */
export interface SecretRegisterContext<TCreated> {
  readonly problems: readonly string[];
  readonly error: string | undefined;
  readonly created: TCreated | undefined;
}

/** Events: REGISTER the form's draft, CANCEL the form, DONE once the secret has been taken. */
export type SecretRegisterEvent<TDraft> = { type: 'REGISTER'; draft: TDraft } | { type: 'CANCEL' } | { type: 'DONE' };

/** Output: the registered thing, or undefined when cancelled. */
export interface SecretRegisterOutput<TCreated> {
  readonly created: TCreated | undefined;
}

/** A flow's rules: its machine id, the draft's problems, what is sent for a draft, and a refusal's message. */
export interface SecretRegisterRules<TDraft> {
  /** The machine's id (the flow's name). */
  readonly id: string;
  /** The draft's problems, in form order (empty when it may be sent). Pure. */
  readonly problems: (draft: TDraft) => string[];
  /** What the `register` actor receives for an acceptable draft (trimmed, ordered). Pure. */
  readonly prepare: (draft: TDraft) => TDraft;
  /** The message of a refused registration (see {@link registrationErrorMessage}). */
  readonly errorMessage: (error: unknown) => string;
}

/**
 * The message of a refused registration, from `{status, responseJSON}`: 403 says the DAM's message or `forbidden`;
 * 400 the DAM's issues joined, else its message, else the general error; anything else (another status, no
 * `{status}` at all) the general error (spec 01 §8). Pure.
 */
export function registrationErrorMessage(error: unknown, forbidden: string): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  const message = responseJSON?.message?.trim();
  if (status === 403) return message || forbidden;
  if (status === 400) {
    const issues = (responseJSON?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
    return issues.length > 0 ? issues.join(' ') : message || DEFAULT_ERROR_MESSAGE;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/** An actor of the chart, its `register` logic typed with the flow's draft and registered thing. */
type FlowActor<Actor, TDraft, TCreated> = Actor extends { readonly src: 'register' } ? Omit<Actor, 'logic'> & { logic: PromiseActorLogic<TCreated, TDraft> } : Actor;

/** The chart built for unknown drafts, typed with the flow's draft and registered thing. */
type FlowMachine<Machine, TDraft, TCreated> =
  Machine extends StateMachine<
    infer _Context,
    infer _Event,
    infer Children,
    infer Actor,
    infer Action,
    infer Guard,
    infer Delay,
    infer StateValue,
    infer Tag,
    infer Input,
    infer _Output,
    infer Emitted,
    infer StateMeta,
    infer Schema,
    infer TransitionMeta
  >
    ? StateMachine<
        SecretRegisterContext<TCreated>,
        SecretRegisterEvent<TDraft>,
        Children,
        FlowActor<Actor, TDraft, TCreated>,
        Action,
        Guard,
        Delay,
        StateValue,
        Tag,
        Input,
        SecretRegisterOutput<TCreated>,
        Emitted,
        StateMeta,
        Schema,
        TransitionMeta
      >
    : never;

/**
 * A registration machine with `rules`. Provide `register` with `.provide({actors: {register}})`: the prepared draft →
 * the registered thing with its secret, rejecting with `{status, responseJSON}`. The built-in one rejects.
 */
export function createSecretRegisterMachine<TDraft, TCreated>(rules: SecretRegisterRules<TDraft>) {
  // The chart is built for unknown drafts and registered things; the machine is then typed with the flow's.
  const any = rules as unknown as SecretRegisterRules<unknown>;
  const machine = setup({
    types: {
      context: {} as SecretRegisterContext<unknown>,
      events: {} as SecretRegisterEvent<unknown>,
      output: {} as SecretRegisterOutput<unknown>,
    },
    actors: {
      register: fromPromise<unknown, unknown>(async () => {
        throw new Error(`${any.id}: provide \`register\` with .provide()`);
      }),
    },
    guards: {
      'hasProblems?': ({ event }) => {
        assertEvent(event, 'REGISTER');
        return any.problems(event.draft).length > 0;
      },
    },
    actions: {
      showProblems: assign(({ event }) => {
        assertEvent(event, 'REGISTER');
        return { problems: any.problems(event.draft), error: undefined };
      }),
      clearMessages: assign({ problems: [], error: undefined }),
      keepCreated: assign((_, params: { created: unknown }) => ({ created: params.created })),
      showError: assign((_, params: { error: unknown }) => ({ error: any.errorMessage(params.error) })),
    },
  }).createMachine({
    id: any.id,
    initial: 'editing',
    context: { problems: [], error: undefined, created: undefined },
    states: {
      editing: {
        on: {
          REGISTER: [{ guard: 'hasProblems?', actions: 'showProblems' }, { target: 'registering' }],
          CANCEL: 'closed',
        },
      },
      registering: {
        entry: 'clearMessages',
        invoke: {
          id: 'register',
          src: 'register',
          input: ({ event }: { event: SecretRegisterEvent<unknown> }) => {
            assertEvent(event, 'REGISTER');
            return any.prepare(event.draft);
          },
          onDone: { target: 'created', actions: { type: 'keepCreated', params: ({ event }) => ({ created: event.output }) } },
          onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      created: {
        on: { DONE: 'closed' },
      },
      closed: { type: 'final' },
    },
    output: ({ context }) => ({ created: context.created }),
  });
  return machine as unknown as FlowMachine<typeof machine, TDraft, TCreated>;
}
