/**
 * The settings editors that load one record and save it whole: the Consent page's settings (issue 15,
 * `consentSettings.machine.ts`) and the Manage site page's footer (issue 15, `footerEditor.machine.ts`). One state
 * chart, two editors: {@link createLoadSaveMachine} takes the editor's rules (what it holds of an answer, how an EDIT
 * changes the draft, what the `save` actor is given, when a draft may be saved, what a failure says), so the load →
 * edit → save flow exists once. The field-list screens (`fieldListSettings/`) are the same flow with list edits and
 * per-field problems of their own.
 *
 * loading (the `load` actor reads the record) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): EDIT changes the draft and goes to ready.idle; SAVE → saving when the rules say the draft
 * may be saved (it differs from what is stored and has no problem). saving: the `save` actor PUTs it → ready.saved
 * with what the DAM stored, or → ready.failed with the reason (the draft is kept).
 */
import { assertEvent, assign, fromPromise, setup, type PromiseActorLogic, type StateMachine } from 'xstate';

/** An editor's EDIT event: `type` 'EDIT' and the editor's own payload. */
export interface LoadSaveEditEvent {
  readonly type: 'EDIT';
}

/** Context: what is stored, the draft being edited (both `Value`, the rules' `empty` until loaded), the last failure's reason. */
export interface LoadSaveContext<Value> {
  readonly stored: Value;
  readonly draft: Value;
  readonly error: string | undefined;
}

/** Events: the editor's `EDIT`, `SAVE`, `RETRY` (after a failed load). */
export type LoadSaveEvent<Edit extends LoadSaveEditEvent> = Edit | { type: 'SAVE' } | { type: 'RETRY' };

/**
 * The rules of one editor, given to {@link createLoadSaveMachine}.
 *
 * - `id`: the machine's id; `empty`: the stored record and the draft before the first answer;
 * - `valueOf(reply)`: what the editor holds of the `load` and `save` actors' answer (`Reply`);
 * - `edit(draft, event)`: the draft after one EDIT;
 * - `saveInput(draft)`: what the `save` actor is given;
 * - `isSavable(stored, draft)`: whether SAVE saves (the draft differs from what is stored and breaks no rule);
 * - `defaultError`: what a failure without a message of its own says; `errorMessage(error)` (optional): the reason
 *   of a failed call, by default its own `message` else `defaultError`.
 */
export interface LoadSaveRules<Reply, Value, Edit extends LoadSaveEditEvent, SaveInput> {
  readonly id: string;
  readonly empty: Value;
  valueOf(reply: Reply): Value;
  edit(draft: Value, event: Edit): Value;
  saveInput(draft: Value): SaveInput;
  isSavable(stored: Value, draft: Value): boolean;
  readonly defaultError: string;
  errorMessage?(error: unknown): string;
}

/** The message of a failed call: its own `message` (the DAM's error body's), else `fallback`. */
export function loadSaveErrorMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** An actor of the chart, its logic typed with the editor's `Reply` and `SaveInput`. */
type EditorActor<Actor, Reply, SaveInput> = Actor extends { readonly src: 'load' }
  ? Omit<Actor, 'logic'> & { logic: PromiseActorLogic<Reply, void> }
  : Actor extends { readonly src: 'save' }
    ? Omit<Actor, 'logic'> & { logic: PromiseActorLogic<Reply, SaveInput> }
    : Actor;

/**
 * `Machine` (the chart, built for any record) typed as the editor's: its context holding `Value`, its events the
 * editor's, its actors answering `Reply` and `save` taking `SaveInput` (xstate cannot type a chart over generic
 * events); the rest kept.
 */
type EditorMachine<Machine, Reply, Value, Edit extends LoadSaveEditEvent, SaveInput> =
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
    infer Output,
    infer Emitted,
    infer StateMeta,
    infer Schema,
    infer TransitionMeta
  >
    ? StateMachine<
        LoadSaveContext<Value>,
        LoadSaveEvent<Edit>,
        Children,
        EditorActor<Actor, Reply, SaveInput>,
        Action,
        Guard,
        Delay,
        StateValue,
        Tag,
        Input,
        Output,
        Emitted,
        StateMeta,
        Schema,
        TransitionMeta
      >
    : never;

/** The chart for any record: what it holds and how it edits is the rules' business. */
type AnyEdit = LoadSaveEditEvent & Record<string, unknown>;

/**
 * Builds one editor's machine from its {@link LoadSaveRules} (see the module comment for the states). Provide `load`
 * (no input → `Reply`) and `save` (`SaveInput` → `Reply`, what the DAM stored) with `.provide({actors})`; the
 * built-in ones reject.
 */
export function createLoadSaveMachine<Reply, Value, Edit extends LoadSaveEditEvent, SaveInput extends object>(rules: LoadSaveRules<Reply, Value, Edit, SaveInput>) {
  // The chart is built for any record (unknown values, any EDIT); the machine is then typed with the editor's.
  const any = rules as unknown as LoadSaveRules<unknown, unknown, AnyEdit, object>;
  const reasonOf = (error: unknown) => (any.errorMessage ? any.errorMessage(error) : loadSaveErrorMessage(error, any.defaultError));
  const answered = (reply: unknown) => {
    const value = any.valueOf(reply);
    return { stored: value, draft: value, error: undefined };
  };
  const machine = setup({
    types: { context: {} as LoadSaveContext<unknown>, events: {} as LoadSaveEvent<AnyEdit> },
    actors: {
      load: fromPromise<unknown, void>(async () => {
        throw new Error(`${any.id}: provide the load actor`);
      }),
      save: fromPromise<unknown, object>(async () => {
        throw new Error(`${any.id}: provide the save actor`);
      }),
    },
    guards: {
      'isSavable?': ({ context }) => any.isSavable(context.stored, context.draft),
    },
  }).createMachine({
    id: any.id,
    context: { stored: any.empty, draft: any.empty, error: undefined },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'ready', actions: assign(({ event }) => answered(event.output)) },
          onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        },
      },
      loadFailed: {
        on: { RETRY: 'loading' },
      },
      ready: {
        initial: 'idle',
        on: {
          EDIT: {
            target: '.idle',
            actions: assign(({ context, event }) => {
              assertEvent(event, 'EDIT');
              return { draft: any.edit(context.draft, event), error: undefined };
            }),
          },
          SAVE: { guard: 'isSavable?', target: 'saving' },
        },
        states: {
          idle: {},
          saved: {},
          failed: {},
        },
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => any.saveInput(context.draft),
          onDone: { target: 'ready.saved', actions: assign(({ event }) => answered(event.output)) },
          onError: { target: 'ready.failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        },
      },
    },
  });
  return machine as unknown as EditorMachine<typeof machine, Reply, Value, Edit, SaveInput>;
}
