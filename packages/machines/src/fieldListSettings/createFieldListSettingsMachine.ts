/**
 * The settings screens whose draft holds a list of form fields in the sign-up form's shapes (spec 03 §3.7): the
 * sign-up settings (issue 14, `signupSettings.machine.ts`) and the order settings (issue 15, `orderSettings.machine.ts`).
 * One state chart, two screens: {@link createFieldListSettingsMachine} takes the screen's rules (how its settings
 * become a draft and back, its problems, its own edits besides the field ones), so the load → edit → save flow exists
 * once.
 *
 * loading (the `load` actor reads the settings) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): the edits (the screen's own, ADD_FIELD, CHANGE_FIELD, REMOVE_FIELD, MOVE_FIELD within the
 * list) change the draft and go to ready.idle, the last answer's problems forgotten; SAVE → saving when the draft
 * differs from what is stored and breaks none of the rules. saving: the `save` actor PUTs the whole settings →
 * ready.saved with what the DAM stored (each field keeping its key), or → ready.failed with the reason and, for a 400,
 * its issues on their fields (DISMISS → ready.idle).
 */
import { assign, fromPromise, setup, type EventObject, type PromiseActorLogic, type StateMachine } from 'xstate';
import type { SignupProblem } from '@magpie/api-types';
import type { SignupFieldDraft, SignupSettingsEvent } from '../signupSettings/signupSettings.machine.ts';

/** The edits of the field list: add a field of a type, change, remove, or move one by one place. */
export type FieldListEditEvent = Extract<SignupSettingsEvent, { type: 'ADD_FIELD' | 'CHANGE_FIELD' | 'REMOVE_FIELD' | 'MOVE_FIELD' }>;

/** A screen's own edit besides the field edits (the sign-up switches, the order terms): its type names what it sets. */
export interface OwnEditEvent {
  readonly type: `SET_${string}`;
}

/** A field-list settings screen's events: RETRY, the field edits, the screen's own edits (`Edit`), SAVE, DISMISS. */
export type FieldListSettingsEvent<Edit extends OwnEditEvent> = { type: 'RETRY' } | FieldListEditEvent | Edit | { type: 'SAVE' } | { type: 'DISMISS' };

/** A draft with a field list (the screen's other settings besides). */
export interface FieldListDraft {
  readonly fields: readonly SignupFieldDraft[];
}

/** The input: the settings' link in the descriptor. */
export interface FieldListSettingsInput {
  readonly href: string;
}

/**
 * Context.
 *
 * - `stored`: the settings as the DAM last answered them (undefined until loaded); `draft`: as edited.
 * - `problems`: the draft's problems by the DAM's rules (paths `fields.<i>.<key>`), kept up to date with every edit.
 * - `serverIssues`: the issues of the last 400, until the next edit. `error`: why loading or the last save failed.
 * - `nextKey`: the key the next added field gets.
 */
export interface FieldListSettingsContext<Stored, Draft extends FieldListDraft> {
  readonly href: string;
  readonly stored: Stored | undefined;
  readonly draft: Draft;
  readonly problems: readonly SignupProblem[];
  readonly serverIssues: readonly SignupProblem[];
  readonly error: string | undefined;
  readonly nextKey: number;
}

/**
 * The rules of one screen, given to {@link createFieldListSettingsMachine}.
 *
 * - `id`: the machine's id; `emptyDraft`: the draft before the settings are loaded;
 * - `edits`: the event types of every edit, the screen's own (handled by `edit` too) and the four field edits, in the
 *   order the machine lists them (the generated paths follow it);
 * - `edit(draft, event, nextKey)`: the draft after one edit (`nextKey`: the key an added field gets);
 * - `draftOf(stored, firstKey)`: the draft of stored settings, field keys from `firstKey` on;
 * - `saveInput(href, draft)`: what the `save` actor is given; `problems(draft)`: the draft's problems by the DAM's
 *   rules; `changed(stored, draft)`: whether the draft says something other than what is stored;
 * - `errorMessage(error)`: what a failed call says; `issues(error)`: a 400's issues on their paths, else none.
 */
export interface FieldListSettingsRules<Stored, Draft extends FieldListDraft, Edit extends OwnEditEvent, SaveInput extends FieldListSettingsInput> {
  readonly id: string;
  readonly emptyDraft: Draft;
  readonly edits: readonly (FieldListEditEvent | Edit)['type'][];
  edit(draft: Draft, event: FieldListEditEvent | Edit, nextKey: number): Draft;
  draftOf(stored: Stored, firstKey: number): Draft;
  saveInput(href: string, draft: Draft): SaveInput;
  problems(draft: Draft): SignupProblem[];
  changed(stored: Stored | undefined, draft: Draft): boolean;
  errorMessage(error: unknown): string;
  issues(error: unknown): SignupProblem[];
}

/** An actor of the machine, the `save` actor's logic taking the screen's whole `SaveInput`. */
type WithSaveInput<Actor, Stored, SaveInput> = Actor extends { readonly src: 'save' } ? Omit<Actor, 'logic'> & { logic: PromiseActorLogic<Stored, SaveInput> } : Actor;

/**
 * `Machine` typed as the screen's: its events narrowed to `Event`, its `save` actor taking `SaveInput` (the chart is
 * built for any own edit and a save input with the link only, which xstate can type); the rest kept.
 */
type ScreenMachine<Machine, Event extends EventObject, Stored, SaveInput> =
  Machine extends StateMachine<
    infer Context,
    infer _Event,
    infer Children,
    infer Actor,
    infer Action,
    infer Guard,
    infer Delay,
    infer Value,
    infer Tag,
    infer Input,
    infer Output,
    infer Emitted,
    infer StateMeta,
    infer Schema,
    infer TransitionMeta
  >
    ? StateMachine<Context, Event, Children, WithSaveInput<Actor, Stored, SaveInput>, Action, Guard, Delay, Value, Tag, Input, Output, Emitted, StateMeta, Schema, TransitionMeta>
    : never;

const FIELD_EDITS = ['ADD_FIELD', 'CHANGE_FIELD', 'REMOVE_FIELD', 'MOVE_FIELD'] as const;

/** Whether a MOVE_FIELD of `event.index` by `event.offset` stays within `fields`. */
function moveFits(fields: readonly unknown[], event: { readonly index: number; readonly offset: number }): boolean {
  const to = event.index + event.offset;
  return event.index >= 0 && event.index < fields.length && to >= 0 && to < fields.length;
}

/**
 * Builds one screen's machine from its {@link FieldListSettingsRules} (see the module comment for the states).
 * Provide `load` ({href} → the stored settings) and `save` (`SaveInput` → the settings as stored), both rejecting
 * with `{status, responseJSON}`, with `.provide({actors})`; the built-in ones reject.
 */
export function createFieldListSettingsMachine<Stored, Draft extends FieldListDraft, Edit extends OwnEditEvent, SaveInput extends FieldListSettingsInput>(
  rules: FieldListSettingsRules<Stored, Draft, Edit, SaveInput>,
) {
  type Context = FieldListSettingsContext<Stored, Draft>;
  // The chart is built for any own edit (`SET_…`); the machine is then typed with the screen's own (`Edit`).
  type Event = FieldListSettingsEvent<OwnEditEvent>;
  const edits: readonly string[] = rules.edits;
  const missing = FIELD_EDITS.filter((type) => !edits.includes(type));
  if (missing.length > 0) throw new Error(`${rules.id}: the edits leave out ${missing.join(', ')}`);
  const editTransition = { target: '.idle', actions: 'edit' } as const;

  const machine = setup({
    types: { context: {} as Context, events: {} as Event, input: {} as FieldListSettingsInput },
    actors: {
      load: fromPromise<Stored, { href: string }>(async () => {
        throw new Error(`${rules.id}: provide \`load\` with .provide()`);
      }),
      // Declared with the link only (xstate cannot match a generic input); `saveInput` gives the whole `SaveInput`.
      save: fromPromise<Stored, FieldListSettingsInput>(async () => {
        throw new Error(`${rules.id}: provide \`save\` with .provide()`);
      }),
    },
    guards: {
      'maySave?': ({ context }) => context.problems.length === 0 && rules.changed(context.stored, context.draft),
      'mayMove?': ({ context, event }) => event.type === 'MOVE_FIELD' && moveFits(context.draft.fields, event as Extract<FieldListEditEvent, { type: 'MOVE_FIELD' }>),
    },
    actions: {
      edit: assign(({ context, event }) => {
        if (!edits.includes(event.type)) throw new Error(`${rules.id}: ${event.type} is not an edit`);
        const draft = rules.edit(context.draft, event as FieldListEditEvent | Edit, context.nextKey);
        return { draft, problems: rules.problems(draft), serverIssues: [], error: undefined, nextKey: event.type === 'ADD_FIELD' ? context.nextKey + 1 : context.nextKey };
      }),
      forgetError: assign({ error: undefined }),
    },
  }).createMachine({
    id: rules.id,
    initial: 'loading',
    context: ({ input }) => ({ href: input.href, stored: undefined, draft: rules.emptyDraft, problems: [], serverIssues: [], error: undefined, nextKey: 1 }),
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ href: context.href }),
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => {
              const draft = rules.draftOf(event.output, context.nextKey);
              return { stored: event.output, draft, problems: rules.problems(draft), error: undefined, nextKey: context.nextKey + draft.fields.length };
            }),
          },
          onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => rules.errorMessage(event.error) }) },
        },
      },
      loadFailed: {
        on: { RETRY: { target: 'loading', actions: 'forgetError' } },
      },
      ready: {
        initial: 'idle',
        on: {
          // Every edit in the rules' order; the field edits' entries below keep their place and say their transitions.
          ...(Object.fromEntries(rules.edits.map((type) => [type, editTransition])) as Record<OwnEditEvent['type'], typeof editTransition>),
          ADD_FIELD: editTransition,
          CHANGE_FIELD: editTransition,
          REMOVE_FIELD: editTransition,
          MOVE_FIELD: { guard: 'mayMove?', ...editTransition },
          SAVE: { guard: 'maySave?', target: 'saving', actions: ['forgetError', assign({ serverIssues: [] })] },
        },
        states: {
          idle: {},
          saved: { on: { DISMISS: 'idle' } },
          failed: { on: { DISMISS: { target: 'idle', actions: 'forgetError' } } },
        },
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => rules.saveInput(context.href, context.draft),
          onDone: {
            target: 'ready.saved',
            // The draft becomes what the DAM stored (labels trimmed), each field keeping its key; every id is now stored.
            actions: assign(({ context, event }) => {
              const stored = rules.draftOf(event.output, 0);
              const draft: Draft = { ...stored, fields: stored.fields.map((field, index) => ({ ...field, key: context.draft.fields[index]?.key ?? context.nextKey + index })) };
              const nextKey = draft.fields.length === context.draft.fields.length ? context.nextKey : context.nextKey + draft.fields.length;
              return { stored: event.output, draft, problems: rules.problems(draft), nextKey };
            }),
          },
          onError: {
            target: 'ready.failed',
            actions: assign({ error: ({ event }) => rules.errorMessage(event.error), serverIssues: ({ event }) => rules.issues(event.error) }),
          },
        },
      },
    },
  });
  return machine as unknown as ScreenMachine<typeof machine, FieldListSettingsEvent<Edit>, Stored, SaveInput>;
}
