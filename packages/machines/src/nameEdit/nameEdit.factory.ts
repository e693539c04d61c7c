/**
 * A name dialog that makes a thing or renames it (the folder dialog, the album dialog; issue 13): the name is checked
 * when submitted, sent once acceptable, and a refusal keeps the dialog open with the reason. Each dialog is this
 * machine with its own rules ({@link NameEditRules}).
 *
 * editing → (SUBMIT with an acceptable name) saving → done with what was saved, or back to editing with the reason.
 * SUBMIT with an unacceptable name stays in editing and says why. CHANGE edits the name; CANCEL → cancelled.
 */
import { assign, fromPromise, setup } from 'xstate';

/** `create` a thing in a place, or `rename` one. */
export type NameEditMode = 'create' | 'rename';

/** Input: the mode, where to create (or what to rename), and the name so far. */
export interface NameEditInput {
  readonly mode: NameEditMode;
  readonly href: string;
  readonly name: string;
}

/** What was saved: its href and name. */
export interface SavedName {
  readonly href: string;
  readonly name: string;
}

/** Context: the input, the name typed, and what is wrong (`problem` from the rules, `error` from the server). */
export interface NameEditContext {
  readonly mode: NameEditMode;
  readonly href: string;
  readonly original: string;
  readonly name: string;
  readonly problem: string | undefined;
  readonly error: string | undefined;
  /** What the server saved (in `done`). */
  readonly saved: SavedName | undefined;
}

/** CHANGE the name, SUBMIT it, CANCEL the dialog. */
export type NameEditEvent = { type: 'CHANGE'; name: string } | { type: 'SUBMIT' } | { type: 'CANCEL' };

/** A dialog's rules: what is wrong with a name (undefined: acceptable), and what a refused save says. */
export interface NameEditRules {
  readonly id: string;
  readonly problem: (name: string, mode: NameEditMode, original: string) => string | undefined;
  readonly errorMessage: (error: unknown, mode: NameEditMode) => string;
}

/**
 * A name dialog's machine with `rules`. Provide `save` ({@link NameEditInput} with the trimmed name →
 * {@link SavedName}, rejecting with `{status, responseJSON}`) with `.provide({actors})`; the built-in one rejects.
 */
export function createNameEditMachine(rules: NameEditRules) {
  return setup({
    types: {
      context: {} as NameEditContext,
      events: {} as NameEditEvent,
      input: {} as NameEditInput,
    },
    actors: {
      save: fromPromise<SavedName, NameEditInput>(async () => {
        throw new Error(`${rules.id}: provide \`save\` with .provide()`);
      }),
    },
    guards: {
      acceptable: ({ context }) => rules.problem(context.name, context.mode, context.original) === undefined,
    },
  }).createMachine({
    id: rules.id,
    initial: 'editing',
    context: ({ input }) => ({ mode: input.mode, href: input.href, original: input.name, name: input.name, problem: undefined, error: undefined, saved: undefined }),
    states: {
      editing: {
        on: {
          CHANGE: { actions: assign(({ event }) => ({ name: event.name, problem: undefined, error: undefined })) },
          SUBMIT: [{ guard: 'acceptable', target: 'saving' }, { actions: assign(({ context }) => ({ problem: rules.problem(context.name, context.mode, context.original) })) }],
          CANCEL: 'cancelled',
        },
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ mode: context.mode, href: context.href, name: context.name.trim() }),
          onDone: { target: 'done', actions: assign({ saved: ({ event }) => event.output }) },
          onError: { target: 'editing', actions: assign({ error: ({ context, event }) => rules.errorMessage(event.error, context.mode) }) },
        },
      },
      done: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
}
