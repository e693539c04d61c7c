/**
 * Pending orders for approvers (issue 15 "Cart and orders"; spec 03 §2.1 "Pending orders: a link with a count badge,
 * refreshed when the pending-orders count changes"; the descriptor's `order.admin.views.pending`,
 * `/fotoweb/views/orders/admin`, opened from the settings menu by holders of `approveOrders`): three tabs, Pending,
 * Approved and Rejected (the descriptor's `order.admin.pending`, `approved`, `rejected`; `?list=` keeps the tab in the
 * address), each listing the orders newest first with the orderer, the items, the comment and the answers
 * (`OrderItems.tsx`). A pending order offers Approve (a dialog: a comment and the download's expiry, 14 days unless
 * changed) and Reject (a prompt with a comment), both `OrderDecisionDialog.tsx` on the `orderDecision` machine; after a
 * decision the list and the settings menu's badge are read again.
 */
import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Check, Inbox, X } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { Order, OrderConfig } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useNotifications } from '../notifications/NotificationsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { useSettings } from '../shell/SettingsProvider.tsx';
import { OrderDecisionDialog, type OrderDecisionOutcome } from './OrderDecisionDialog.tsx';
import { OrderCard } from './OrderItems.tsx';
import { ordererName } from './orders.ts';

/** The approvers' lists, in tab order. */
const LISTS = [
  { value: 'pending', label: 'Pending', empty: 'No orders are waiting', description: 'Orders people submit from their carts wait here for you to approve or reject.' },
  { value: 'approved', label: 'Approved', empty: 'No approved orders', description: 'Orders approved by you or another approver are listed here.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected orders', description: 'Orders rejected by you or another approver are listed here.' },
] as const;

type ListName = (typeof LISTS)[number]['value'];

/** The list named in `?list=`, else Pending. */
function listOf(value: string | null): ListName {
  return LISTS.some((list) => list.value === value) ? (value as ListName) : 'pending';
}

/** See the module comment. */
export function PendingOrdersView() {
  const order = useSession().descriptor?.order ?? undefined;
  const admin = order?.admin ?? undefined;
  const configHref = order?.config ?? undefined;
  useDocumentTitle('Pending orders');
  const [params, setParams] = useSearchParams();
  const current = listOf(params.get('list'));
  // Only for the answers' labels: without it they show their ids.
  const config = useResource(configHref, (signal) => api.getOrderConfig(configHref!, { signal }));

  return (
    <Stack gap="5" maxW="5xl" data-testid="pending-orders-view">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Orders
        </Heading>
        <Text color="fg.muted">Approve an order to let its orderer download the files until the day you choose, or reject it. The orderer gets an e-mail either way.</Text>
      </Stack>
      {!admin ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Deciding on orders needs the “Approve orders” permission of a group.</Alert.Description>
        </Alert.Root>
      ) : (
        <Tabs.Root value={current} onValueChange={({ value }) => setParams(value === 'pending' ? {} : { list: value }, { replace: true })} variant="line" lazyMount unmountOnExit>
          <Tabs.List aria-label="Orders by state">
            {LISTS.map((list) => (
              <Tabs.Trigger key={list.value} value={list.value} data-testid={`orders-tab-${list.value}`}>
                {list.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {LISTS.map((list) => {
            const href = admin[list.value] ?? undefined;
            return (
              <Tabs.Content key={list.value} value={list.value} pt="4">
                {href ? <OrdersList href={href} list={list} config={config.data} /> : <Text color="fg.muted">This list is not offered.</Text>}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </Stack>
  );
}

/** One list's orders, and the decision dialog over them. */
function OrdersList({ href, list, config }: { readonly href: string; readonly list: (typeof LISTS)[number]; readonly config: OrderConfig | undefined }) {
  const orders = useResource(href, (signal) => api.listOrders(href, { signal }));
  const { notify } = useNotifications();
  const { refreshCounts } = useSettings();
  const [deciding, setDeciding] = useState<{ readonly order: Order; readonly kind: 'approve' | 'reject' } | undefined>(undefined);
  const reload = orders.reload;
  const closed = useCallback(
    (outcome: OrderDecisionOutcome) => {
      setDeciding(undefined);
      if (outcome.kind === 'cancelled') return;
      const decided = outcome.order;
      notify({
        status: 'success',
        key: 'orders',
        testId: 'orders-notice',
        body: `${decided.orderReference ?? 'The order'} is ${decided.state === 'approved' ? 'approved' : 'rejected'}; ${ordererName(decided.owner)} gets an e-mail saying so.`,
      });
      // spec 03 §2.1: the list, and the badge with it, read again.
      reload();
      refreshCounts();
    },
    [notify, reload, refreshCounts],
  );

  if (orders.status === 'error' && !orders.data) {
    return (
      <Stack gap="2">
        <Text data-testid="orders-load-error">The orders could not be loaded.</Text>
        <ErrorState error={orders.error} onRetry={orders.reload} />
      </Stack>
    );
  }
  if (!orders.data) return <LoadingState label="Loading the orders…" />;
  const data = orders.data.data;
  return (
    <Stack gap="3" data-testid={`orders-${list.value}`}>
      {data.length === 0 ? (
        <EmptyView icon={<Inbox aria-hidden="true" />} title={list.empty} description={list.description} />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            <Badge variant="subtle" me="2" data-testid="orders-count">
              {data.length}
            </Badge>
            {data.length === 1 ? 'order' : 'orders'}, newest first
          </Text>
          {data.map((placed) => (
            <OrderCard
              key={placed.href}
              order={placed}
              config={config}
              reader="approver"
              actions={
                placed.approve || placed.reject ? (
                  <>
                    {placed.reject && (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setDeciding({ order: placed, kind: 'reject' })}
                        aria-label={`Reject ${placed.orderReference ?? 'the order'}`}
                        data-testid="order-reject"
                      >
                        <X aria-hidden="true" />
                        Reject
                      </Button>
                    )}
                    {placed.approve && (
                      <Button
                        size="sm"
                        colorPalette="brand"
                        onClick={() => setDeciding({ order: placed, kind: 'approve' })}
                        aria-label={`Approve ${placed.orderReference ?? 'the order'}`}
                        data-testid="order-approve"
                      >
                        <Check aria-hidden="true" />
                        Approve
                      </Button>
                    )}
                  </>
                ) : undefined
              }
            />
          ))}
        </>
      )}
      {deciding && <OrderDecisionDialog key={`${deciding.order.href} ${deciding.kind}`} order={deciding.order} kind={deciding.kind} onClose={closed} />}
    </Stack>
  );
}
