/**
 * An approver's Approve dialog and Reject prompt for a pending order (issue 15 "Cart and orders"; spec 02 §7 "APPROVE
 * and REJECT custom methods on an order URL with an order-update body"; spec 03 §2.1 Pending orders; dam.yaml
 * `approveOrder`, `rejectOrder`): Approve asks for a comment to the orderer and the last day the download works
 * (14 days from today unless changed, not before today), or "Never expires" (FotoWare's `expires: null`); Reject asks
 * for a comment. The orderer is mailed either way.
 *
 * The flow is the `orderDecision` machine of `@magpie/machines` (editing → deciding → decided, or the refusal shown in
 * the dialog with the decision kept; Cancel at any point but while deciding). `data-state` on the dialog names the
 * state (`idle`, `failed`, `deciding`). It closes by itself when the order is decided or the dialog cancelled, and
 * tells the page which.
 */
import { useEffect } from 'react';
import { Alert, Button, Checkbox, CloseButton, Dialog, Field, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Order } from '@magpie/api-types';
import { orderDecisionMachine, orderDecisionProblems, type OrderDecisionKind, type OrderDecisionRequest } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { endOfDay, itemCountText, ordererName, todayOnCalendar } from './orders.ts';

/**
 * The machine with the typed client's call: `POST` the `orderupdate` to the order's approve or reject (the expiry the
 * end of its day, or null for a download that never expires).
 */
const decisionMachine = orderDecisionMachine.provide({
  actors: {
    decide: fromPromise<Order, OrderDecisionRequest>(({ input }) =>
      machineCall(() =>
        api.decideOrder(input.href, {
          ...(input.adminComment !== '' ? { adminComment: input.adminComment } : {}),
          ...(input.neverExpires ? { expires: null } : input.expiresOn ? { expires: endOfDay(input.expiresOn) } : {}),
        }),
      ),
    ),
  },
});

/** How the dialog ended: the order decided (as the DAM answered it), or cancelled. */
export type OrderDecisionOutcome = { readonly kind: 'decided'; readonly order: Order } | { readonly kind: 'cancelled' };

/** Props of {@link OrderDecisionDialog}. */
export interface OrderDecisionDialogProps {
  readonly order: Order;
  readonly kind: OrderDecisionKind;
  readonly onClose: (outcome: OrderDecisionOutcome) => void;
}

/** See the module comment. Mounted while open; the page mounts a new one per decision. */
export function OrderDecisionDialog({ order, kind, onClose }: OrderDecisionDialogProps) {
  const href = (kind === 'approve' ? order.approve : order.reject) ?? '';
  const [state, send] = useMachine(decisionMachine, { input: { kind, href, today: todayOnCalendar() } });
  const { adminComment, expiresOn, neverExpires, error, decided, today } = state.context;
  const name = typeof state.value === 'string' ? state.value : state.value.editing;
  useEffect(() => {
    if (state.matches('decided') && decided) onClose({ kind: 'decided', order: decided });
    else if (state.matches('cancelled')) onClose({ kind: 'cancelled' });
  }, [state, decided, onClose]);
  const deciding = state.matches('deciding');
  const problems = orderDecisionProblems(state.context);
  const reference = order.orderReference ?? `order ${order.id}`;
  const approving = kind === 'approve';
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || deciding ? undefined : send({ type: 'CANCEL' }))} size="md" role={approving ? 'dialog' : 'alertdialog'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="order-decision-dialog" data-kind={kind} data-state={name}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'CONFIRM' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{approving ? `Approve ${reference}?` : `Reject ${reference}?`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>
                    {ordererName(order.owner)} ordered {itemCountText(order.orderItems.length)}.{' '}
                    {approving
                      ? neverExpires
                        ? 'They get an e-mail with a link to download the files, which keeps working.'
                        : 'They get an e-mail with a link to download the files until the day you choose.'
                      : 'They get an e-mail saying the order was rejected.'}
                  </Text>
                  {name === 'failed' && (
                    <Alert.Root status="error" data-testid="order-decision-error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>{error}</Alert.Description>
                      </Alert.Content>
                      <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid="order-decision-error-dismiss" />
                    </Alert.Root>
                  )}
                  <Field.Root invalid={problems['adminComment'] !== undefined} disabled={deciding}>
                    <Field.Label>{approving ? 'Comment for the orderer (optional)' : 'Why it is rejected (optional)'}</Field.Label>
                    <Textarea value={adminComment} rows={3} onChange={(event) => send({ type: 'EDIT_COMMENT', text: event.target.value })} data-testid="order-decision-comment" />
                    {problems['adminComment'] && <Field.ErrorText color={ERROR_TEXT_COLOR}>{problems['adminComment']}</Field.ErrorText>}
                  </Field.Root>
                  {approving && (
                    <Field.Root required={!neverExpires} invalid={problems['expiresOn'] !== undefined} disabled={deciding || neverExpires}>
                      <Field.Label>
                        Download works until
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        type="date"
                        value={expiresOn}
                        min={today}
                        onChange={(event) => send({ type: 'SET_EXPIRY', date: event.target.value })}
                        data-testid="order-decision-expiry"
                      />
                      {problems['expiresOn'] ? (
                        <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid="order-decision-expiry-error">
                          {problems['expiresOn']}
                        </Field.ErrorText>
                      ) : (
                        <Field.HelperText>{neverExpires ? 'The download never stops working.' : 'The download stops working after this day.'}</Field.HelperText>
                      )}
                    </Field.Root>
                  )}
                  {approving && (
                    <Checkbox.Root
                      checked={neverExpires}
                      disabled={deciding}
                      onCheckedChange={(details) => send({ type: 'SET_NEVER_EXPIRES', never: details.checked === true })}
                      data-testid="order-decision-never-expires"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Never expires</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={deciding} data-testid="order-decision-cancel">
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette={approving ? 'brand' : 'red'}
                  loading={deciding}
                  disabled={Object.keys(problems).length > 0}
                  data-testid="order-decision-confirm"
                >
                  {approving ? 'Approve' : 'Reject'}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
