/**
 * Restoring and deleting for good the entries of the trash (issue 13 trash; spec 01 §2 prompt modal (yes/cancel) and
 * "notifications close automatically after 15 s", §8 the default error; dam.yaml `updateTrash`, `PATCH` the
 * descriptor's `trash` with `{restore}` or `{purge}`).
 *
 * ready (idle | done | failed): SELECT {ids} chooses entries; RESTORE {ids} → submitting at once (a restore is undone
 * by deleting again); PURGE {ids} → confirming, because a purge is permanent: CONFIRM → submitting, CANCEL →
 * ready.idle. submitting: the `update` actor sends the request → ready.done with the trash as it is now, the notice
 * and no selection (→ ready.idle after {@link TRASH_NOTICE_AUTOCLOSE_MS} or on DISMISS), or → ready.failed with the
 * message, the trash and the selection unchanged (409 `NameTaken` on a restore: nothing was restored) (DISMISS →
 * ready.idle). In done and failed, SELECT keeps the notice or message on screen; RESTORE and PURGE start the next
 * request.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TrashList, TrashUpdate } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** How long the notice of a restore or purge stays (ms; spec 01 §2, §9 "notifications close automatically after 15 s"). */
export const TRASH_NOTICE_AUTOCLOSE_MS = 15_000;

/** What a request does to its entries: put them back where they were, or remove them for good. */
export type TrashActionKind = 'restore' | 'purge';

/** A request on trash entries: what, and the entries' ids (`TrashEntry.id`). */
export interface TrashActionRequest {
  readonly kind: TrashActionKind;
  readonly ids: readonly number[];
}

/** The input: the trash's href (the descriptor's `trash`) and the trash as loaded (dam.yaml `TrashList`). */
export interface TrashActionInput {
  readonly href: string;
  readonly trash: TrashList;
}

/** What the `update` actor is given: the trash's href and the body of `PATCH` (dam.yaml `TrashUpdate`). */
export interface TrashUpdateInput {
  readonly href: string;
  readonly update: TrashUpdate;
}

/** Context: the trash shown, the entries chosen, the last request, and its outcome (a notice or an error). */
export interface TrashActionContext {
  readonly href: string;
  /** The trash as loaded, then as the last successful request answered it. */
  readonly trash: TrashList;
  /** The ids of the entries chosen, in the trash's order. */
  readonly selected: readonly number[];
  /** The request being confirmed or sent; kept after it ends, so a closing prompt still names it. */
  readonly request: TrashActionRequest | undefined;
  /** What the last request did ({@link trashActionNotice}), while `ready.done`. */
  readonly notice: string | undefined;
  /** Why the last request failed ({@link trashActionErrorMessage}), while `ready.failed`. */
  readonly error: string | undefined;
}

/**
 * The screen's events: SELECT sets the chosen entries (a checkbox, or every entry); RESTORE and PURGE name the
 * entries (one row, or the chosen ones); CONFIRM and CANCEL answer the purge prompt; DISMISS closes the notice or
 * the error.
 */
export type TrashActionEvent =
  | { type: 'SELECT'; ids: readonly number[] }
  | { type: 'RESTORE'; ids: readonly number[] }
  | { type: 'PURGE'; ids: readonly number[] }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' };

/** What a done request says: `1 asset restored.`, `2 assets deleted for good.` */
export function trashActionNotice(request: TrashActionRequest): string {
  const count = request.ids.length === 1 ? '1 asset' : `${request.ids.length} assets`;
  return request.kind === 'restore' ? `${count} restored.` : `${count} deleted for good.`;
}

/**
 * What a failed request says, from `{status, responseJSON}`: the DAM's message for a 4xx (409 `NameTaken` names the
 * asset whose name is taken; 400 an entry no longer in the trash), the general error otherwise (spec 01 §8).
 */
export function trashActionErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** The `PATCH` body of a request. */
export function trashUpdateOf(request: TrashActionRequest): TrashUpdate {
  return request.kind === 'restore' ? { restore: [...request.ids] } : { purge: [...request.ids] };
}

/** `ids` that name entries of `trash`, in the trash's order. */
function entriesOf(trash: TrashList, ids: readonly number[]): number[] {
  return trash.data.map((entry) => entry.id).filter((id) => ids.includes(id));
}

/**
 * The machine. Provide `update` ({@link TrashUpdateInput} → the trash after the change, dam.yaml `updateTrash`,
 * rejecting with `{status, responseJSON}`) with `.provide({actors})`; the built-in one rejects. The delay
 * `noticeTimeout` is {@link TRASH_NOTICE_AUTOCLOSE_MS}.
 */
export const trashActionMachine = setup({
  types: { context: {} as TrashActionContext, events: {} as TrashActionEvent, input: {} as TrashActionInput },
  actors: {
    update: fromPromise<TrashList, TrashUpdateInput>(async () => {
      throw new Error('trashAction: provide `update` with .provide()');
    }),
  },
  delays: { noticeTimeout: TRASH_NOTICE_AUTOCLOSE_MS },
  guards: {
    // Every id named is an entry of the trash shown, and there is at least one.
    'entriesChosen?': ({ context, event }) => {
      assertEvent(event, ['RESTORE', 'PURGE']);
      return event.ids.length > 0 && entriesOf(context.trash, event.ids).length === new Set(event.ids).size;
    },
  },
  actions: {
    forgetOutcome: assign({ notice: undefined, error: undefined }),
    ask: assign(({ context, event }) => {
      assertEvent(event, ['RESTORE', 'PURGE']);
      return { request: { kind: event.type === 'RESTORE' ? ('restore' as const) : ('purge' as const), ids: entriesOf(context.trash, event.ids) } };
    }),
  },
}).createMachine({
  id: 'trashAction',
  initial: 'ready',
  context: ({ input }) => ({ href: input.href, trash: input.trash, selected: [], request: undefined, notice: undefined, error: undefined }),
  states: {
    ready: {
      initial: 'idle',
      exit: 'forgetOutcome',
      on: {
        SELECT: { actions: assign({ selected: ({ context, event }) => entriesOf(context.trash, event.ids) }) },
        RESTORE: { guard: 'entriesChosen?', target: 'submitting', actions: 'ask' },
        PURGE: { guard: 'entriesChosen?', target: 'confirming', actions: 'ask' },
      },
      states: {
        idle: { entry: 'forgetOutcome' },
        done: {
          after: { noticeTimeout: 'idle' },
          on: { DISMISS: 'idle' },
        },
        failed: {
          on: { DISMISS: 'idle' },
        },
      },
    },
    confirming: {
      on: { CONFIRM: 'submitting', CANCEL: 'ready.idle' },
    },
    submitting: {
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context }) => ({ href: context.href, update: trashUpdateOf(context.request!) }),
        onDone: {
          target: 'ready.done',
          actions: assign(({ context, event }) => ({ trash: event.output, selected: [], notice: trashActionNotice(context.request!) })),
        },
        onError: { target: 'ready.failed', actions: assign({ error: ({ event }) => trashActionErrorMessage(event.error) }) },
      },
    },
  },
});
