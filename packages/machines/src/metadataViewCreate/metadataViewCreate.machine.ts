/**
 * Making a metadata view from the archive dialog (issue 12; spec 03 §2.12 "Metadata management", §7 metadata views):
 * a name and where its fields come from (a copy of an existing view, or the default fields); a refusal keeps the
 * dialog open with the reason; once made, the archive can choose it.
 *
 * editing → (SUBMIT with a name) saving → done with the view, or back to editing with the server's reason. SUBMIT
 * without a name stays in editing and says so. CHANGE edits the name, SOURCE chooses the view to copy (null: the
 * default fields); CANCEL → cancelled.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** Longest view name (characters; dam.yaml `MetadataViewConfigCreate.Name`). */
export const METADATA_VIEW_NAME_MAX = 256;
/** The message for a blank name. */
export const METADATA_VIEW_NAME_REQUIRED = 'Give the metadata view a name.';

/** What is wrong with a view's name, or undefined. */
export function metadataViewNameProblem(name: string): string | undefined {
  if (name.trim() === '') return METADATA_VIEW_NAME_REQUIRED;
  if (name.trim().length > METADATA_VIEW_NAME_MAX) return `A metadata view name is at most ${METADATA_VIEW_NAME_MAX} characters.`;
  return undefined;
}

/** What a refused save says: the DAM's message for a 4xx, the general message otherwise. */
export function metadataViewCreateErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as { status?: number; responseJSON?: { message?: string } | null };
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** Input: the view to copy at first (the archive's own; null for the default fields). */
export interface MetadataViewCreateInput {
  readonly copyFrom: string | null;
}

/** The made view: its id and name. */
export interface CreatedMetadataView {
  readonly id: string;
  readonly name: string;
}

/** The input of `createView`: the trimmed name and the view to copy (null: the default fields). */
export interface MetadataViewCreateCall {
  readonly name: string;
  readonly copyFrom: string | null;
}

/** Context: the name typed, the view to copy, what is wrong, and the view once made. */
export interface MetadataViewCreateContext {
  readonly name: string;
  readonly copyFrom: string | null;
  readonly problem: string | undefined;
  readonly error: string | undefined;
  readonly created: CreatedMetadataView | undefined;
}

/** CHANGE the name, choose the SOURCE, SUBMIT, CANCEL. */
export type MetadataViewCreateEvent = { type: 'CHANGE'; name: string } | { type: 'SOURCE'; copyFrom: string | null } | { type: 'SUBMIT' } | { type: 'CANCEL' };

/**
 * The machine. Provide `createView` ({@link MetadataViewCreateCall} → {@link CreatedMetadataView}: `POST
 * /fotoweb/api/config/metadataviews {Name, CopyFrom}`, rejecting with `{status, responseJSON}`) with
 * `.provide({actors})`. The built-in one rejects.
 */
export const metadataViewCreateMachine = setup({
  types: {
    context: {} as MetadataViewCreateContext,
    events: {} as MetadataViewCreateEvent,
    input: {} as MetadataViewCreateInput,
  },
  actors: {
    createView: fromPromise<CreatedMetadataView, MetadataViewCreateCall>(async () => {
      throw new Error('metadataViewCreate: provide `createView` with .provide()');
    }),
  },
  guards: {
    named: ({ context }) => metadataViewNameProblem(context.name) === undefined,
  },
}).createMachine({
  id: 'metadataViewCreate',
  initial: 'editing',
  context: ({ input }) => ({ name: '', copyFrom: input.copyFrom, problem: undefined, error: undefined, created: undefined }),
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign(({ event }) => ({ name: event.name, problem: undefined, error: undefined })) },
        SOURCE: { actions: assign(({ event }) => ({ copyFrom: event.copyFrom, error: undefined })) },
        SUBMIT: [{ guard: 'named', target: 'saving' }, { actions: assign(({ context }) => ({ problem: metadataViewNameProblem(context.name) })) }],
        CANCEL: 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'createView',
        src: 'createView',
        input: ({ context }) => ({ name: context.name.trim(), copyFrom: context.copyFrom }),
        onDone: { target: 'done', actions: assign({ created: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => metadataViewCreateErrorMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
