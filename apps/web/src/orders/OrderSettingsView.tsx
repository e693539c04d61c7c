/**
 * The order settings (issue 15 "Cart and orders": the fields the orderer fills in and the terms they accept): the page
 * at the descriptor's `views.orderSettings` (`/fotoweb/views/order-settings`), which the settings menu's "Order
 * settings" opens for holders of `manageSettings`. The extra fields of the cart's submission form (add text, dropdown,
 * checkbox; edit, move, remove: the sign-up settings' field editor, `signups/SignupFieldEditor.tsx`) and the terms
 * and conditions (none when left empty; the cart then asks for no acceptance). Every problem the DAM's rules find shows
 * on its field and keeps Save disabled; a 400's issues show on their fields too. The flow runs on `orderSettingsMachine`.
 */
import { Alert, Box, Button, chakra, CloseButton, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { ListPlus } from 'lucide-react';
import { fromPromise } from 'xstate';
import { SIGNUP_FIELD_LIMITS, type OrderConfig, type SignupProblem } from '@magpie/api-types';
import { ORDER_SETTINGS_LOAD_FAILED, ORDER_TERMS_MAX_LENGTH, orderSettingsChanged, orderSettingsMachine, signupProblemsAt, type OrderSettingsSaveInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { FIELD_INPUT_PATH, FIELD_TYPES, FieldEditor } from '../signups/SignupFieldEditor.tsx';

/** The machine's state as the page names it in `data-state`: loading, loadFailed, idle, saved, failed, saving. */
function stateName(value: unknown): string {
  return typeof value === 'string' ? value : String((value as { ready: string }).ready);
}

/** See the module comment. */
export function OrderSettingsView() {
  const { descriptor } = useSession();
  const href = descriptor?.views.orderSettings ? (descriptor.order?.config ?? undefined) : undefined;
  useDocumentTitle('Order settings');
  return (
    <Stack p="6" gap="4" maxW="4xl" data-testid="order-settings-page">
      <Heading as="h1" size="lg">
        Order settings
      </Heading>
      {href ? (
        <OrderSettingsForm href={href} />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Changing the order settings needs the “Manage settings” permission of a group.</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
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
  const name = stateName(state.value);
  const { context } = state;

  if (name === 'loading') {
    return (
      <Box data-testid="order-settings-view" data-state={name}>
        <LoadingState label="Loading the order settings…" />
      </Box>
    );
  }
  if (name === 'loadFailed') {
    return (
      <Stack gap="2" data-testid="order-settings-view" data-state={name}>
        <Text data-testid="order-settings-load-error">{ORDER_SETTINGS_LOAD_FAILED}</Text>
        <ErrorState error={{ message: context.error }} onRetry={() => send({ type: 'RETRY' })} />
      </Stack>
    );
  }

  const saving = name === 'saving';
  const { draft } = context;
  const problems: readonly SignupProblem[] = [...context.problems, ...context.serverIssues];
  const termsProblems = signupProblemsAt(problems, 'termsAndConditions');
  const general = problems.filter((problem) => !FIELD_INPUT_PATH.test(problem.path) && problem.path !== 'termsAndConditions');
  const maySave = context.problems.length === 0 && orderSettingsChanged(context.stored, draft);
  const full = draft.fields.length >= SIGNUP_FIELD_LIMITS.maxFields;

  return (
    <chakra.form
      noValidate
      data-testid="order-settings-view"
      data-state={name}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <chakra.fieldset disabled={saving} minW="0">
        <Stack gap="6">
          <Stack gap="4" as="section" aria-labelledby="order-fields-title">
            <Heading as="h2" size="md" id="order-fields-title">
              What the orderer fills in
            </Heading>
            <Text color="fg.muted">The fields of the cart’s order form, besides the comment. Approvers see the answers with the order.</Text>
            {draft.fields.length === 0 ? (
              <Box data-testid="order-settings-empty" borderWidth="1px" borderStyle="dashed" rounded="md">
                <EmptyView icon={<ListPlus aria-hidden="true" />} title="No fields" description="An order asks for a comment only. Add a field to ask for more." />
              </Box>
            ) : (
              <Stack gap="4" as="ol" listStyleType="none" data-testid="order-settings-fields">
                {draft.fields.map((field, index) => (
                  <chakra.li key={field.key}>
                    <FieldEditor
                      field={field}
                      index={index}
                      count={draft.fields.length}
                      problems={problems}
                      onChange={(change) => send({ type: 'CHANGE_FIELD', index, change })}
                      onMove={(offset) => send({ type: 'MOVE_FIELD', index, offset })}
                      onRemove={() => send({ type: 'REMOVE_FIELD', index })}
                    />
                  </chakra.li>
                ))}
              </Stack>
            )}
            <HStack gap="2" wrap="wrap">
              {FIELD_TYPES.map((type) => (
                <Button
                  key={type.value}
                  size="sm"
                  variant="outline"
                  disabled={full}
                  onClick={() => send({ type: 'ADD_FIELD', dataType: type.value })}
                  data-testid={`order-settings-add-${type.value}`}
                >
                  {type.add}
                </Button>
              ))}
              {full && (
                <Text fontSize="sm" color="fg.muted">
                  An order form has at most {SIGNUP_FIELD_LIMITS.maxFields} fields.
                </Text>
              )}
            </HStack>
          </Stack>

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
        </Stack>
      </chakra.fieldset>

      <Stack gap="3" mt="6">
        {name === 'failed' && context.error !== undefined && (
          <Alert.Root status="error" data-testid="order-settings-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{context.error}</Alert.Title>
              {general.length > 0 && (
                <Alert.Description>
                  {general.map((problem) => (
                    <Text key={`${problem.path}:${problem.message}`}>{problem.message}</Text>
                  ))}
                </Alert.Description>
              )}
            </Alert.Content>
            <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid="order-settings-error-dismiss" />
          </Alert.Root>
        )}
        {name === 'saved' && (
          <Alert.Root status="success" data-testid="order-settings-saved" role="status">
            <Alert.Indicator />
            <Alert.Title flex="1">Order settings saved.</Alert.Title>
            <CloseButton size="sm" aria-label="Dismiss the notice" onClick={() => send({ type: 'DISMISS' })} data-testid="order-settings-saved-dismiss" />
          </Alert.Root>
        )}
        {name !== 'failed' &&
          general.map((problem) => (
            <Text key={`${problem.path}:${problem.message}`} color={ERROR_TEXT_COLOR} fontSize="sm" data-testid="order-settings-problem">
              {problem.message}
            </Text>
          ))}
        <HStack>
          <Button type="submit" colorPalette="brand" disabled={!maySave} loading={saving} loadingText="Saving…" data-testid="order-settings-save">
            Save
          </Button>
          {context.problems.length > 0 && (
            <Text fontSize="sm" color="fg.muted" data-testid="order-settings-blocked">
              Correct the problems shown to save.
            </Text>
          )}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
