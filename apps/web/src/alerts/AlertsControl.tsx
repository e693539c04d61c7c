/**
 * The header's alerts (issue 15; spec 01 §2 Alert editing, §3 Alert, §5, §6, §7 `/fotoweb/me/alerts/`, §8, §9): a
 * bell with the number of unread notifications, opening a popover with
 *
 * - "This search": the alert of the collection and search on screen, on the `alertEditor` machine of
 *   `@magpie/machines` ({@link AlertEditor}), when the archive grants `Alert` (spec 01 §5, §6); otherwise a line that
 *   says why there is nothing to set;
 * - "Your alerts": every alert of the user (the descriptor's `alerts`), each opening its search; read again when the
 *   popover opens and after every create, save and delete;
 * - "Notifications": what the alerts found (the descriptor's `notifications`), unread ones marked, "Mark all read";
 *   polled every minute ({@link useNotifications}).
 *
 * Guests see nothing (spec 01 §6: the descriptor's `alerts` is null for them).
 *
 * The machine lives as long as the collection and search on screen (keyed on them), outside the popover's content,
 * so its confirmation outlives the popover: while the popover is open it shows in the editor, once it hides it shows
 * under the bell until the machine's 5 s run out. Whether the popover is open is this component's (the popover also
 * holds the lists, and stays open when another search comes on screen); the machine hears OPEN and CLOSE as it opens
 * and hides, and a request in flight keeps both open (Esc, outside clicks and the close button do nothing then, as the
 * machine refuses CLOSE).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Button, chakra, CloseButton, Flex, HStack, Link, Popover, Portal, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Bell } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { Alert as DamAlert, AlertList, Notification } from '@magpie/api-types';
import {
  alertEditorMachine,
  mayUseAlerts,
  type Alert,
  type AlertEditorContext,
  type AlertEditorEvent,
  type CreateAlertInput,
  type DeleteAlertInput,
  type SaveAlertInput,
} from '@magpie/machines';
import { api, describeError, isAbort } from '../api/client.ts';
import { useResource, type ResourceState } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useView } from '../session/ViewContext.tsx';
import { AlertConfirmation, AlertEditor } from './AlertEditor.tsx';
import {
  alertConfirmationStateName,
  alertEditorStateName,
  alertIntervalLabel,
  alertRequestError,
  alertsButtonLabel,
  alertSearchLabel,
  alertSubjectKey,
  alertSubjectOf,
  findAlert,
  isAlertRequestRunning,
  notificationTime,
  type AlertSubject,
} from './alertViews.ts';
import { useNotifications, type NotificationsState } from './useNotifications.ts';

/** The header's alerts: the bell and its popover for signed-in users; nothing for guests (spec 01 §6). */
export function AlertsControl() {
  const { descriptor } = useSession();
  const alertsHref = descriptor?.alerts;
  if (!alertsHref) return null;
  return <AlertsHeaderItem alertsHref={alertsHref} notificationsHref={descriptor.notifications ?? undefined} />;
}

interface AlertsData {
  readonly alertsHref: string;
  /** Whether the popover is open: kept above the editors, so a new collection or search on screen keeps it open. */
  readonly open: boolean;
  setOpen(open: boolean): void;
  /** The descriptor's `notifications`; undefined when it has none. */
  readonly notificationsHref: string | undefined;
  readonly alerts: ResourceState<AlertList>;
  readonly notifications: NotificationsState;
  readonly subject: AlertSubject | undefined;
}

/** Loads the lists once for the session and starts one alert editor per collection and search on screen. */
function AlertsHeaderItem({ alertsHref, notificationsHref }: { readonly alertsHref: string; readonly notificationsHref: string | undefined }) {
  const alerts = useResource(alertsHref, (signal) => api.listAlerts(alertsHref, { signal }));
  const notifications = useNotifications(notificationsHref);
  const { collection } = useView();
  const [open, setOpen] = useState(false);
  const subject = alertSubjectOf(collection);
  const data: AlertsData = { alertsHref, open, setOpen, notificationsHref, alerts, notifications, subject };
  const key = alertSubjectKey(subject);
  // The editor starts once the user's alerts are known: its input is the alert it opens with (spec 01 §4 read mode).
  if (subject && mayUseAlerts(true, subject) && alerts.data) {
    return <EditorAlertsPopover key={key} data={data} subject={subject} existing={findAlert(alerts.data.data, subject)} />;
  }
  return <AlertsPopover key={key} data={data} />;
}

/** The machine's four fields of a listed alert (its input `alert`). */
function machineAlert(alert: DamAlert | undefined): Alert | undefined {
  return alert && { href: alert.href, collection: alert.collection, interval: alert.interval, dtSearchString: alert.dtSearchString };
}

/** Runs an alert request; a failure rejects with {@link alertRequestError}'s shape (the machine's danger notice reads it). */
async function alertCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isAbort(error) ? error : alertRequestError(error);
  }
}

/** The popover with the `alertEditor` machine for `subject` (one actor per collection and search; see the module comment). */
function EditorAlertsPopover({ data, subject, existing }: { readonly data: AlertsData; readonly subject: AlertSubject; readonly existing: DamAlert | undefined }) {
  const { alertsHref, alerts } = data;
  const reloadAlerts = alerts.reload;
  // spec 01 §7: POST the collection (and interval, search) to the alerts url; PATCH or DELETE the alert's href. Each
  // success reads "Your alerts" again.
  const [machine] = useState(() =>
    alertEditorMachine.provide({
      actors: {
        createAlert: fromPromise<Alert, CreateAlertInput>(async ({ input, signal }) => {
          const created = await alertCall(() => api.createAlert(alertsHref, input, { signal }));
          reloadAlerts();
          return created;
        }),
        saveAlert: fromPromise<Alert, SaveAlertInput>(async ({ input, signal }) => {
          const saved = await alertCall(() => api.updateAlert(input.href, { interval: input.interval }, { signal }));
          reloadAlerts();
          return saved;
        }),
        deleteAlert: fromPromise<void, DeleteAlertInput>(async ({ input, signal }) => {
          await alertCall(() => api.deleteAlert(input.href, { signal }));
          reloadAlerts();
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { loggedIn: true, collection: { href: subject.href, permissions: subject.permissions }, searchText: subject.searchText, alert: machineAlert(existing) },
  });
  // The machine's popover follows the popover: OPEN and CLOSE are no-ops where the machine is already, and an editor
  // started while the popover is open (another search came on screen) opens at once.
  const { open } = data;
  useEffect(() => send({ type: open ? 'OPEN' : 'CLOSE' }), [open, send]);
  return <AlertsPopover data={data} editor={{ value: snapshot.value, context: snapshot.context, send }} />;
}

interface EditorView {
  readonly value: Parameters<typeof alertEditorStateName>[0];
  readonly context: AlertEditorContext;
  send(event: AlertEditorEvent): void;
}

/** The bell, the popover and, once the popover hid, the editor's confirmation under the bell. */
function AlertsPopover({ data, editor }: { readonly data: AlertsData; readonly editor?: EditorView }) {
  const { alerts, notifications, subject, open, setOpen } = data;
  const state = editor ? alertEditorStateName(editor.value) : undefined;
  const confirmation = editor ? alertConfirmationStateName(editor.value) : 'hidden';
  const busy = state !== undefined && isAlertRequestRunning(state);
  const unread = notifications.list?.unreadCount ?? 0;

  const openPopover = () => {
    setOpen(true);
    notifications.refresh();
    alerts.reload();
  };
  const closePopover = () => {
    if (busy) return;
    setOpen(false);
  };

  return (
    <Box position="relative">
      <Popover.Root
        open={open}
        onOpenChange={(details) => (details.open ? openPopover() : closePopover())}
        closeOnEscape={!busy}
        closeOnInteractOutside={!busy}
        positioning={{ placement: 'bottom-end' }}
        lazyMount
        unmountOnExit
      >
        <Popover.Trigger asChild>
          <Button data-testid="alerts-button" variant="ghost" size="sm" aria-label={alertsButtonLabel(unread)} title="Alerts">
            <Bell aria-hidden="true" />
            {unread > 0 && (
              <Badge size="sm" variant="solid" colorPalette="red" aria-hidden="true" data-testid="alerts-unread">
                {unread}
              </Badge>
            )}
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            {/* Named here: the popover names itself after its title only from its next render on. */}
            <Popover.Content data-testid="alerts-popover" aria-label="Alerts" width={{ base: '92vw', sm: '400px' }}>
              <Popover.Header>
                <Flex align="center" justify="space-between" gap="2">
                  <Popover.Title fontWeight="semibold" fontSize="md">
                    Alerts
                  </Popover.Title>
                  <CloseButton
                    size="sm"
                    aria-label="Close alerts"
                    disabled={busy}
                    title={busy ? 'The popover closes when the alert is stored' : 'Close'}
                    onClick={closePopover}
                    data-testid="alerts-close"
                  />
                </Flex>
              </Popover.Header>
              <Popover.Body maxH="70vh" overflowY="auto">
                <Stack gap="4" separator={<Separator />}>
                  <Section id="alerts-this-search" title="This search">
                    <ThisSearch data={data} subject={subject} editor={editor} state={state} confirmation={confirmation} />
                  </Section>
                  <Section id="alerts-yours" title="Your alerts">
                    <YourAlerts alerts={alerts} onFollow={closePopover} />
                  </Section>
                  {data.notificationsHref !== undefined && <NotificationsSection notifications={notifications} onFollow={closePopover} />}
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {confirmation === 'closing' && editor?.context.confirmationQuery !== undefined && <AlertConfirmation confirmationQuery={editor.context.confirmationQuery} />}
    </Box>
  );
}

/** A titled part of the popover (`<section>` named by its heading). */
function Section({ id, title, action, children }: { readonly id: string; readonly title: string; readonly action?: ReactNode; readonly children: ReactNode }) {
  return (
    <chakra.section aria-labelledby={id}>
      <HStack justify="space-between" align="center" mb="2" minH="6">
        <Text as="h3" id={id} fontSize="sm" fontWeight="semibold">
          {title}
        </Text>
        {action}
      </HStack>
      {children}
    </chakra.section>
  );
}

/** "This search": the editor, or why there is none (spec 01 §5, §6). */
function ThisSearch({
  data,
  subject,
  editor,
  state,
  confirmation,
}: {
  readonly data: AlertsData;
  readonly subject: AlertSubject | undefined;
  readonly editor: EditorView | undefined;
  readonly state: string | undefined;
  readonly confirmation: string;
}) {
  if (!subject) return <Explanation>Open an archive and search to get alerts for new assets.</Explanation>;
  if (!mayUseAlerts(true, subject)) return <Explanation>You can’t set alerts on this collection.</Explanation>;
  if (editor && state) return <AlertEditor state={state} confirmation={confirmation} context={editor.context} subject={subject} send={editor.send} />;
  if (data.alerts.status === 'error') return <Explanation>Alerts can’t be set right now: your alerts could not be loaded.</Explanation>;
  return <Loading label="Loading your alerts…" />;
}

function Explanation({ children }: { readonly children: ReactNode }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="alert-explanation">
      {children}
    </Text>
  );
}

function Loading({ label }: { readonly label: string }) {
  return (
    <HStack gap="2" color="fg.muted" fontSize="sm" role="status">
      <Spinner size="xs" />
      <span>{label}</span>
    </HStack>
  );
}

/** "Your alerts": each alert links to its search (`searchHref`), with its collection, search and interval. */
function YourAlerts({ alerts, onFollow }: { readonly alerts: ResourceState<AlertList>; readonly onFollow: () => void }) {
  if (!alerts.data) {
    if (alerts.status === 'error') return <Explanation>{describeError(alerts.error).message}</Explanation>;
    return <Loading label="Loading your alerts…" />;
  }
  if (alerts.data.data.length === 0) return <Explanation>No alerts yet.</Explanation>;
  return (
    <chakra.ul listStyleType="none" m="0" p="0" display="grid" gap="2" data-testid="alert-list">
      {alerts.data.data.map((alert) => (
        <chakra.li key={alert.href} data-testid="alert-list-item" data-href={alert.href} fontSize="sm">
          <Link asChild color="brand.fg" fontWeight="medium" overflowWrap="anywhere">
            <RouterLink to={alert.searchHref} onClick={onFollow}>
              {alert.collectionName}: {alertSearchLabel(alert.dtSearchString)}
            </RouterLink>
          </Link>
          <Text color="fg.muted" fontSize="xs" data-testid="alert-list-interval">
            {alertIntervalLabel(alert.interval)}
          </Text>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

/** "Notifications": the newest first, unread ones marked, with "Mark all read" while some are unread. */
function NotificationsSection({ notifications, onFollow }: { readonly notifications: NotificationsState; readonly onFollow: () => void }) {
  const { list, error, marking } = notifications;
  const unread = list?.unreadCount ?? 0;
  const now = Date.now();
  return (
    <Section
      id="alerts-notifications"
      title="Notifications"
      action={
        unread > 0 ? (
          <Button size="xs" variant="ghost" loading={marking} onClick={() => void notifications.markAllRead()} data-testid="notifications-mark-read">
            Mark all read
          </Button>
        ) : undefined
      }
    >
      {error !== undefined && (
        <Text fontSize="sm" color="fg.error" mb="2" role="alert">
          {describeError(error).message}
        </Text>
      )}
      {!list && error === undefined && <Loading label="Loading your notifications…" />}
      {list && list.data.length === 0 && <Explanation>No notifications yet.</Explanation>}
      {list && list.data.length > 0 && (
        <chakra.ul listStyleType="none" m="0" p="0" display="grid" gap="3" data-testid="notification-list">
          {list.data.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={now} onFollow={onFollow} />
          ))}
        </chakra.ul>
      )}
    </Section>
  );
}

function NotificationItem({ notification, now, onFollow }: { readonly notification: Notification; readonly now: number; readonly onFollow: () => void }) {
  const { title, text, link, created, read } = notification;
  return (
    <chakra.li data-testid="notification-item" data-read={read} fontSize="sm" display="flex" gap="2">
      <Box
        flexShrink={0}
        boxSize="2"
        rounded="full"
        bg={read ? 'transparent' : 'brand.solid'}
        alignSelf="flex-start"
        mt="1.5"
        aria-hidden="true"
        data-testid={read ? undefined : 'notification-unread'}
      />
      <Box minW="0">
        <Text fontWeight={read ? 'normal' : 'semibold'} overflowWrap="anywhere">
          {!read && <chakra.span srOnly>Unread: </chakra.span>}
          {link ? (
            <Link asChild color="brand.fg">
              <RouterLink to={link} onClick={onFollow}>
                {title}
              </RouterLink>
            </Link>
          ) : (
            title
          )}
        </Text>
        {text && (
          <Text color="fg.muted" overflowWrap="anywhere">
            {text}
          </Text>
        )}
        <chakra.time dateTime={created} title={new Date(created).toLocaleString('en-GB')} color="fg.muted" fontSize="xs">
          {notificationTime(created, now)}
        </chakra.time>
      </Box>
    </chakra.li>
  );
}
