/**
 * Alert editor: the popover where a user creates, reads, edits and deletes the search alert of a collection
 * (spec 01 §2 Alert editing, §3 Alert, §4 Alert, §5 "Alert creation is offered only for archives with the Alert
 * permission", §6, §7 `/fotoweb/me/alerts/`, §8 "Alert creation failure shows a danger notice", §9).
 *
 * Two regions:
 * - `popover`: closed ⇄ open; inside `open`, read mode (`read`) and edit mode (`edit`), with `offering` (no alert
 *   yet: the create button) and the requests `creating`, `saving`, `deleting`. Creating is followed by edit mode;
 *   saving returns to read mode.
 * - `confirmation`: after a creation, the confirmation with the query text (escaped, cut to 50 characters) is
 *   `shown`; once the popover hides it is `closing` and goes 5 s later (re-opening the popover keeps it).
 */
import { assertEvent, assign, fromPromise, setup, stateIn } from 'xstate';
import { alertConfirmationQuery } from './alertText.ts';

/** The alert intervals, in the order a picker lists them. */
export const ALERT_INTERVALS = ['immediate', 'every_hour', 'every_6_hours', 'every_day', 'every_week', 'every_month'] as const; // spec 01 §3

/** One of {@link ALERT_INTERVALS}. */
export type AlertInterval = (typeof ALERT_INTERVALS)[number];

/** The interval a new alert is created with; the user picks another in the edit mode that follows. */
export const DEFAULT_ALERT_INTERVAL: AlertInterval = 'every_day';

/** The archive permission that allows alerts. */
export const ALERT_PERMISSION = 'Alert'; // spec 01 §5, §6

/** How long the confirmation stays once the popover hides, in ms. */
export const ALERT_CONFIRMATION_CLOSE_MS = 5_000; // spec 01 §9

/** Danger notice when creating the alert failed and the server gave no message. spec 01 §8. */
export const ALERT_CREATE_FAILED_MESSAGE = 'The alert could not be created.';
/** Danger notice when saving the alert failed and the server gave no message. */
export const ALERT_SAVE_FAILED_MESSAGE = 'The alert could not be saved.';
/** Danger notice when deleting the alert failed and the server gave no message. */
export const ALERT_DELETE_FAILED_MESSAGE = 'The alert could not be deleted.';

/** An alert (spec 01 §3): its `href`, the `collection` href it watches, its `interval` and search text. */
export interface Alert {
  readonly href: string;
  readonly collection: string;
  readonly interval: AlertInterval;
  readonly dtSearchString: string;
}

/** The collection the popover is about: its href and its permissions (spec 01 §3 Collection `permissions`). */
export interface AlertCollection {
  readonly href: string;
  readonly permissions: readonly string[];
}

/** Input of the `createAlert` actor: the body of `POST /fotoweb/me/alerts/` (spec 01 §7). */
export interface CreateAlertInput {
  readonly collection: string;
  readonly interval: AlertInterval;
  readonly dtSearchString: string;
}

/** Input of the `saveAlert` actor: `PUT`/`PATCH` on `href` with the alert's new values (spec 01 §7). */
export type SaveAlertInput = Alert;

/** Input of the `deleteAlert` actor: `DELETE` on `href` (spec 01 §7). */
export interface DeleteAlertInput {
  readonly href: string;
}

/** A danger notice in the popover (spec 01 §8): which request failed and what to tell the user. */
export interface AlertNotice {
  readonly status: 'danger';
  readonly action: 'create' | 'save' | 'delete';
  readonly message: string;
}

/**
 * Input of {@link alertEditorMachine}.
 *
 * - `loggedIn`: alert controls are hidden when not logged in (spec 01 §6).
 * - `collection`: the collection (archive) the alert watches.
 * - `searchText`: the current search's text; a new alert watches it (`dtSearchString`).
 * - `alert`: the user's existing alert for this collection and search, if any.
 */
export interface AlertEditorInput {
  readonly loggedIn: boolean;
  readonly collection: AlertCollection;
  readonly searchText: string;
  readonly alert?: Alert | undefined;
}

/**
 * Context of {@link alertEditorMachine}: the input, plus
 * - `alert`: the alert as the server last confirmed it (`undefined`: none yet, or deleted);
 * - `draftInterval`: the interval picked in edit mode (set only in `edit` and `saving`);
 * - `notice`: the danger notice of the last failed request, until the next request or the popover closes;
 * - `confirmationQuery`: the confirmation's query text, HTML-escaped and cut to 50 characters (set while the
 *   confirmation region is `shown` or `closing`).
 */
export interface AlertEditorContext {
  readonly loggedIn: boolean;
  readonly collection: AlertCollection;
  readonly searchText: string;
  readonly alert: Alert | undefined;
  readonly draftInterval: AlertInterval | undefined;
  readonly notice: AlertNotice | undefined;
  readonly confirmationQuery: string | undefined;
}

/**
 * Events of {@link alertEditorMachine}, all from the view:
 *
 * - `OPEN` (ignored without login or the Alert permission) / `CLOSE` (ignored while a request runs).
 * - `CREATE`: create the alert for the current search (in `offering`).
 * - `EDIT` (in `read`), `SET_INTERVAL {interval}` (in `edit`; an unknown interval is ignored), `SAVE`, `CANCEL`.
 * - `DELETE` (in `read`).
 */
export type AlertEditorEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CREATE' }
  | { type: 'EDIT' }
  | { type: 'SET_INTERVAL'; interval: string }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'DELETE' };

const INTERVALS: ReadonlySet<string> = new Set(ALERT_INTERVALS);

/** `true` for one of the six {@link ALERT_INTERVALS} (spec 01 §3). */
export function isAlertInterval(value: unknown): value is AlertInterval {
  return typeof value === 'string' && INTERVALS.has(value);
}

/**
 * Whether alert controls are offered for `collection`: logged in and the archive grants the `Alert` permission
 * (spec 01 §5 "Alert creation is offered only for archives with the Alert permission", §6).
 */
export function mayUseAlerts(loggedIn: boolean, collection: AlertCollection): boolean {
  return loggedIn && collection.permissions.includes(ALERT_PERMISSION);
}

/**
 * The danger notice for a failed request: the server's message when the error carries one (spec 01 §8 "4xx carry
 * responseJSON with heading and value"; a `message` or `value` string), else `fallback`.
 */
export function alertNotice(action: AlertNotice['action'], error: unknown, fallback: string): AlertNotice {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const candidate = [record['message'], record['value']].find((value) => typeof value === 'string' && value.trim());
  return { status: 'danger', action, message: typeof candidate === 'string' ? candidate : fallback };
}

/**
 * The alert editor machine (spec 01 §2 Alert editing, §3, §4 Alert, §5, §6, §7, §8, §9); see the module comment.
 *
 * Requests: `creating` runs `createAlert` ({@link CreateAlertInput} → the new {@link Alert}, whose href may come
 * from the Location header) → `edit` and the confirmation; failure → `offering` with a danger notice.
 * `saving` runs `saveAlert` (→ the saved alert) → `read`; failure → back to `edit`, draft kept, with a notice.
 * `deleting` runs `deleteAlert` → `offering`; failure → `read` with a notice. SAVE without a change returns to
 * read mode without a request.
 *
 * Provide `createAlert`, `saveAlert` and `deleteAlert` with `.provide()`; the built-in ones reject.
 */
export const alertEditorMachine = setup({
  types: {
    context: {} as AlertEditorContext,
    events: {} as AlertEditorEvent,
    input: {} as AlertEditorInput,
  },
  actors: {
    createAlert: fromPromise<Alert, CreateAlertInput>(async () => {
      throw new Error('alertEditor: provide `createAlert` with .provide()');
    }),
    saveAlert: fromPromise<Alert, SaveAlertInput>(async () => {
      throw new Error('alertEditor: provide `saveAlert` with .provide()');
    }),
    deleteAlert: fromPromise<void, DeleteAlertInput>(async () => {
      throw new Error('alertEditor: provide `deleteAlert` with .provide()');
    }),
  },
  guards: {
    'mayUseAlerts?': ({ context }) => mayUseAlerts(context.loggedIn, context.collection),
    'hasAlert?': ({ context }) => context.alert !== undefined,
    'isKnownInterval?': ({ event }) => event.type === 'SET_INTERVAL' && isAlertInterval(event.interval),
    'hasChanges?': ({ context }) => context.draftInterval !== context.alert?.interval,
    'hasConfirmation?': ({ context }) => context.confirmationQuery !== undefined,
    'isPopoverClosed?': stateIn('#alertEditor.popover.closed'),
    'isPopoverOpen?': stateIn('#alertEditor.popover.open'),
  },
  delays: {
    confirmationClose: ALERT_CONFIRMATION_CLOSE_MS,
  },
  actions: {
    storeAlert: assign((_, alert: Alert) => ({ alert })),
    clearAlert: assign({ alert: undefined }),
    startDraft: assign(({ context }) => ({ draftInterval: context.alert?.interval })),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'SET_INTERVAL');
      return { draftInterval: isAlertInterval(event.interval) ? event.interval : undefined };
    }),
    clearDraft: assign({ draftInterval: undefined }),
    confirmCreation: assign((_, alert: Alert) => ({ confirmationQuery: alertConfirmationQuery(alert.dtSearchString) })),
    clearConfirmation: assign({ confirmationQuery: undefined }),
    showNotice: assign((_, notice: AlertNotice) => ({ notice })),
    clearNotice: assign({ notice: undefined }),
  },
}).createMachine({
  id: 'alertEditor',
  type: 'parallel',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    collection: input.collection,
    searchText: input.searchText,
    alert: input.alert,
    draftInterval: undefined,
    notice: undefined,
    confirmationQuery: undefined,
  }),
  states: {
    popover: {
      initial: 'closed',
      states: {
        closed: {
          on: { OPEN: { guard: 'mayUseAlerts?', target: 'open' } },
        },
        open: {
          initial: 'choosing',
          exit: ['clearNotice', 'clearDraft'],
          states: {
            choosing: {
              always: [{ guard: 'hasAlert?', target: 'read' }, { target: 'offering' }],
            },
            offering: {
              on: {
                CREATE: { target: 'creating', actions: 'clearNotice' },
                CLOSE: '#alertEditor.popover.closed',
              },
            },
            // No CLOSE while a request runs: the popover stays until the user sees the outcome.
            creating: {
              invoke: {
                id: 'createAlert',
                src: 'createAlert',
                input: ({ context }) => ({
                  collection: context.collection.href,
                  interval: DEFAULT_ALERT_INTERVAL,
                  dtSearchString: context.searchText,
                }),
                onDone: {
                  // spec 01 §2: creating an alert is followed by edit mode.
                  target: 'edit',
                  actions: [{ type: 'storeAlert', params: ({ event }) => event.output }, 'startDraft', { type: 'confirmCreation', params: ({ event }) => event.output }],
                },
                onError: {
                  target: 'offering',
                  actions: {
                    type: 'showNotice',
                    params: ({ event }) => alertNotice('create', event.error, ALERT_CREATE_FAILED_MESSAGE),
                  },
                },
              },
            },
            read: {
              on: {
                EDIT: { target: 'edit', actions: ['clearNotice', 'startDraft'] },
                DELETE: { target: 'deleting', actions: 'clearNotice' },
                CLOSE: '#alertEditor.popover.closed',
              },
            },
            edit: {
              on: {
                SET_INTERVAL: { guard: 'isKnownInterval?', actions: 'setDraft' },
                SAVE: [
                  { guard: 'hasChanges?', target: 'saving', actions: 'clearNotice' },
                  { target: 'read', actions: ['clearNotice', 'clearDraft'] },
                ],
                CANCEL: { target: 'read', actions: ['clearNotice', 'clearDraft'] },
                CLOSE: '#alertEditor.popover.closed',
              },
            },
            saving: {
              invoke: {
                id: 'saveAlert',
                src: 'saveAlert',
                input: ({ context }): SaveAlertInput => {
                  const { alert, draftInterval } = context;
                  if (!alert || !draftInterval) throw new Error('alertEditor: entered `saving` without an alert and a draft');
                  return { ...alert, interval: draftInterval };
                },
                onDone: {
                  // spec 01 §2: saving returns to read mode.
                  target: 'read',
                  actions: [{ type: 'storeAlert', params: ({ event }) => event.output }, 'clearDraft'],
                },
                onError: {
                  target: 'edit',
                  actions: {
                    type: 'showNotice',
                    params: ({ event }) => alertNotice('save', event.error, ALERT_SAVE_FAILED_MESSAGE),
                  },
                },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteAlert',
                src: 'deleteAlert',
                input: ({ context }) => ({ href: context.alert?.href ?? '' }),
                onDone: { target: 'offering', actions: 'clearAlert' },
                onError: {
                  target: 'read',
                  actions: {
                    type: 'showNotice',
                    params: ({ event }) => alertNotice('delete', event.error, ALERT_DELETE_FAILED_MESSAGE),
                  },
                },
              },
            },
          },
        },
      },
    },
    confirmation: {
      initial: 'hidden',
      states: {
        hidden: {
          always: { guard: 'hasConfirmation?', target: 'shown' },
        },
        shown: {
          // spec 01 §2: the confirmation closes 5 s after the popover hides.
          always: { guard: 'isPopoverClosed?', target: 'closing' },
        },
        closing: {
          always: { guard: 'isPopoverOpen?', target: 'shown' },
          after: { confirmationClose: { target: 'hidden', actions: 'clearConfirmation' } },
        },
      },
    },
  },
});
