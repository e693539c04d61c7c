/**
 * One message of the outbox, to read (issue 14 "Mail"): who it is to and from, when it was queued and sent, its
 * delivery, and its plain-text part as written. The HTML part says the same; it is not rendered here (the outbox never
 * runs mail markup in the app's page), only noted. A sensitive message's parts are erased once sent, which it says.
 */
import { Alert, Box, Button, CloseButton, DataList, Dialog, Portal, Text } from '@chakra-ui/react';
import type { MailMessageSummary } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { useResource } from '../api/useResource.ts';
import { deliveryState, formatMailTime, MAIL_STATUS_LABELS } from './outbox.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link MailMessageDialog}. */
export interface MailMessageDialogProps {
  /** The message as the outbox lists it; its `href` is read for the parts. */
  readonly summary: MailMessageSummary;
  readonly onClose: () => void;
}

/** See the module comment. */
export function MailMessageDialog({ summary, onClose }: MailMessageDialogProps) {
  const message = useResource(summary.href, (signal) => api.getMail(summary.href, { signal }));
  const shown = message.data ?? summary;
  const rows: Array<[string, string]> = [
    ['To', shown.to],
    ['From', shown.from ?? 'No sender configured'],
    ['Queued', formatMailTime(shown.created)],
    ['Status', `${MAIL_STATUS_LABELS[shown.status].label}. ${deliveryState(shown)}`],
    ...(shown.lastError ? ([['Last error', shown.lastError]] as Array<[string, string]>) : []),
    ...(shown.requestedBy ? ([['Sent for', shown.requestedBy]] as Array<[string, string]>) : []),
  ];
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : onClose())} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="mail-message-dialog">
            <Dialog.Header>
              <Dialog.Title>{shown.subject}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DataList.Root orientation="horizontal" size="sm" mb="4">
                {rows.map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
                    <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
              {message.status === 'error' && !message.data && (
                <Alert.Root status="error" data-testid="mail-message-error">
                  <Alert.Indicator />
                  <Alert.Description>{loadErrorText(message.error)}</Alert.Description>
                </Alert.Root>
              )}
              {!message.data && message.status === 'loading' && <LoadingSpinner label="Loading the message" />}
              {message.data && message.data.erased ? (
                <Text color="fg.muted" data-testid="mail-message-erased">
                  Its text was erased once it was sent ({formatMailTime(message.data.erased)}): it held a link that signs its reader in.
                </Text>
              ) : (
                message.data && (
                  <>
                    <Box
                      as="pre"
                      whiteSpace="pre-wrap"
                      wordBreak="break-word"
                      fontFamily="inherit"
                      p="3"
                      borderWidth="1px"
                      rounded="md"
                      bg="bg.subtle"
                      tabIndex={0}
                      aria-label="The message’s text"
                      data-testid="mail-message-text"
                    >
                      {message.data.text}
                    </Box>
                    {message.data.html !== null && (
                      <Text fontSize="sm" color="fg.muted" mt="2">
                        It also has an HTML part saying the same, for mail readers that show formatting.
                      </Text>
                    )}
                  </>
                )
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="mail-message-close">
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the message" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
