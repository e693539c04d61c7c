/**
 * The webhooks page (`/fotoweb/views/admin/webhooks`, the descriptor's `views.admin_webhooks`; issue 16; spec 03 §2.1
 * "Webhooks": administrators register URLs told of asset events, listed with their last status): each webhook's URL,
 * events, enabled or not, and its last delivery's status; Register (the `webhookRegister` machine,
 * {@link RegisterWebhookDialog}, the signing secret shown once), Deliveries ({@link WebhookDeliveriesDialog}) and
 * Delete after a confirmation. The settings menu's "Webhooks" opens it; the DAM offers it with `manageWebhooks`.
 * Built like the API clients page (`apiClients/ApiClientsPanel.tsx`).
 */
import { useState } from 'react';
import { Badge, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Webhook } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { AdminListPage, type PageNotice } from '../components/AdminListPage.tsx';
import { RegisterWebhookDialog } from './RegisterWebhookDialog.tsx';
import { deliveryStatusPalette, WebhookDeliveriesDialog } from './WebhookDeliveriesDialog.tsx';
import { formatWhen } from './formatWhen.ts';

/** See the module comment. */
export function WebhooksView() {
  const { descriptor } = useSession();
  const allowed = typeof descriptor?.views.admin_webhooks === 'string';
  const webhooks = useResource(allowed ? 'webhooks' : undefined, (signal) => api.listWebhooks({ signal }));
  const [registering, setRegistering] = useState(false);
  const [showing, setShowing] = useState<Webhook | undefined>(undefined);
  const [notice, setNotice] = useState<PageNotice | undefined>(undefined);

  return (
    <AdminListPage
      testId="webhooks"
      title="Webhooks"
      allowed={allowed}
      notAllowed="Managing webhooks needs the “Manage webhooks” permission of a group."
      maxW="6xl"
      actions={
        <HStack>
          <Button variant="outline" size="sm" onClick={webhooks.reload} data-testid="webhooks-refresh">
            Refresh
          </Button>
          <Button colorPalette="blue" size="sm" onClick={() => setRegistering(true)} data-testid="webhook-register">
            Register webhook
          </Button>
        </HStack>
      }
      intro={
        <>
          A webhook is told when an asset is uploaded, changed or deleted: Magpie POSTs the event to its URL, signed with the webhook’s secret, and tries again later when the
          receiver does not answer with a 2xx status.
        </>
      }
      notice={notice}
      onNotice={setNotice}
      list={webhooks}
      loadingLabel="Loading the webhooks"
      tableLabel="Webhooks"
      columns={['URL', 'Events', 'Enabled', 'Last delivery']}
      row={(webhook, removeButton) => (
        <Table.Row key={webhook.id} data-testid="webhook-row" data-webhook-id={webhook.id} data-url={webhook.url}>
          <Table.Cell maxW="sm" wordBreak="break-all">
            <Code>{webhook.url}</Code>
          </Table.Cell>
          <Table.Cell>
            <Stack gap="1">
              {webhook.events.map((event) => (
                <Code key={event}>{event}</Code>
              ))}
            </Stack>
          </Table.Cell>
          <Table.Cell>{webhook.enabled ? 'Yes' : 'No'}</Table.Cell>
          <Table.Cell data-testid="webhook-last-status">
            {webhook.lastDelivery ? (
              <Stack gap="0">
                <Badge alignSelf="start" colorPalette={deliveryStatusPalette(webhook.lastDelivery.status)}>
                  {webhook.lastDelivery.status}
                </Badge>
                <Text fontSize="xs" color="fg.muted">
                  {webhook.lastDelivery.event}, {formatWhen(webhook.lastDelivery.lastAttempt?.at ?? webhook.lastDelivery.created)}
                  {webhook.lastDelivery.lastAttempt?.statusCode ? `, HTTP ${webhook.lastDelivery.lastAttempt.statusCode}` : ''}
                </Text>
              </Stack>
            ) : (
              <Text color="fg.muted">None yet</Text>
            )}
          </Table.Cell>
          <Table.Cell textAlign="end">
            <HStack justify="end" gap="1">
              <Button size="xs" variant="ghost" onClick={() => setShowing(webhook)} aria-label={`Deliveries to ${webhook.url}`} data-testid="webhook-deliveries-open">
                Deliveries
              </Button>
              {removeButton}
            </HStack>
          </Table.Cell>
        </Table.Row>
      )}
      empty="No webhooks yet."
      removal={{
        label: 'Delete',
        ariaLabel: (webhook) => `Delete ${webhook.url}`,
        buttonTestId: 'webhook-delete',
        title: 'Delete webhook',
        confirmLabel: 'Delete',
        testId: 'webhook-delete-confirm',
        remove: async (webhook) => {
          await api.deleteWebhook(webhook.href);
          return `The webhook for ${webhook.url} is deleted.`;
        },
        question: (deleting) => (
          <Text wordBreak="break-all">
            Delete the webhook for <strong>{deleting?.url}</strong>? Its deliveries not yet made are dropped.
          </Text>
        ),
      }}
    >
      {registering && (
        <RegisterWebhookDialog
          onClose={(created) => {
            setRegistering(false);
            if (!created) return;
            setNotice({ status: 'success', text: `The webhook for ${created.url} is registered. Its secret is not shown again.` });
            webhooks.reload();
          }}
        />
      )}
      {showing && <WebhookDeliveriesDialog webhook={showing} onClose={() => setShowing(undefined)} />}
    </AdminListPage>
  );
}
