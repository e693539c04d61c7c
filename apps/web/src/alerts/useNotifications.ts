/**
 * The signed-in user's notifications (Magpie, issue 15: what their alerts found), for the header's bell: loaded when
 * the header mounts, asked again every {@link NOTIFICATIONS_POLL_MS} while the page is visible (and at once when it
 * becomes visible again), and whenever the popover opens (`refresh`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NotificationList } from '@magpie/api-types';
import { api, isAbort } from '../api/client.ts';
import { NOTIFICATIONS_POLL_MS } from './alertViews.ts';

/** What {@link useNotifications} answers. */
export interface NotificationsState {
  /** The last list the DAM answered (newest first, with `unreadCount`), or undefined before the first answer. */
  readonly list: NotificationList | undefined;
  /** The last failure of a load or of "mark all read" (undefined after a good answer). */
  readonly error: unknown;
  /** True while "mark all read" runs. */
  readonly marking: boolean;
  /** Asks the DAM again now (a load in flight is replaced). */
  refresh(): void;
  /** `POST <notifications>read`, then shows every notification read and the unread count 0 (dam.yaml `markNotificationsRead`). */
  markAllRead(): Promise<void>;
}

/**
 * Loads and polls the notifications at `href` (the descriptor's `notifications`; nothing for undefined, e.g. guests).
 * A failed poll keeps the last list and reports the error; the next poll tries again.
 */
export function useNotifications(href: string | undefined): NotificationsState {
  const [list, setList] = useState<NotificationList | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [marking, setMarking] = useState(false);
  const inFlight = useRef<AbortController | undefined>(undefined);

  const refresh = useCallback(() => {
    if (!href) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    api
      .listNotifications(href, { signal: controller.signal })
      .then((answer) => {
        if (controller.signal.aborted) return;
        setList(answer);
        setError(undefined);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || isAbort(failure)) return;
        setError(failure);
      });
  }, [href]);

  useEffect(() => {
    if (!href) return;
    refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') refresh();
    }, NOTIFICATIONS_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      inFlight.current?.abort();
    };
  }, [href, refresh]);

  const markAllRead = useCallback(async () => {
    if (!href) return;
    setMarking(true);
    try {
      await api.markNotificationsRead(href);
      // A poll that left before the POST would bring the old unread count back: drop it.
      inFlight.current?.abort();
      setList((previous) => previous && { ...previous, unreadCount: 0, data: previous.data.map((notification) => ({ ...notification, read: true })) });
      setError(undefined);
    } catch (failure) {
      setError(failure);
    } finally {
      setMarking(false);
    }
  }, [href]);

  return { list, error, marking, refresh, markAllRead };
}
