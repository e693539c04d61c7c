/**
 * The cart page (issue 15 "Cart and orders"; the descriptor's `order.views.cart`, `/fotoweb/views/cart`; spec 02 §7
 * Cart and orders): the items of the user's shopping cart in order, each with its thumbnail, its file name linking to
 * the asset, Move up / Move down and Remove (each change saved at once as the cart's complete item list); the
 * orderer's comment; the order configuration's fields (the sign-up form's kinds, `components/ExtraFieldInput.tsx`) and,
 * when there are terms, the terms with "I accept"; and Submit, which makes the cart a pending order and shows its
 * reference with a link to the order history. An empty cart says so and leads to the archives.
 *
 * The flow is the `cartCheckout` machine of `@magpie/machines`: this page draws its state and sends it the user's
 * events. `data-state` on the view names the state (`loading`, `loadFailed`, `idle`, `failed`, `saving`,
 * `submitting`, `submitted`). When the cart changed on the DAM (`cartChanged`), the header's badge reads its count
 * again, and after a submission the settings menu's pending-orders badge too.
 */
import { useEffect, type ReactNode } from 'react';
import { Alert, Box, Button, Checkbox, CloseButton, Field, Heading, HStack, IconButton, Link, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { ArrowDown, ArrowUp, CheckCircle2, ShoppingCart, Trash2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { OrderItem, OrderSubmissionInfo } from '@magpie/api-types';
import {
  cartCheckoutMachine,
  cartCheckoutProblems,
  visibleCartProblem,
  type CartCheckoutInput,
  type CartLoaded,
  type CartLoadInput,
  type CartSaveInput,
  type CartSubmitInput,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ExtraFieldInput } from '../components/ExtraFieldInput.tsx';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { EmptyView, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { ARCHIVES_PATH } from '../lib/urls.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useSettings } from '../shell/SettingsProvider.tsx';
import { useCart } from './CartProvider.tsx';
import { OrderItemThumbnail } from './OrderItems.tsx';
import { itemCountText } from './orders.ts';
import { ORDER_HISTORY_PATH } from './paths.ts';

/** The machine with the typed client's calls: the cart and the configuration at once, the cart's PUT, the submission's POST. */
const checkoutMachine = cartCheckoutMachine.provide({
  actors: {
    load: fromPromise<CartLoaded, CartLoadInput>(({ input, signal }) =>
      machineCall(async () => {
        const [cart, config] = await Promise.all([api.getCart(input.cartHref, { signal }), api.getOrderConfig(input.configHref, { signal })]);
        return { cart, config };
      }),
    ),
    save: fromPromise<void, CartSaveInput>(({ input }) => machineCall(() => api.updateCart(input.cartHref, { orderItems: [...input.orderItems] }))),
    submit: fromPromise<OrderSubmissionInfo, CartSubmitInput>(({ input }) => machineCall(() => api.submitOrder(input.historyHref, input.submission))),
  },
});

type CheckoutSnapshot = SnapshotFrom<typeof cartCheckoutMachine>;

/** The machine's state as one word: `idle` and `failed` (inside `ready`), or the top-level state. */
function stateName(state: CheckoutSnapshot): string {
  return typeof state.value === 'string' ? state.value : state.value.ready;
}

/** See the module comment. */
export function CartView() {
  const order = useSession().descriptor?.order ?? undefined;
  useDocumentTitle('Cart');
  const input = order?.cart && order.config && order.history ? { cartHref: order.cart, configHref: order.config, historyHref: order.history } : undefined;
  return (
    <Stack gap="5" maxW="4xl" data-testid="cart-page">
      <Heading as="h1" size="2xl">
        Cart
      </Heading>
      {input ? (
        <Checkout key={input.cartHref} input={input} historyView={order?.views.history ?? undefined} />
      ) : (
        <EmptyView icon={<ShoppingCart aria-hidden="true" />} title="No cart" description="Ordering is not offered to you on this site." />
      )}
    </Stack>
  );
}

/** The page on its machine (see the module comment). */
function Checkout({ input, historyView }: { readonly input: CartCheckoutInput; readonly historyView: string | undefined }) {
  const [state, send, actor] = useMachine(checkoutMachine, { input });
  const cart = useCart();
  const { refreshCounts } = useSettings();
  const refreshBadge = cart?.refresh;
  useEffect(() => {
    const subscription = actor.on('cartChanged', () => {
      refreshBadge?.();
      // A submission may make a pending order the approver (this user, perhaps) has to decide on.
      if (actor.getSnapshot().matches('submitted')) refreshCounts();
    });
    return () => subscription.unsubscribe();
  }, [actor, refreshBadge, refreshCounts]);

  const name = stateName(state);
  const { items, config, comment, answers, acceptTerms, attempted, submitted, error } = state.context;
  const view = (children: ReactNode) => (
    <Stack gap="5" data-testid="cart-view" data-state={name} aria-busy={name === 'loading' || name === 'saving' || name === 'submitting'}>
      {children}
    </Stack>
  );

  if (name === 'loading') return view(<LoadingState label="Loading the cart…" />);
  if (name === 'loadFailed') {
    return view(
      <Alert.Root status="error" data-testid="cart-load-error" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The cart could not be loaded</Alert.Title>
          <Alert.Description>
            <Stack gap="3" align="flex-start">
              <span>{error}</span>
              <Button size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })} data-testid="cart-retry">
                Try again
              </Button>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>,
    );
  }
  if (name === 'submitted' && submitted) {
    return view(
      <Alert.Root status="success" data-testid="cart-submitted" maxW="2xl">
        <Alert.Indicator>
          <CheckCircle2 aria-hidden="true" />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>
            Order <chakra.span data-testid="cart-order-reference">{submitted.orderReference}</chakra.span> is placed
          </Alert.Title>
          <Alert.Description>
            <Stack gap="2" align="flex-start">
              <span>An approver decides on it. When it is approved, you download the files from your order history.</span>
              <Link asChild color="brand.fg" fontWeight="medium">
                <RouterLink to={historyView ?? ORDER_HISTORY_PATH} data-testid="cart-history-link">
                  Go to the order history
                </RouterLink>
              </Link>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>,
    );
  }

  const busy = name === 'saving' || name === 'submitting';
  const problems = cartCheckoutProblems(state.context);
  const terms = config?.termsAndConditions ?? null;
  const commentProblem = visibleCartProblem(problems, 'comment', comment, attempted);
  const termsProblem = attempted ? problems['terms'] : undefined;
  return view(
    <>
      {name === 'failed' && (
        <Alert.Root status="error" data-testid="cart-error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid="cart-error-dismiss" />
        </Alert.Root>
      )}
      {items.length === 0 ? (
        <EmptyView
          icon={<ShoppingCart aria-hidden="true" />}
          title="Your cart is empty"
          description="Add assets to the cart from an archive: select them, then choose Add to cart."
        >
          <Button asChild size="sm" variant="outline">
            <RouterLink to={ARCHIVES_PATH} data-testid="cart-empty-archives">
              Browse the archives
            </RouterLink>
          </Button>
        </EmptyView>
      ) : (
        <>
          <Text color="fg.muted" data-testid="cart-summary">
            {itemCountText(items.length)}, in the order the files are delivered.
          </Text>
          <chakra.ol listStyleType="none" m="0" p="0" display="grid" gap="2" aria-label="Items in the cart" data-testid="cart-items">
            {items.map((item, index) => (
              <CartItemRow
                key={item.rendition.href}
                item={item}
                first={index === 0}
                last={index === items.length - 1}
                disabled={busy}
                onMove={(offset) => send({ type: 'MOVE', index, offset })}
                onRemove={() => send({ type: 'REMOVE', index })}
              />
            ))}
          </chakra.ol>
          <chakra.form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'SUBMIT' });
            }}
            aria-labelledby="cart-order-heading"
            data-testid="cart-form"
          >
            <Stack gap="4" maxW="2xl">
              <Heading as="h2" id="cart-order-heading" size="md">
                Your order
              </Heading>
              <Field.Root invalid={commentProblem !== undefined} disabled={busy}>
                <Field.Label>Comment for the approver</Field.Label>
                <Textarea value={comment} onChange={(event) => send({ type: 'EDIT_COMMENT', text: event.target.value })} rows={3} data-testid="cart-comment" />
                {commentProblem ? (
                  <Field.ErrorText color={ERROR_TEXT_COLOR}>{commentProblem}</Field.ErrorText>
                ) : (
                  <Field.HelperText>What the files are for; the approver reads it.</Field.HelperText>
                )}
              </Field.Root>
              {(config?.fields ?? []).map((field) => (
                <ExtraFieldInput
                  key={field.id}
                  field={field}
                  value={answers[field.id] ?? ''}
                  problem={visibleCartProblem(problems, field.id, answers[field.id] ?? '', attempted)}
                  disabled={busy}
                  onChange={(value) => send({ type: 'ANSWER', id: field.id, value })}
                  testIdPrefix="cart-field"
                />
              ))}
              {terms !== null && (
                <Field.Root invalid={termsProblem !== undefined} disabled={busy}>
                  <Box borderWidth="1px" borderColor="border" rounded="md" p="3" maxH="48" overflowY="auto" bg="bg.subtle" w="full">
                    <Heading as="h3" size="sm" mb="1" id="cart-terms-heading">
                      Terms and conditions
                    </Heading>
                    <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="cart-terms">
                      {terms}
                    </Text>
                  </Box>
                  <Checkbox.Root
                    checked={acceptTerms}
                    onCheckedChange={(details) => send({ type: 'ACCEPT_TERMS', value: details.checked === true })}
                    invalid={termsProblem !== undefined}
                    data-testid="cart-terms-accept"
                  >
                    <Checkbox.HiddenInput aria-describedby="cart-terms-heading" />
                    <Checkbox.Control />
                    <Checkbox.Label>I accept the terms and conditions</Checkbox.Label>
                  </Checkbox.Root>
                  {termsProblem && (
                    <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid="cart-terms-error">
                      {termsProblem}
                    </Field.ErrorText>
                  )}
                </Field.Root>
              )}
              <HStack>
                <Button type="submit" colorPalette="brand" loading={name === 'submitting'} disabled={busy} data-testid="cart-submit">
                  Submit order
                </Button>
              </HStack>
            </Stack>
          </chakra.form>
        </>
      )}
    </>,
  );
}

/** One item: its thumbnail, its file name linking to the asset, and its commands. */
function CartItemRow({
  item,
  first,
  last,
  disabled,
  onMove,
  onRemove,
}: {
  readonly item: OrderItem;
  readonly first: boolean;
  readonly last: boolean;
  readonly disabled: boolean;
  readonly onMove: (offset: -1 | 1) => void;
  readonly onRemove: () => void;
}) {
  return (
    <chakra.li display="flex" alignItems="center" gap="3" borderWidth="1px" borderColor="border" rounded="md" p="2" bg="bg.panel" data-testid="cart-item" data-asset={item.asset}>
      <OrderItemThumbnail item={item} />
      <Box flex="1" minW="0">
        <Link asChild color="brand.fg" fontWeight="medium" wordBreak="break-all">
          <RouterLink to={item.asset} data-testid="cart-item-name">
            {item.filename}
          </RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {item.rendition.name}
        </Text>
      </Box>
      <HStack gap="1">
        <IconButton size="sm" variant="ghost" aria-label={`Move ${item.filename} up`} disabled={disabled || first} onClick={() => onMove(-1)} data-testid="cart-item-up">
          <ArrowUp aria-hidden="true" />
        </IconButton>
        <IconButton size="sm" variant="ghost" aria-label={`Move ${item.filename} down`} disabled={disabled || last} onClick={() => onMove(1)} data-testid="cart-item-down">
          <ArrowDown aria-hidden="true" />
        </IconButton>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remove ${item.filename}`} disabled={disabled} onClick={onRemove} data-testid="cart-item-remove">
          <Trash2 aria-hidden="true" />
        </IconButton>
      </HStack>
    </chakra.li>
  );
}
