/**
 * The Activity exports page's log (spec 03 §2.1 "Activity exports"; issue 15): the first page of the activity log for
 * the filters, older pages on demand, new filters or a refresh read again from the first page.
 *
 * loading → loaded (entries, the next page's href, the export's href) or → failed (the message); in loaded, SHOW_MORE
 * (only while there is a next page) → loadingMore → loaded with the page appended, or loaded with `moreError`; FILTER
 * (new filters) and REFRESH read again from loading; RETRY leaves failed. A FILTER during loadingMore drops that page.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ActivityEntry } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The filters of the log as the page's form holds them (each '' when not set). */
export interface ActivityFilters {
  readonly from: string;
  readonly to: string;
  readonly action: string;
  readonly target: string;
}

/** No filter at all: the page's first state. */
export const NO_ACTIVITY_FILTERS: ActivityFilters = { from: '', to: '', action: '', target: '' };

/** A page of the log as the machine keeps it: its entries, the next page's href (null: none) and the CSV export's href. */
export interface ActivityPage {
  readonly entries: readonly ActivityEntry[];
  readonly next: string | null;
  readonly exportHref: string;
}

/** 403: the caller may not read the log. */
export const ACTIVITY_FORBIDDEN = 'You need the manageActivityExports or audit permission to read the activity log.';

/** The message of a failed read: 400 the DAM's reason (a bad filter), 403 the permission it needs, else the general error. */
export function activityLogErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  if (status === 400) return responseJSON?.message?.trim() || DEFAULT_ERROR_MESSAGE;
  if (status === 403) return ACTIVITY_FORBIDDEN;
  return DEFAULT_ERROR_MESSAGE;
}

/** Context: the filters, the entries shown, the next page, the export's href, and the last failures' messages. */
export interface ActivityLogContext {
  readonly filters: ActivityFilters;
  readonly entries: readonly ActivityEntry[];
  readonly next: string | null;
  readonly exportHref: string | null;
  readonly error: string | undefined;
  readonly moreError: string | undefined;
}

/** Input: the filters to begin with (the page's address may carry them). */
export interface ActivityLogInput {
  readonly filters?: ActivityFilters;
}

/** The events: new filters (Apply), the next page (Show older), read again (Refresh), and Retry after a failure. */
export type ActivityLogEvent = { type: 'FILTER'; filters: ActivityFilters } | { type: 'SHOW_MORE' } | { type: 'REFRESH' } | { type: 'RETRY' };

/**
 * The machine. Provide `loadFirst` (`{filters}` → {@link ActivityPage}: `GET /fotoweb/api/activity` with them) and
 * `loadMore` (`{href}` → {@link ActivityPage}: the page `paging.next` names) with `.provide({actors})`, rejecting with
 * `{status, responseJSON}`. The built-in ones reject.
 */
export const activityLogMachine = setup({
  types: {
    context: {} as ActivityLogContext,
    events: {} as ActivityLogEvent,
    input: {} as ActivityLogInput,
  },
  actors: {
    loadFirst: fromPromise<ActivityPage, { filters: ActivityFilters }>(async () => {
      throw new Error('activityLog: provide `loadFirst` with .provide()');
    }),
    loadMore: fromPromise<ActivityPage, { href: string }>(async () => {
      throw new Error('activityLog: provide `loadMore` with .provide()');
    }),
  },
  guards: {
    'hasMore?': ({ context }) => context.next !== null,
  },
  actions: {
    setFilters: assign(({ event }) => {
      assertEvent(event, 'FILTER');
      return { filters: event.filters };
    }),
    clearErrors: assign({ error: undefined, moreError: undefined }),
    showPage: assign((_, params: { page: ActivityPage }) => ({ entries: params.page.entries, next: params.page.next, exportHref: params.page.exportHref })),
    appendPage: assign(({ context }, params: { page: ActivityPage }) => ({ entries: [...context.entries, ...params.page.entries], next: params.page.next })),
    showError: assign((_, params: { error: unknown }) => ({ error: activityLogErrorMessage(params.error), entries: [], next: null, exportHref: null })),
    showMoreError: assign((_, params: { error: unknown }) => ({ moreError: activityLogErrorMessage(params.error) })),
  },
}).createMachine({
  id: 'activityLog',
  initial: 'loading',
  context: ({ input }) => ({ filters: input.filters ?? NO_ACTIVITY_FILTERS, entries: [], next: null, exportHref: null, error: undefined, moreError: undefined }),
  on: {
    FILTER: { target: '.loading', actions: 'setFilters' },
  },
  states: {
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadFirst',
        src: 'loadFirst',
        input: ({ context }) => ({ filters: context.filters }),
        onDone: { target: 'loaded', actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {
      on: {
        SHOW_MORE: { guard: 'hasMore?', target: 'loadingMore' },
        REFRESH: 'loading',
      },
    },
    loadingMore: {
      entry: assign({ moreError: undefined }),
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ context }) => ({ href: context.next! }),
        onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'loaded', actions: { type: 'showMoreError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
