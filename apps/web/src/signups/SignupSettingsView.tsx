/**
 * The sign-up settings (issue 14; spec 03 §3.7 the extra fields, §2.10/§6 `adminCanAssignGroups`): the page at the
 * descriptor's `views.signupSettings` (`/fotoweb/views/admin/signup-settings`), which the settings menu's "Sign-up
 * settings" opens for holders of `manageSettings`. Two switches (open sign-up: anyone may ask for an account without an
 * invitation, and the login view then offers "Create an account"; approvers choose the new user's groups) and the extra
 * fields of the sign-up form: add (text, dropdown, checkbox), edit (label, id derived from the label until edited,
 * type, choices, required, a text field's regular expression with its help text), move up or down, remove. Every
 * problem the DAM's rules find (`signupFieldDefinitionProblems`) shows on its field and keeps Save disabled; a 400's
 * issues show on their fields too. The flow runs on `signupSettingsMachine`.
 */
import { Alert, Box, Button, chakra, CloseButton, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { ListPlus } from 'lucide-react';
import { fromPromise } from 'xstate';
import { SIGNUP_FIELD_LIMITS, type SignupProblem, type SignupSettings } from '@magpie/api-types';
import { SIGNUP_SETTINGS_LOAD_FAILED, signupSettingsChanged, signupSettingsMachine, type SignupSettingsSaveInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { FIELD_INPUT_PATH, FIELD_TYPES, FieldEditor } from './SignupFieldEditor.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The machine's state as the page names it in `data-state`: loading, loadFailed, idle, saved, failed, saving. */
function stateName(value: unknown): string {
  return typeof value === 'string' ? value : String((value as { ready: string }).ready);
}

/** See the module comment. */
export function SignupSettingsView() {
  const { descriptor } = useSession();
  const href = descriptor?.signup_settings ?? undefined;
  useDocumentTitle('Sign-up settings');
  return (
    <Stack p="6" gap="4" maxW="4xl" data-testid="signup-settings-page">
      <Heading as="h1" size="lg">
        Sign-up settings
      </Heading>
      {href ? (
        <SignupSettingsForm href={href} />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Changing the sign-up settings needs the “Manage settings” permission of a group.</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The settings at `href`, loaded, edited and saved through the machine. */
function SignupSettingsForm({ href }: { readonly href: string }) {
  const [state, send] = useMachine(
    signupSettingsMachine.provide({
      actors: {
        load: fromPromise<SignupSettings, { href: string }>(({ input, signal }) => machineCall(() => api.getSignupSettings(input.href, { signal }))),
        save: fromPromise<SignupSettings, SignupSettingsSaveInput>(({ input, signal }) => machineCall(() => api.updateSignupSettings(input.href, input.settings, { signal }))),
      },
    }),
    { input: { href } },
  );
  const name = stateName(state.value);
  const { context } = state;

  if (name === 'loading') {
    return (
      <Box data-testid="signup-settings-view" data-state={name}>
        <LoadingState label="Loading the sign-up settings…" />
      </Box>
    );
  }
  if (name === 'loadFailed') {
    return (
      <Stack gap="2" data-testid="signup-settings-view" data-state={name}>
        <Text data-testid="signup-settings-load-error">{SIGNUP_SETTINGS_LOAD_FAILED}</Text>
        <ErrorState error={{ message: context.error }} onRetry={() => send({ type: 'RETRY' })} />
      </Stack>
    );
  }

  const saving = name === 'saving';
  const { draft } = context;
  // Every problem, the screen's and the last answer's, by path; the paths not about one field show above Save.
  const problems: readonly SignupProblem[] = [...context.problems, ...context.serverIssues];
  const general = problems.filter((problem) => !FIELD_INPUT_PATH.test(problem.path));
  const maySave = context.problems.length === 0 && signupSettingsChanged(context.stored, draft);
  const full = draft.fields.length >= SIGNUP_FIELD_LIMITS.maxFields;

  return (
    <chakra.form
      noValidate
      data-testid="signup-settings-view"
      data-state={name}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <chakra.fieldset disabled={saving} minW="0">
        <Stack gap="6">
          <Stack gap="4" as="section" aria-labelledby="signup-access-title">
            <Heading as="h2" size="md" id="signup-access-title">
              Who may ask for an account
            </Heading>
            <SettingSwitch
              testId="signup-settings-open"
              checked={draft.openSignup}
              label="Anyone may ask for an account without an invitation"
              help="The login page then offers “Create an account”. Every such account waits for an approver."
              onChange={(value) => send({ type: 'SET_OPEN_SIGNUP', value })}
            />
            <SettingSwitch
              testId="signup-settings-assign-groups"
              checked={draft.adminCanAssignGroups}
              label="Approvers choose the new user’s groups"
              help="Off: a new user joins the groups of the invitation they signed up with."
              onChange={(value) => send({ type: 'SET_ADMIN_CAN_ASSIGN_GROUPS', value })}
            />
          </Stack>

          <Stack gap="4" as="section" aria-labelledby="signup-fields-title">
            <Heading as="h2" size="md" id="signup-fields-title">
              Extra fields
            </Heading>
            <Text color="fg.muted">What the sign-up form asks besides the e-mail address, the name and the password. Approvers see the answers.</Text>
            {draft.fields.length === 0 ? (
              <Box data-testid="signup-settings-empty" borderWidth="1px" borderStyle="dashed" rounded="md">
                <EmptyView
                  icon={<ListPlus aria-hidden="true" />}
                  title="No extra fields"
                  description="The sign-up form asks for the e-mail address, the name and the password only. Add a field to ask for more."
                />
              </Box>
            ) : (
              <Stack gap="4" as="ol" listStyleType="none" data-testid="signup-settings-fields">
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
                  data-testid={`signup-settings-add-${type.value}`}
                >
                  {type.add}
                </Button>
              ))}
              {full && (
                <Text fontSize="sm" color="fg.muted">
                  A sign-up form has at most {SIGNUP_FIELD_LIMITS.maxFields} extra fields.
                </Text>
              )}
            </HStack>
          </Stack>
        </Stack>
      </chakra.fieldset>

      <Stack gap="3" mt="6">
        {name === 'failed' && context.error !== undefined && (
          <Alert.Root status="error" data-testid="signup-settings-error">
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
            <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid="signup-settings-error-dismiss" />
          </Alert.Root>
        )}
        {name === 'saved' && (
          <Alert.Root status="success" data-testid="signup-settings-saved" role="status">
            <Alert.Indicator />
            <Alert.Title flex="1">Sign-up settings saved.</Alert.Title>
            <CloseButton size="sm" aria-label="Dismiss the notice" onClick={() => send({ type: 'DISMISS' })} data-testid="signup-settings-saved-dismiss" />
          </Alert.Root>
        )}
        {name !== 'failed' &&
          general.map((problem) => (
            <Text key={`${problem.path}:${problem.message}`} color={ERROR_TEXT_COLOR} fontSize="sm" data-testid="signup-settings-problem">
              {problem.message}
            </Text>
          ))}
        <HStack>
          <Button type="submit" colorPalette="brand" disabled={!maySave} loading={saving} loadingText="Saving…" data-testid="signup-settings-save">
            Save
          </Button>
          {context.problems.length > 0 && (
            <Text fontSize="sm" color="fg.muted" data-testid="signup-settings-blocked">
              Correct the problems shown to save.
            </Text>
          )}
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** A switch with its label and what it means. */
function SettingSwitch(props: { readonly testId: string; readonly checked: boolean; readonly label: string; readonly help: string; readonly onChange: (value: boolean) => void }) {
  return (
    <Stack gap="1">
      <Switch.Root checked={props.checked} onCheckedChange={(details) => props.onChange(details.checked)} data-testid={props.testId} data-on={props.checked || undefined}>
        <Switch.HiddenInput aria-describedby={`${props.testId}-help`} />
        <Switch.Control />
        <Switch.Label>{props.label}</Switch.Label>
      </Switch.Root>
      <Text id={`${props.testId}-help`} fontSize="sm" color="fg.muted" ps="10">
        {props.help}
      </Text>
    </Stack>
  );
}
