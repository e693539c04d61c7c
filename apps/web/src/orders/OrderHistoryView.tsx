/**
 * The order history (issue 15 "Cart and orders"; spec 03 §2.9 "Order history link, only if the order history view
 * exists"; the descriptor's `order.views.history`, `/fotoweb/views/orders`, opened from the user menu): the user's
 * orders, newest first (`listOrders` on the descriptor's `order.history`), each with its reference, date, state in
 * words, items with thumbnails, the comments and answers, and for an approved order the expiry and the Download link
 * while it works (`OrderItems.tsx`). The answers are labelled from the order configuration when it can be read.
 */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ClipboardList } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { ARCHIVES_PATH } from '../lib/urls.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { OrderCard } from './OrderItems.tsx';
import { CART_PATH } from './paths.ts';

/** See the module comment. */
export function OrderHistoryView() {
  const order = useSession().descriptor?.order ?? undefined;
  const href = order?.history ?? undefined;
  const configHref = order?.config ?? undefined;
  useDocumentTitle('Order history');
  const list = useResource(href, (signal) => api.listOrders(href!, { signal }));
  // Only for the answers' labels: without it they show their ids.
  const config = useResource(configHref, (signal) => api.getOrderConfig(configHref!, { signal }));

  let content;
  if (!href) {
    content = <EmptyView icon={<ClipboardList aria-hidden="true" />} title="No order history" description="Ordering is not offered to you on this site." />;
  } else if (list.status === 'error' && !list.data) {
    content = (
      <Stack gap="2">
        <Text data-testid="orders-load-error">Your orders could not be loaded.</Text>
        <ErrorState error={list.error} onRetry={list.reload} />
      </Stack>
    );
  } else if (!list.data) content = <LoadingState label="Loading your orders…" />;
  else if (list.data.data.length === 0) {
    content = (
      <EmptyView
        icon={<ClipboardList aria-hidden="true" />}
        title="You have not placed an order yet"
        description="Orders you submit from your cart are listed here with their state."
      >
        <Button asChild size="sm" variant="outline">
          <RouterLink to={order?.views.cart ?? CART_PATH}>Go to the cart</RouterLink>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={ARCHIVES_PATH}>Browse the archives</RouterLink>
        </Button>
      </EmptyView>
    );
  } else {
    content = (
      <Stack gap="3" data-testid="orders-list">
        {list.data.data.map((placed) => (
          <OrderCard key={placed.href} order={placed} config={config.data} reader="orderer" />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxW="5xl" data-testid="order-history-view">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Order history
        </Heading>
        <Text color="fg.muted">Your orders, newest first. An approved order’s files download as one ZIP until its expiry date.</Text>
      </Stack>
      {content}
    </Stack>
  );
}
