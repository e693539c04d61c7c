/**
 * The header's cart item (issue 15; spec 02 §2 "a shopping cart count badge with an 'added to cart' notice", §4 "Cart
 * count badge: after adding, an 'added to cart' notice shows for 2 s", §6 "Logged-in users: … cart"): a link to the
 * cart page (the descriptor's `order.views.cart`) with the number of items as a badge, and under it the "Added to
 * cart" notice while the `cartBadge` machine shows it. Nothing for guests or when the server offers no cart page.
 */
import { Badge, Box, Button } from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCart } from './CartProvider.tsx';
import { cartLinkLabel } from './orders.ts';

/** See the module comment. */
export function CartLink() {
  const cart = useCart();
  const location = useLocation();
  if (!cart?.viewHref) return null;
  const { count, noticeShown, viewHref } = cart;
  return (
    <Box position="relative">
      <Button asChild size="sm" variant="ghost" aria-current={location.pathname === viewHref ? 'page' : undefined}>
        <RouterLink to={viewHref} data-testid="cart-link" data-count={count ?? ''} aria-label={cartLinkLabel(count)}>
          <ShoppingCart aria-hidden="true" />
          <span>Cart</span>
          {count !== undefined && count > 0 && (
            <Badge size="sm" variant="subtle" aria-hidden="true" data-testid="cart-count">
              {count}
            </Badge>
          )}
        </RouterLink>
      </Button>
      {/* A live region that is always there, so the notice is announced when it appears. */}
      <Box role="status" aria-live="polite" position="absolute" top="100%" right="0" mt="1" zIndex="dropdown" pointerEvents="none">
        {noticeShown && (
          <Box bg="bg.inverted" color="fg.inverted" fontSize="xs" fontWeight="medium" px="2.5" py="1" rounded="md" shadow="md" whiteSpace="nowrap" data-testid="cart-notice">
            Added to cart
          </Box>
        )}
      </Box>
    </Box>
  );
}
