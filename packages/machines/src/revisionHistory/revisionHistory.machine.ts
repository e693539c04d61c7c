/**
 * The asset's history panel: list the asset's revisions, compare two, roll back to one, delete one
 * (spec 01 §7 Revisions: GET list, DELETE {revision}, POST {revision}/rollback, POST compare {leftRevision,
 * rightRevision}; §3 Revision {id, number}; permissions HistoryView, HistoryRollback, HistoryManage, spec 03 §3.11).
 *
 * unavailable (without HistoryView) | loading → ready ⇄ comparing; ready → confirming → applying → loading (the asset
 * changed: emitted `assetChanged`) or ready with the error; loading → failed → (RETRY) loading.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';

/** The least a revision must carry for the flow: its `href` (the list's entries are otherwise the view's business). */
export interface RevisionRef {
  readonly href: string;
}

/** What the panel may do, from the asset's archive permissions (spec 03 §3.11). */
export interface RevisionHistoryPermissions {
  /** HistoryView: see the list and compare. */
  readonly view: boolean;
  /** HistoryRollback: roll back to a revision. */
  readonly rollback: boolean;
  /** HistoryManage: delete revisions. */
  readonly manage: boolean;
}

/** Input of {@link revisionHistoryMachine}: the asset's revisions link and the caller's permissions. */
export interface RevisionHistoryInput {
  /** The asset's `revisions.href` (`<asset path without .info>/__revisions/`). */
  readonly revisionsHref: string;
  readonly permissions: RevisionHistoryPermissions;
}

/**
 * A change that needs a confirmation first: `rollback` restores the asset as it was at a revision (rollback-to),
 * `undo` undoes what one revision changed (rollback), `delete` removes a revision from the history.
 */
export interface PendingRevisionChange {
  readonly kind: 'rollback' | 'undo' | 'delete';
  readonly revision: RevisionRef;
}

/** A comparison of two revisions: their hrefs and the server's answer (field-by-field differences). */
export interface RevisionComparison {
  readonly left: RevisionRef;
  readonly right: RevisionRef;
  readonly result: unknown;
}

/**
 * Why a request of the panel failed, as `{value, message}` like the client's other errors (spec 01 §8). `value` names
 * the request: `loadFailed`, `compareFailed`, `rollbackFailed`, `deleteFailed`; `cause` is what it rejected with.
 */
export interface RevisionHistoryError {
  readonly value: 'loadFailed' | 'compareFailed' | 'rollbackFailed' | 'deleteFailed';
  readonly message: string;
  readonly cause: unknown;
}

/** The messages of {@link RevisionHistoryError}, per `value`. */
export const REVISION_HISTORY_MESSAGES: Readonly<Record<RevisionHistoryError['value'], string>> = {
  loadFailed: 'The history could not be loaded.',
  compareFailed: 'The revisions could not be compared.',
  rollbackFailed: 'The rollback failed. The asset was not changed.',
  deleteFailed: 'The revision could not be deleted.',
};

/**
 * Context of {@link revisionHistoryMachine}.
 * - `revisions`: the last loaded list (newest first, as the server sends it); kept while reloading.
 * - `comparison`: the comparison asked for (its `result` is `undefined` while comparing); cleared by CLOSE_COMPARISON,
 *   a failed comparison, and a rollback or delete.
 * - `pending`: the change waiting for CONFIRM, or being applied.
 * - `error`: the last failure, cleared by the next request.
 */
export interface RevisionHistoryContext {
  readonly revisionsHref: string;
  readonly permissions: RevisionHistoryPermissions;
  readonly revisions: readonly RevisionRef[];
  readonly comparison: RevisionComparison | undefined;
  readonly pending: PendingRevisionChange | undefined;
  readonly error: RevisionHistoryError | undefined;
}

/**
 * Events of {@link revisionHistoryMachine}.
 * - `RETRY`: load again after a failed load. `RELOAD`: load again (the asset changed elsewhere).
 * - `COMPARE {left, right}`: compare two revisions. `CLOSE_COMPARISON`: hide the comparison.
 * - `ROLLBACK {revision}` / `UNDO {revision}` (need HistoryRollback), `DELETE {revision}` (needs HistoryManage): ask
 *   for confirmation.
 * - `CONFIRM` / `CANCEL`: answer the confirmation.
 */
export type RevisionHistoryEvent =
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'COMPARE'; left: RevisionRef; right: RevisionRef }
  | { type: 'CLOSE_COMPARISON' }
  | { type: 'ROLLBACK'; revision: RevisionRef }
  | { type: 'UNDO'; revision: RevisionRef }
  | { type: 'DELETE'; revision: RevisionRef }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** Emitted after a rollback or a delete succeeded: the asset's metadata may differ now, the view reloads it. */
export interface AssetChangedEvent {
  readonly type: 'assetChanged';
  readonly change: PendingRevisionChange;
}

/** Input of the injected `loadRevisions` actor (GET the list). */
export interface LoadRevisionsInput {
  readonly revisionsHref: string;
}

/** Input of the injected `compareRevisions` actor (POST compare). */
export interface CompareRevisionsInput {
  readonly revisionsHref: string;
  readonly left: RevisionRef;
  readonly right: RevisionRef;
}

function failure(value: RevisionHistoryError['value'], cause: unknown): RevisionHistoryError {
  return { value, message: REVISION_HISTORY_MESSAGES[value], cause };
}

/**
 * The history panel machine (see the module comment). Provide the actors with `.provide({actors: {loadRevisions,
 * compareRevisions, applyRevisionChange}})`: `loadRevisions` resolves with the list, `compareRevisions` with the
 * comparison result, `applyRevisionChange` when the change is done (`rollback`: `POST {revision}/rollback-to`,
 * `undo`: `POST {revision}/rollback`, `delete`: `DELETE {revision}`). The built-in ones reject.
 */
export const revisionHistoryMachine = setup({
  types: {
    context: {} as RevisionHistoryContext,
    events: {} as RevisionHistoryEvent,
    input: {} as RevisionHistoryInput,
    emitted: {} as AssetChangedEvent,
  },
  actors: {
    loadRevisions: fromPromise<readonly RevisionRef[], LoadRevisionsInput>(async () => {
      throw new Error('revisionHistory: provide `loadRevisions` with .provide()');
    }),
    compareRevisions: fromPromise<unknown, CompareRevisionsInput>(async () => {
      throw new Error('revisionHistory: provide `compareRevisions` with .provide()');
    }),
    applyRevisionChange: fromPromise<unknown, PendingRevisionChange>(async () => {
      throw new Error('revisionHistory: provide `applyRevisionChange` with .provide()');
    }),
  },
  guards: {
    'mayView?': ({ context }) => context.permissions.view,
    'mayRollback?': ({ context }) => context.permissions.rollback,
    'mayManage?': ({ context }) => context.permissions.manage,
    'isDistinctPair?': ({ event }) => event.type === 'COMPARE' && event.left.href !== event.right.href,
  },
  actions: {
    storeRevisions: assign((_, revisions: readonly RevisionRef[]) => ({ revisions, error: undefined })),
    storeError: assign((_, error: RevisionHistoryError) => ({ error })),
    clearError: assign({ error: undefined }),
    askRollback: assign(({ event }) => {
      assertEvent(event, 'ROLLBACK');
      return { pending: { kind: 'rollback' as const, revision: event.revision }, error: undefined };
    }),
    askUndo: assign(({ event }) => {
      assertEvent(event, 'UNDO');
      return { pending: { kind: 'undo' as const, revision: event.revision }, error: undefined };
    }),
    askDelete: assign(({ event }) => {
      assertEvent(event, 'DELETE');
      return { pending: { kind: 'delete' as const, revision: event.revision }, error: undefined };
    }),
    dropPending: assign({ pending: undefined }),
    closeComparison: assign({ comparison: undefined }),
    startComparison: assign(({ event }) => {
      assertEvent(event, 'COMPARE');
      return { comparison: { left: event.left, right: event.right, result: undefined }, error: undefined };
    }),
    storeComparison: assign(({ context }, params: { result: unknown }) => ({ comparison: { ...context.comparison!, result: params.result } })),
    emitAssetChanged: emit(({ context }) => ({ type: 'assetChanged' as const, change: context.pending! })),
  },
}).createMachine({
  id: 'revisionHistory',
  // Unavailable first: the panel loads only when the caller has HistoryView (as fieldEditor's read-only start).
  initial: 'unavailable',
  context: ({ input }) => ({
    revisionsHref: input.revisionsHref,
    permissions: input.permissions,
    revisions: [],
    comparison: undefined,
    pending: undefined,
    error: undefined,
  }),
  states: {
    unavailable: {
      // Without HistoryView the panel shows nothing and asks nothing.
      always: { guard: 'mayView?', target: 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadRevisions',
        src: 'loadRevisions',
        input: ({ context }) => ({ revisionsHref: context.revisionsHref }),
        onDone: { target: 'ready', actions: { type: 'storeRevisions', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => failure('loadFailed', event.error) } },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        RELOAD: 'loading',
        COMPARE: { guard: 'isDistinctPair?', target: 'comparing', actions: 'startComparison' },
        CLOSE_COMPARISON: { actions: 'closeComparison' },
        ROLLBACK: { guard: 'mayRollback?', target: 'confirming', actions: 'askRollback' },
        UNDO: { guard: 'mayRollback?', target: 'confirming', actions: 'askUndo' },
        DELETE: { guard: 'mayManage?', target: 'confirming', actions: 'askDelete' },
      },
    },
    comparing: {
      invoke: {
        id: 'compareRevisions',
        src: 'compareRevisions',
        input: ({ context }) => ({ revisionsHref: context.revisionsHref, left: context.comparison!.left, right: context.comparison!.right }),
        onDone: { target: 'ready', actions: { type: 'storeComparison', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'ready',
          actions: ['closeComparison', { type: 'storeError', params: ({ event }) => failure('compareFailed', event.error) }],
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'applying',
        CANCEL: { target: 'ready', actions: 'dropPending' },
      },
    },
    applying: {
      invoke: {
        id: 'applyRevisionChange',
        src: 'applyRevisionChange',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: ['emitAssetChanged', 'dropPending', 'closeComparison'] },
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'storeError',
              params: ({ context, event }) => failure(context.pending?.kind === 'delete' ? 'deleteFailed' : 'rollbackFailed', event.error),
            },
            'dropPending',
          ],
        },
      },
    },
  },
});
