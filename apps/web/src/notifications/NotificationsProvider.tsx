/**
 * The one notification system of the client (spec 01 §2 "Notifications close automatically after 15 s", §9; issue 13
 * "one notification system… one error modal used by every screen"): `notify` shows a notice in the
 * {@link NotificationOutlet} at the top of the page's content (success, info, warning or error; its words and links;
 * a close button) that closes by itself after
 * {@link NOTIFICATION_AUTOCLOSE_MS}, or when the next notice of the same `key` replaces it; `showError` opens the
 * error modal ({@link ErrorModal}) with what a failure's response said; an error notice may carry that report
 * behind a Details button. Notices are announced to screen readers (a polite live region; errors assertively).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CloseButton, Stack } from '@chakra-ui/react';
import { ErrorModal } from './ErrorModal.tsx';
import type { ErrorReport } from './errorReport.ts';

/** How long a notice stays (ms; spec 01 §2, §9). */
export const NOTIFICATION_AUTOCLOSE_MS = 15_000;

/** A notice to show. */
export interface NotificationInput {
  readonly status: 'success' | 'info' | 'warning' | 'error';
  /** A short heading, if any. */
  readonly title?: string;
  /** The words (and links) of the notice. */
  readonly body: ReactNode;
  /** Notices of one key replace each other (e.g. `file-operation`): a new outcome never stacks on the last. */
  readonly key?: string;
  /** The notice's test id (kept from the screens' own notices, e.g. `file-operation-notice`). */
  readonly testId?: string;
  /** A failure's report: the notice offers Details, which opens the error modal. */
  readonly report?: ErrorReport;
  /** Overrides {@link NOTIFICATION_AUTOCLOSE_MS} (ms); 0 keeps it until closed. */
  readonly durationMs?: number;
}

interface Shown extends NotificationInput {
  readonly id: number;
}

/** What {@link useNotifications} gives. */
export interface NotificationsValue {
  /** Shows a notice; answers its id. */
  notify(notice: NotificationInput): number;
  /** Closes the notice `id` (no-op when it closed already). */
  dismiss(id: number): void;
  /** Opens the error modal with `report`. */
  showError(report: ErrorReport): void;
}

const NotificationsContext = createContext<NotificationsValue | undefined>(undefined);

/** What {@link NotificationOutlet} shows: the notices, how to close one, and how to open a report. */
interface ShownNotices {
  readonly notices: readonly Shown[];
  readonly closerOf: (id: number) => () => void;
  readonly showError: (report: ErrorReport) => void;
}

const ShownContext = createContext<ShownNotices | undefined>(undefined);

/** The notification system; throws outside {@link NotificationsProvider}. */
export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}

/** One notice, with its own timer. */
function Notice({ notice, onClose, onDetails }: { readonly notice: Shown; readonly onClose: () => void; readonly onDetails: (report: ErrorReport) => void }) {
  const duration = notice.durationMs ?? NOTIFICATION_AUTOCLOSE_MS;
  useEffect(() => {
    if (duration <= 0) return;
    const timer = setTimeout(onClose, duration);
    return () => clearTimeout(timer);
  }, [duration, onClose]);
  return (
    <Alert.Root
      status={notice.status}
      boxShadow="lg"
      data-testid={notice.testId ?? 'notification'}
      data-notification={notice.key ?? ''}
      role={notice.status === 'error' ? 'alert' : 'status'}
    >
      <Alert.Indicator />
      <Alert.Content>
        {notice.title && <Alert.Title>{notice.title}</Alert.Title>}
        <Alert.Description>{notice.body}</Alert.Description>
        {notice.report && (
          <Button size="xs" variant="outline" mt="2" alignSelf="flex-start" onClick={() => onDetails(notice.report!)} data-testid="notification-details">
            Details
          </Button>
        )}
      </Alert.Content>
      <CloseButton size="sm" aria-label="Close notice" onClick={onClose} data-testid="notification-close" />
    </Alert.Root>
  );
}

/** Provides {@link useNotifications}; renders the notices (bottom right) and the error modal. */
export function NotificationsProvider({ children }: { readonly children: ReactNode }) {
  const [notices, setNotices] = useState<readonly Shown[]>([]);
  const [report, setReport] = useState<ErrorReport | undefined>(undefined);
  const nextId = useRef(0);
  const dismiss = useCallback((id: number) => setNotices((current) => current.filter((notice) => notice.id !== id)), []);
  const notify = useCallback((notice: NotificationInput) => {
    const id = ++nextId.current;
    setNotices((current) => [...current.filter((shown) => notice.key === undefined || shown.key !== notice.key), { ...notice, id }]);
    return id;
  }, []);
  const value = useMemo<NotificationsValue>(() => ({ notify, dismiss, showError: setReport }), [notify, dismiss]);
  // One close callback per notice id, so a notice's timer is not restarted by re-renders.
  const closers = useRef(new Map<number, () => void>());
  const closerOf = (id: number) => {
    let close = closers.current.get(id);
    if (!close) {
      close = () => {
        closers.current.delete(id);
        dismiss(id);
      };
      closers.current.set(id, close);
    }
    return close;
  };
  const shown = useMemo<ShownNotices>(() => ({ notices, closerOf, showError: setReport }), [notices]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <NotificationsContext.Provider value={value}>
      <ShownContext.Provider value={shown}>
        {children}
        {report && <ErrorModal key={report.title + report.message + (report.details.requestId ?? '')} report={report} onClose={() => setReport(undefined)} />}
      </ShownContext.Provider>
    </NotificationsContext.Provider>
  );
}

/**
 * Where the notices show: at the top of the page's content, in the page's flow (so they never cover the selection
 * bar or a dialog), newest last. A polite live region announces them; an error notice is an alert.
 */
export function NotificationOutlet() {
  const shown = useContext(ShownContext);
  if (!shown || shown.notices.length === 0) return <Box aria-live="polite" data-testid="notifications" />;
  return (
    <Box aria-live="polite" data-testid="notifications" mb="4">
      <Stack gap="2">
        {shown.notices.map((notice) => (
          <Notice key={notice.id} notice={notice} onClose={shown.closerOf(notice.id)} onDetails={shown.showError} />
        ))}
      </Stack>
    </Box>
  );
}
