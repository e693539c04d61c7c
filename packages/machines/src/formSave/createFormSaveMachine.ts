/**
 * Saving an administration form whose record has membership lists: the user form and the group form (spec 03 §2.6,
 * §2.7; §4 "Saving a user: if nothing changed, no update call is made; group changes are then applied, or the form
 * just closes; group add or remove changes are sent after the user save", "Group form: add mode or edit mode; in edit
 * mode only changed fields are sent"; §5 messages collected and shown together; §7; §8 errors by status).
 *
 * editing → validating → saving → savingMemberships → saved, or back to editing with the problems, or to error with
 * the §8 message. The membership changes themselves are gathered by `memberEditList` machines; this machine only says
 * when to send them (after the record is saved, to the saved record's links).
 *
 * One machine, two forms: {@link createFormSaveMachine} takes the form's rules (its problems, its create body, its
 * changed-fields patch, its §8 messages), so the order of calls and the no-call-when-unchanged rule exist once.
 */
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

/** The text of a failure that already says why (no `status`, a string `message`), else undefined. */
function listMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || 'status' in error) return undefined;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** What a form's save needs to know about its record once saved: at least its href (the other links per form). */
export interface SavedRecord {
  readonly href: string;
}

/**
 * The rules of one form, given to {@link createFormSaveMachine}.
 *
 * - `problems(values, original)`: the §5 messages (empty when the values may be saved); `original` is undefined when
 *   adding;
 * - `createBody(values)`: the body that creates the record;
 * - `patch(original, values)`: only the changed fields; an empty object means nothing changed (no call, §4);
 * - `errorMessage(error)`: the §8 text for a failed call (an HTTP error shaped `{status, responseJSON}`).
 */
export interface FormSaveRules<Values, Problem, Create, Patch> {
  readonly id: string;
  problems(values: Values, original: Values | undefined): readonly Problem[];
  createBody(values: Values): Create;
  patch(original: Values, values: Values): Patch;
  errorMessage(error: unknown): string;
}

/** Input of the injected `save` actor: create at `listHref`, or patch `href` with only the changed fields. */
export type FormSaveCallInput<Create, Patch> =
  { readonly mode: 'add'; readonly listHref: string; readonly body: Create } | { readonly mode: 'edit'; readonly href: string; readonly patch: Patch };

/** Input of the injected `saveMemberships` actor: the saved record's links (a new record's are known only once created). */
export interface FormSaveMembershipsInput<Saved extends SavedRecord> {
  readonly saved: Saved;
}

/**
 * Input of a form-save machine: add (`listHref`, the descriptor's list link) or edit (`saved`, the record's links,
 * and the form's starting `original` values).
 */
export type FormSaveInput<Values, Saved extends SavedRecord> =
  { readonly mode: 'add'; readonly listHref: string } | { readonly mode: 'edit'; readonly saved: Saved; readonly original: Values };

/**
 * Context of a form-save machine.
 *
 * - `original`: the values last saved (undefined until a new record is created); `saved`: its links once known;
 * - `values` / `membershipsChanged`: what the last SAVE sent; `problems`: the §5 messages of the last SAVE;
 * - `error`: the §8 message of the last failed call.
 */
export interface FormSaveContext<Values, Problem, Saved extends SavedRecord> {
  readonly listHref: string | undefined;
  readonly saved: Saved | undefined;
  readonly original: Values | undefined;
  readonly values: Values | undefined;
  readonly membershipsChanged: boolean;
  readonly problems: readonly Problem[];
  readonly error: string | undefined;
}

/** `SAVE {values, membershipsChanged}`: the form's values and whether any of its membership lists has pending changes. */
export interface FormSaveEvent<Values> {
  readonly type: 'SAVE';
  readonly values: Values;
  readonly membershipsChanged: boolean;
}

/** Output once `saved`: the record's links. */
export interface FormSaveOutput<Saved extends SavedRecord> {
  readonly saved: Saved | undefined;
}

/**
 * Builds the save machine of one form from its {@link FormSaveRules}.
 *
 * States: `editing`, `validating` (transient), `saving` (runs `save`), `savingMemberships` (runs `saveMemberships`
 * with the saved record), `error` (a call failed; SAVE again retries, and a record already created is patched, never
 * created twice), `saved` (final).
 *
 * Actors to provide with `.provide({actors: {save, saveMemberships}})`: {@link FormSaveCallInput} → the saved
 * record's links (`Saved`), and {@link FormSaveMembershipsInput} → anything. Both reject with an HTTP error (`{status, responseJSON}`) or with
 * an `Error` whose message is already the text to show (a membership list's own §8 message).
 */
export function createFormSaveMachine<Values, Problem, Create, Patch extends object, Saved extends SavedRecord>(rules: FormSaveRules<Values, Problem, Create, Patch>) {
  type Context = FormSaveContext<Values, Problem, Saved>;
  const hasChanges = (context: Context): boolean =>
    context.original === undefined || (context.values !== undefined && Object.keys(rules.patch(context.original, context.values)).length > 0);

  return setup({
    types: {
      context: {} as Context,
      events: {} as FormSaveEvent<Values>,
      input: {} as FormSaveInput<Values, Saved>,
      output: {} as FormSaveOutput<Saved>,
    },
    actors: {
      save: fromPromise<Saved, FormSaveCallInput<Create, Patch>>(async () => {
        throw new Error(`${rules.id}: provide \`save\` with .provide()`);
      }),
      saveMemberships: fromPromise<unknown, FormSaveMembershipsInput<Saved>>(async () => {
        throw new Error(`${rules.id}: provide \`saveMemberships\` with .provide()`);
      }),
    },
    guards: {
      'hasProblems?': ({ context }) => context.problems.length > 0,
      'hasChanges?': ({ context }) => hasChanges(context),
      'hasMembershipChanges?': ({ context }) => context.membershipsChanged,
    },
    actions: {
      takeValues: assign(({ context, event }) => {
        assertEvent(event, 'SAVE');
        return { values: event.values, membershipsChanged: event.membershipsChanged, problems: rules.problems(event.values, context.original), error: undefined };
      }),
      recordSaved: assign(({ context }, params: { saved: Saved }) => ({ saved: params.saved, original: context.values })),
      // A list that failed already says why (memberEditList's own §8 message, an `Error` or `{message}` without a
      // status): keep its text. An HTTP failure `{status, responseJSON}` gets the form's §8 message.
      showError: assign((_, params: { error: unknown }) => ({ error: listMessage(params.error) ?? rules.errorMessage(params.error) })),
    },
  }).createMachine({
    id: rules.id,
    initial: 'editing',
    context: ({ input }) => ({
      listHref: input.mode === 'add' ? input.listHref : undefined,
      saved: input.mode === 'edit' ? input.saved : undefined,
      original: input.mode === 'edit' ? input.original : undefined,
      values: undefined,
      membershipsChanged: false,
      problems: [],
      error: undefined,
    }),
    states: {
      editing: {
        on: { SAVE: { target: 'validating', actions: 'takeValues' } },
      },
      validating: {
        always: [
          // spec 03 §5: the messages are shown together and block the save.
          { guard: 'hasProblems?', target: 'editing' },
          { guard: 'hasChanges?', target: 'saving' },
          // spec 03 §4: the record did not change, so no update call; the membership changes are applied, or the form closes.
          { guard: 'hasMembershipChanges?', target: 'savingMemberships' },
          { target: 'saved' },
        ],
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }): FormSaveCallInput<Create, Patch> =>
            context.original === undefined || context.saved === undefined
              ? { mode: 'add', listHref: context.listHref ?? '', body: rules.createBody(context.values!) }
              : { mode: 'edit', href: context.saved.href, patch: rules.patch(context.original, context.values!) },
          onDone: [
            // spec 03 §4: membership changes are sent after the record is saved, to its (new) links.
            {
              guard: 'hasMembershipChanges?',
              target: 'savingMemberships',
              actions: { type: 'recordSaved', params: ({ event }: { event: DoneActorEvent<Saved> }) => ({ saved: event.output }) },
            },
            { target: 'saved', actions: { type: 'recordSaved', params: ({ event }: { event: DoneActorEvent<Saved> }) => ({ saved: event.output }) } },
          ],
          onError: { target: 'error', actions: { type: 'showError', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
        },
      },
      savingMemberships: {
        invoke: {
          id: 'saveMemberships',
          src: 'saveMemberships',
          input: ({ context }: { context: Context }): FormSaveMembershipsInput<Saved> => ({ saved: context.saved! }),
          onDone: 'saved',
          onError: { target: 'error', actions: { type: 'showError', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
        },
      },
      error: {
        on: { SAVE: { target: 'validating', actions: 'takeValues' } },
      },
      saved: { type: 'final' },
    },
    output: ({ context }) => ({ saved: context.saved }),
  });
}
