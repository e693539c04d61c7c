/**
 * The order settings (issue 15 "Cart and orders": the fields the orderer fills in and the terms they accept): the page
 * at the descriptor's `views.orderSettings` (`/fotoweb/views/order-settings`), which the settings menu's "Order
 * settings" opens for holders of `manageSettings`. The extra fields of the cart's submission form (add text, dropdown,
 * checkbox; edit, move, remove: the sign-up settings' field editor, `signups/SignupFieldEditor.tsx`) and the terms
 * and conditions (none when left empty; the cart then asks for no acceptance). Every problem the DAM's rules find shows
 * on its field and keeps Save disabled; a 400's issues show on their fields too. The flow runs on `orderSettingsMachine`;
 * the page's frame is the field-list settings' (`settings/FieldListSettingsPage.tsx`).
 */
import { Field, Heading, Stack, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SIGNUP_FIELD_LIMITS, type OrderConfig } from '@magpie/api-types';
import { ORDER_SETTINGS_LOAD_FAILED, ORDER_TERMS_MAX_LENGTH, orderSettingsChanged, orderSettingsMachine, signupProblemsAt, type OrderSettingsSaveInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { FieldListSettingsForm, SettingsPage, settingsStateName } from '../settings/FieldListSettingsPage.tsx';

/** The path of the terms' problems (shown under the terms, not above Save). */
const TERMS_PATH = 'termsAndConditions';

/** See the module comment. */
export function OrderSettingsView() {
  const { descriptor } = useSession();
  const href = descriptor?.views.orderSettings ? (descriptor.order?.config ?? undefined) : undefined;
  return (
    <SettingsPage testId="order-settings-page" title="Order settings" denied="Changing the order settings needs the “Manage settings” permission of a group.">
      {href ? <OrderSettingsForm href={href} /> : undefined}
    </SettingsPage>
  );
}

/** The configuration at `href`, loaded, edited and saved through the machine. */
function OrderSettingsForm({ href }: { readonly href: string }) {
  const [state, send] = useMachine(
    orderSettingsMachine.provide({
      actors: {
        load: fromPromise<OrderConfig, { href: string }>(({ input, signal }) => machineCall(() => api.getOrderConfig(input.href, { signal }))),
        save: fromPromise<OrderConfig, OrderSettingsSaveInput>(({ input, signal }) => machineCall(() => api.updateOrderConfig(input.href, input.config, { signal }))),
      },
    }),
    { input: { href } },
  );
  const { context } = state;
  const { draft } = context;
  const termsProblems = signupProblemsAt([...context.problems, ...context.serverIssues], TERMS_PATH);

  return (
    <FieldListSettingsForm
      prefix="order-settings"
      name={settingsStateName(state.value)}
      context={context}
      send={send}
      changed={orderSettingsChanged(context.stored, draft)}
      loadingLabel="Loading the order settings…"
      loadFailed={ORDER_SETTINGS_LOAD_FAILED}
      saved="Order settings saved."
      ownPaths={[TERMS_PATH]}
      fieldList={{
        titleId: 'order-fields-title',
        title: 'What the orderer fills in',
        description: 'The fields of the cart’s order form, besides the comment. Approvers see the answers with the order.',
        emptyTitle: 'No fields',
        emptyDescription: 'An order asks for a comment only. Add a field to ask for more.',
        full: `An order form has at most ${SIGNUP_FIELD_LIMITS.maxFields} fields.`,
      }}
      after={
        <Stack gap="3" as="section" aria-labelledby="order-terms-title">
          <Heading as="h2" size="md" id="order-terms-title">
            Terms and conditions
          </Heading>
          <Field.Root invalid={termsProblems.length > 0}>
            <Field.Label>Terms the orderer accepts</Field.Label>
            <Textarea value={draft.terms} rows={6} onChange={(event) => send({ type: 'SET_TERMS', text: event.target.value })} data-testid="order-settings-terms" />
            {termsProblems.length > 0 ? (
              termsProblems.map((message) => (
                <Field.ErrorText key={message} color={ERROR_TEXT_COLOR}>
                  {message}
                </Field.ErrorText>
              ))
            ) : (
              <Field.HelperText>
                Leave empty for none. With terms, an order is sent only once the orderer accepts them (at most {ORDER_TERMS_MAX_LENGTH.toLocaleString('en')} characters).
              </Field.HelperText>
            )}
          </Field.Root>
        </Stack>
      }
    />
  );
}
