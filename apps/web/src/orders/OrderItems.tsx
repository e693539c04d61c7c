/**
 * An order as the order history and the pending orders page show it (issue 15 "Cart and orders"; spec 03 §2.1, §2.9):
 * its reference, when it was placed, its state in words, the orderer (for approvers), the items with their thumbnails
 * (each linking to its asset), the orderer's comment, the answers to the order configuration, the approver's comment,
 * the download's expiry and, for the orderer of an approved order that has not expired, the Download link (`download`,
 * the ZIP of the ordered files). The page adds its own commands (`actions`).
 */
import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, chakra, Heading, HStack, Image, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { Order, OrderConfig, OrderItem } from '@magpie/api-types';
import { DocTypeIcon } from '../components/DocTypeIcon.tsx';
import { downloadText, formatOrderDay, formatOrderTime, itemCountText, orderAnswers, ordererName, orderStatePalette, orderStateText } from './orders.ts';

/** An order item's 200 px preview (decorative: the file name follows it), or its document icon when it has none. */
export function OrderItemThumbnail({ item, size = '56px' }: { readonly item: Pick<OrderItem, 'thumbnail'>; readonly size?: string }) {
  if (item.thumbnail) return <Image src={item.thumbnail} alt="" boxSize={size} objectFit="cover" rounded="sm" loading="lazy" flexShrink={0} />;
  return (
    <Box boxSize={size} display="grid" placeItems="center" color="fg.muted" bg="bg.muted" rounded="sm" flexShrink={0}>
      <DocTypeIcon doctype="generic" size={24} />
    </Box>
  );
}

/** Props of {@link OrderCard}. */
export interface OrderCardProps {
  readonly order: Order;
  /** The order configuration, for the answers' labels (their ids when it is not known). */
  readonly config: OrderConfig | undefined;
  /** Who reads it: the orderer (their history) or an approver (who sees the orderer). */
  readonly reader: 'orderer' | 'approver';
  /** The page's commands on the order (an approver's Approve and Reject). */
  readonly actions?: ReactNode;
}

/** See the module comment. */
export function OrderCard({ order, config, reader, actions }: OrderCardProps) {
  const answers = orderAnswers(order, config);
  const download = reader === 'orderer' ? downloadText(order) : undefined;
  const headingId = `order-${order.id}-heading`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" data-testid="order-card" data-order-id={order.id} data-state={order.state}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
          <Box>
            <Heading as="h2" size="md" id={headingId} data-testid="order-reference">
              {order.orderReference ?? 'Cart'}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Placed <time dateTime={order.created}>{formatOrderTime(order.created)}</time> · {itemCountText(order.orderItems.length)}
              {reader === 'approver' && (
                <>
                  {' · by '}
                  <chakra.span data-testid="order-orderer">{ordererName(order.owner)}</chakra.span>
                  {order.owner.address.email && ` (${order.owner.address.email})`}
                </>
              )}
            </Text>
          </Box>
          <Badge colorPalette={orderStatePalette(order.state)} variant="subtle" size="md" data-testid="order-state">
            {orderStateText(order.state)}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <chakra.ul listStyleType="none" m="0" p="0" display="grid" gap="2" gridTemplateColumns="repeat(auto-fill, minmax(220px, 1fr))" aria-label="Items">
            {order.orderItems.map((item) => (
              <chakra.li key={item.rendition.href} display="flex" alignItems="center" gap="2" minW="0" data-testid="order-item">
                <OrderItemThumbnail item={item} size="44px" />
                <Box minW="0">
                  <Link asChild color="brand.fg" fontSize="sm" wordBreak="break-all">
                    <RouterLink to={item.asset}>{item.filename}</RouterLink>
                  </Link>
                  {item.adminComment && (
                    <Text fontSize="xs" color="fg.muted">
                      {item.adminComment}
                    </Text>
                  )}
                </Box>
              </chakra.li>
            ))}
          </chakra.ul>
          {(order.userComment || answers.length > 0 || order.adminComment || order.expires) && (
            <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" fontSize="sm" m="0">
              {order.userComment && (
                <Row label={reader === 'orderer' ? 'Your comment' : 'Orderer’s comment'} testId="order-user-comment">
                  {order.userComment}
                </Row>
              )}
              {answers.map((answer) => (
                <Row key={answer.id} label={answer.label} testId="order-answer">
                  {answer.value}
                </Row>
              ))}
              {order.adminComment && (
                <Row label="Approver’s comment" testId="order-admin-comment">
                  {order.adminComment}
                </Row>
              )}
              {order.expires && order.state === 'approved' && (
                <Row label="Download until" testId="order-expires">
                  <time dateTime={order.expires}>{formatOrderDay(order.expires)}</time>
                </Row>
              )}
            </chakra.dl>
          )}
        </Stack>
      </Card.Body>
      {(download || actions) && (
        <Card.Footer>
          <Wrap gap="2" align="center">
            {order.download && download ? (
              <Button asChild size="sm" colorPalette="brand">
                <a href={order.download} data-testid="order-download">
                  <Download aria-hidden="true" />
                  {download}
                </a>
              </Button>
            ) : (
              download && (
                <Text fontSize="sm" color="fg.muted" data-testid="order-download-expired">
                  {download}
                </Text>
              )
            )}
            {actions}
          </Wrap>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

/** One row of the order's facts; `testId` names its value. */
function Row({ label, testId, children }: { readonly label: string; readonly testId: string; readonly children: ReactNode }) {
  return (
    <Box display="contents">
      <chakra.dt color="fg.muted">{label}</chakra.dt>
      <chakra.dd m="0" whiteSpace="pre-wrap" wordBreak="break-word" data-testid={testId}>
        {children}
      </chakra.dd>
    </Box>
  );
}
