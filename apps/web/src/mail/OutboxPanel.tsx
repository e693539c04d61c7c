/**
 * The outbox room (issue 14 "Mail"; Magpie's own screen, FotoWeb has none): every message Magpie queued, newest first,
 * with its recipient, subject, date, delivery status and last error; a message opens in {@link MailMessageDialog} to
 * be read; "Send test message" mails the administrator's own address to check the mail settings. Without an SMTP
 * server (`SMTP_URL`) messages are held here, and this is where an administrator reads them. Shown by the outbox view
 * (`routes/outbox/`), which the settings menu's "Outbox" opens; the descriptor offers `mail_outbox` and
 * `views.mailOutbox` to callers with `manageSettings`.
 */
import { useState } from 'react';
import { Alert, Badge, Box, Button, Code, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import type { MailMessageSummary, MailOutbox } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { errorReport } from '../notifications/errorReport.ts';
import { useNotifications } from '../notifications/NotificationsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { MailMessageDialog } from './MailMessageDialog.tsx';
import { deliveryDescription, deliveryState, formatMailTime, MAIL_STATUS_LABELS } from './outbox.ts';

/** See the module comment. */
export function OutboxPanel() {
  const { descriptor } = useSession();
  const href = descriptor?.mail_outbox ?? undefined;
  useDocumentTitle('Outbox');
  const first = useResource(href, (signal) => api.listMail(href!, { signal }));

  if (!href) {
    return (
      <Stack p="6" gap="3" data-testid="outbox-view">
        <Heading as="h1" size="lg">
          Outbox
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Reading the outbox needs the “Manage settings” permission of a group.</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }
  if (first.status === 'error' && !first.data) {
    return (
      <Stack p="6" gap="3" data-testid="outbox-view">
        <Heading as="h1" size="lg">
          Outbox
        </Heading>
        <ErrorState error={first.error} onRetry={first.reload} />
      </Stack>
    );
  }
  if (!first.data) return <LoadingState label="Loading the outbox…" />;
  return <Outbox first={first.data} reload={first.reload} ownAddress={descriptor?.user.email ?? ''} />;
}

/** The loaded outbox: the first page, and the older pages the user asked for. */
function Outbox({ first, reload, ownAddress }: { readonly first: MailOutbox; readonly reload: () => void; readonly ownAddress: string }) {
  const { notify } = useNotifications();
  const [older, setOlder] = useState<{ readonly firstPage: MailOutbox; readonly pages: readonly MailOutbox[] }>({ firstPage: first, pages: [] });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sending, setSending] = useState(false);
  const [reading, setReading] = useState<MailMessageSummary | undefined>(undefined);
  // A reload of the first page drops the older pages (they were read before it).
  const pages = older.firstPage === first ? [first, ...older.pages] : [first];
  const messages = pages.flatMap((page) => page.data);
  const next = pages.at(-1)!.paging.next;

  const showOlder = async () => {
    if (!next) return;
    setLoadingOlder(true);
    try {
      const page = await api.listMail(next);
      setOlder({ firstPage: first, pages: [...(older.firstPage === first ? older.pages : []), page] });
    } catch (failure) {
      notify({ status: 'error', key: 'outbox', testId: 'outbox-notice', body: 'The older messages could not be loaded.', report: errorReport(failure) });
    } finally {
      setLoadingOlder(false);
    }
  };

  const sendTest = async () => {
    setSending(true);
    try {
      const message = await api.sendTestMail(first.sendTest);
      const outcome =
        message.status === 'held' ? 'It is kept in the outbox: no mail server is configured.' : 'It is on its way; its status below shows when the mail server took it.';
      notify({ status: 'success', key: 'outbox', testId: 'outbox-notice', body: `A test message to ${message.to} is queued. ${outcome}` });
      reload();
    } catch (failure) {
      const report = errorReport(failure);
      notify({ status: 'error', key: 'outbox', testId: 'outbox-notice', body: report.details.detail ?? report.message, report });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack p="6" gap="4" maxW="6xl" data-testid="outbox-view">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          Outbox
        </Heading>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={reload} data-testid="outbox-refresh">
            Refresh
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => void sendTest()} loading={sending} disabled={ownAddress === ''} data-testid="outbox-send-test">
            Send test message
          </Button>
        </HStack>
      </HStack>
      <Text color="fg.muted" maxW="4xl" data-testid="outbox-delivery">
        {deliveryDescription(first.delivery)}
      </Text>
      <Text color="fg.muted" fontSize="sm" data-testid="outbox-test-address">
        {ownAddress === '' ? (
          'Your user has no e-mail address, so a test message has nowhere to go: add one to your user to send yourself one.'
        ) : (
          <>
            A test message goes to your own address, <Code>{ownAddress}</Code>.
          </>
        )}
      </Text>
      {messages.length === 0 ? (
        <EmptyView
          icon={<Mail aria-hidden="true" />}
          title="No mail yet"
          description="The messages Magpie sends (invitations, sign-ups, password resets, test messages) are listed here, newest first."
        />
      ) : (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label="Messages, newest first">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>To</Table.ColumnHeader>
                <Table.ColumnHeader>Subject</Table.ColumnHeader>
                <Table.ColumnHeader>Queued</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Last error</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {messages.map((message) => (
                <Table.Row key={message.id} data-testid="outbox-row" data-mail-id={message.id} data-status={message.status}>
                  <Table.Cell>{message.to}</Table.Cell>
                  <Table.Cell>
                    <Button
                      variant="plain"
                      size="sm"
                      px="0"
                      h="auto"
                      textDecoration="underline"
                      whiteSpace="normal"
                      textAlign="start"
                      onClick={() => setReading(message)}
                      aria-label={`Read “${message.subject}” to ${message.to}`}
                      data-testid="outbox-open"
                    >
                      {message.subject}
                    </Button>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatMailTime(message.created)}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="1">
                      <Badge colorPalette={MAIL_STATUS_LABELS[message.status].palette} alignSelf="flex-start" data-testid="outbox-status">
                        {MAIL_STATUS_LABELS[message.status].label}
                      </Badge>
                      <Text fontSize="xs" color="fg.muted">
                        {deliveryState(message)}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell maxW="sm" data-testid="outbox-error">
                    {message.lastError ? (
                      <Text fontSize="sm" color="fg.error" wordBreak="break-word">
                        {message.lastError}
                      </Text>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        None
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {next && (
        <Button alignSelf="center" variant="outline" size="sm" onClick={() => void showOlder()} loading={loadingOlder} data-testid="outbox-older">
          Show older messages
        </Button>
      )}
      {reading && <MailMessageDialog summary={reading} onClose={() => setReading(undefined)} />}
    </Stack>
  );
}
