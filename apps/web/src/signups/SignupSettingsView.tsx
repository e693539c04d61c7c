/**
 * The sign-up settings (issue 14; spec 03 §3.7 the extra fields, §2.10/§6 `adminCanAssignGroups`): the page at the
 * descriptor's `views.signupSettings` (`/fotoweb/views/admin/signup-settings`), which the settings menu's "Sign-up
 * settings" opens for holders of `manageSettings`. Two switches (open sign-up: anyone may ask for an account without an
 * invitation, and the login view then offers "Create an account"; approvers choose the new user's groups) and the extra
 * fields of the sign-up form: add (text, dropdown, checkbox), edit (label, id derived from the label until edited,
 * type, choices, required, a text field's regular expression with its help text), move up or down, remove. Every
 * problem the DAM's rules find (`signupFieldDefinitionProblems`) shows on its field and keeps Save disabled; a 400's
 * issues show on their fields too. The flow runs on `signupSettingsMachine`; the page's frame is the field-list settings'
 * (`settings/FieldListSettingsPage.tsx`).
 */
import { Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SIGNUP_FIELD_LIMITS, type SignupSettings } from '@magpie/api-types';
import { SIGNUP_SETTINGS_LOAD_FAILED, signupSettingsChanged, signupSettingsMachine, type SignupSettingsSaveInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { FieldListSettingsForm, SettingsPage, settingsStateName } from '../settings/FieldListSettingsPage.tsx';

/** See the module comment. */
export function SignupSettingsView() {
  const { descriptor } = useSession();
  const href = descriptor?.signup_settings ?? undefined;
  return (
    <SettingsPage testId="signup-settings-page" title="Sign-up settings" denied="Changing the sign-up settings needs the “Manage settings” permission of a group.">
      {href ? <SignupSettingsForm href={href} /> : undefined}
    </SettingsPage>
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
  const { context } = state;
  const { draft } = context;

  return (
    <FieldListSettingsForm
      prefix="signup-settings"
      name={settingsStateName(state.value)}
      context={context}
      send={send}
      changed={signupSettingsChanged(context.stored, draft)}
      loadingLabel="Loading the sign-up settings…"
      loadFailed={SIGNUP_SETTINGS_LOAD_FAILED}
      saved="Sign-up settings saved."
      fieldList={{
        titleId: 'signup-fields-title',
        title: 'Extra fields',
        description: 'What the sign-up form asks besides the e-mail address, the name and the password. Approvers see the answers.',
        emptyTitle: 'No extra fields',
        emptyDescription: 'The sign-up form asks for the e-mail address, the name and the password only. Add a field to ask for more.',
        full: `A sign-up form has at most ${SIGNUP_FIELD_LIMITS.maxFields} extra fields.`,
      }}
      before={
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
      }
    />
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
