/**
 * A webhook's deliveries (issue 16; spec 03 §2.1 "Webhooks"; dam.yaml `listWebhookDeliveries`): its 100 latest
 * deliveries, newest first, each attempt on its own row with when it was made, the delivery's status, the receiver's
 * HTTP code and the error. "Send again" queues a delivered or failed delivery anew (`redeliverWebhookDelivery`: same
 * event and asset, a new delivery on top of the list). Refresh reads them again.
 */
import { useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Code, Dialog, Portal, Table, Text } from '@chakra-ui/react';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '@magpie/api-types';
import { ApiError } from '@magpie/api-types/client';
import { DEFAULT_ERROR_MESSAGE } from '@magpie/machines';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { formatWhen } from './formatWhen.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** The badge colour of a delivery's status. */
export function deliveryStatusPalette(status: WebhookDelivery['status']): string {
  return status === 'delivered' ? 'green' : status === 'failed' ? 'red' : status === 'retrying' ? 'orange' : 'gray';
}

/** Props of {@link WebhookDeliveriesDialog}. */
export interface WebhookDeliveriesDialogProps {
  readonly webhook: Webhook;
  readonly onClose: () => void;
}

/** A delivery's attempts to show: every attempt logged, or a single row saying none was made yet. */
function attemptsOf(delivery: WebhookDelivery): readonly (WebhookAttempt | undefined)[] {
  const log = delivery.attemptLog ?? (delivery.lastAttempt ? [delivery.lastAttempt] : []);
  return log.length > 0 ? [...log].reverse() : [undefined];
}

/** Whether a delivery may be sent again: once it is delivered or has failed (not while it is being tried). */
function canSendAgain(delivery: WebhookDelivery): boolean {
  return delivery.status === 'delivered' || delivery.status === 'failed';
}

/** See the module comment. */
export function WebhookDeliveriesDialog({ webhook, onClose }: WebhookDeliveriesDialogProps) {
  const deliveries = useResource(webhook.deliveries, (signal) => api.listWebhookDeliveries(webhook.deliveries, { signal }));
  // The delivery being sent again, and what came of the last one sent again.
  const [sending, setSending] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ readonly status: 'success' | 'error'; readonly text: string } | undefined>(undefined);
  const sendAgain = async (delivery: WebhookDelivery) => {
    setSending(delivery.id);
    setOutcome(undefined);
    try {
      await api.redeliverWebhookDelivery(webhook.deliveries, delivery.id);
      setOutcome({ status: 'success', text: `The ${delivery.event} of asset #${delivery.assetId} is queued again, as a new delivery.` });
      deliveries.reload();
    } catch (error) {
      setOutcome({ status: 'error', text: error instanceof ApiError && error.body?.message ? error.body.message : DEFAULT_ERROR_MESSAGE });
    } finally {
      setSending(undefined);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-deliveries">
            <Dialog.Header>
              <Dialog.Title>Deliveries</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3" wordBreak="break-all">
                To <Code>{webhook.url}</Code>, newest first (the last 100).
              </Text>
              {outcome && (
                <Alert.Root status={outcome.status} mb="3" data-testid="webhook-redeliver-outcome">
                  <Alert.Indicator />
                  <Alert.Description>{outcome.text}</Alert.Description>
                </Alert.Root>
              )}
              {deliveries.status === 'error' && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Description>{loadErrorText(deliveries.error)}</Alert.Description>
                </Alert.Root>
              )}
              {deliveries.status === 'loading' && !deliveries.data && <LoadingSpinner label="Loading the deliveries" />}
              {deliveries.data && deliveries.data.data.length === 0 && (
                <Text color="fg.muted" data-testid="webhook-deliveries-empty">
                  No deliveries yet.
                </Text>
              )}
              {deliveries.data && deliveries.data.data.length > 0 && (
                <Box borderWidth="1px" rounded="md" overflowX="auto">
                  <Table.Root size="sm" aria-label="Delivery attempts">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Time</Table.ColumnHeader>
                        <Table.ColumnHeader>Event</Table.ColumnHeader>
                        <Table.ColumnHeader>Status</Table.ColumnHeader>
                        <Table.ColumnHeader>Attempt</Table.ColumnHeader>
                        <Table.ColumnHeader>HTTP code</Table.ColumnHeader>
                        <Table.ColumnHeader>Error</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {deliveries.data.data.flatMap((delivery) =>
                        attemptsOf(delivery).map((attempt, index) => (
                          <Table.Row key={`${delivery.id}-${attempt?.attempt ?? 0}`} data-testid="webhook-attempt" data-delivery-id={delivery.id}>
                            <Table.Cell>{formatWhen(attempt?.at ?? delivery.created)}</Table.Cell>
                            <Table.Cell>
                              <Code>{delivery.event}</Code> #{delivery.assetId}
                            </Table.Cell>
                            <Table.Cell>
                              {index === 0 ? (
                                <Badge colorPalette={deliveryStatusPalette(delivery.status)} data-testid="webhook-attempt-status">
                                  {delivery.status}
                                </Badge>
                              ) : null}
                            </Table.Cell>
                            <Table.Cell>{attempt ? attempt.attempt : '—'}</Table.Cell>
                            <Table.Cell data-testid="webhook-attempt-code">{attempt?.statusCode ?? '—'}</Table.Cell>
                            <Table.Cell>
                              {attempt?.error ?? (attempt ? '' : delivery.nextAttempt ? `Next attempt ${formatWhen(delivery.nextAttempt)}` : 'Not tried yet')}
                            </Table.Cell>
                            <Table.Cell textAlign="end">
                              {index === 0 && canSendAgain(delivery) ? (
                                <Button
                                  size="xs"
                                  variant="ghost"
                                  loading={sending === delivery.id}
                                  disabled={sending !== undefined}
                                  onClick={() => void sendAgain(delivery)}
                                  aria-label={`Send the ${delivery.event} of asset #${delivery.assetId} again`}
                                  data-testid="webhook-redeliver"
                                >
                                  Send again
                                </Button>
                              ) : null}
                            </Table.Cell>
                          </Table.Row>
                        )),
                      )}
                    </Table.Body>
                  </Table.Root>
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={deliveries.reload} data-testid="webhook-deliveries-refresh">
                Refresh
              </Button>
              <Button colorPalette="blue" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the deliveries" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
