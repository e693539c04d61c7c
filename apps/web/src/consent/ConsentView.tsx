/**
 * The Consent page (issue 15; spec 03 §2.1 "Consent forms: link to /fotoweb/views/consent", §3.10 consent settings,
 * §6 "Loading consent form settings: triggered by the canConfigureConsentForms permission"): the settings menu's
 * "Consent forms" opens it for holders of `configureConsentForms` (the descriptor's `views.manageConsentForms`).
 * Consent forms on or off, the company and contact the forms name, the default URL expiry and the PDF's logo, and the
 * lists of languages, categories, templates and default fields (`ConsentListsEditor`); on the `consentSettings` machine. Saving reads the descriptor again, so the consent status filter of the advanced search
 * appears or goes at once (consent feature level 40, spec 02 §9).
 */
import { Alert, Box, Button, chakra, Field, Heading, HStack, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ConsentFormSettings } from '@magpie/api-types';
import { CONSENT_SETTINGS_LOAD_FAILED, CONSENT_URL_EXPIRY_MAX_DAYS, consentSettingsChanged, consentSettingsMachine, consentSettingsProblems } from '@magpie/machines';
import { api } from '../api/client.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ConsentListsEditor } from './ConsentListsEditor.tsx';

/** The state's name for `data-state`: `loading`, `loadFailed`, `saving`, or `ready.<idle|saved|failed>`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value as Record<string, string>)[0]!;
  return `${parent}.${child}`;
}

/** See the module comment. */
export function ConsentView() {
  const { descriptor } = useSession();
  useDocumentTitle('Consent forms');
  return (
    <Stack p="6" gap="4" maxW="4xl" data-testid="consent-page">
      <Heading as="h1" size="lg">
        Consent forms
      </Heading>
      {descriptor?.permissions.canConfigureConsentForms ? (
        <ConsentSettingsForm />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Configuring consent forms needs the “Configure consent forms” permission of a group.</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

function ConsentSettingsForm() {
  const { establish } = useSession();
  const machine = useMemo(
    () =>
      consentSettingsMachine.provide({
        actors: {
          load: fromPromise<ConsentFormSettings, void>(({ signal }) => api.getConsentFormSettings({ signal })),
          save: fromPromise<ConsentFormSettings, { settings: ConsentFormSettings }>(async ({ input, signal }) => {
            const saved = await api.updateConsentFormSettings(input.settings, { signal });
            // The consent feature level follows enableConsentForms: the descriptor read again shows it (a failed read changes nothing).
            const fresh = await api.getDescriptor().catch(() => undefined);
            if (fresh) establish(fresh);
            return saved;
          }),
        },
      }),
    [establish],
  );
  const [state, send] = useMachine(machine);
  const name = stateName(state.value);
  const { context } = state;

  if (name === 'loading') {
    return (
      <Box data-testid="consent-settings" data-state={name}>
        <LoadingState label="Loading the consent settings…" />
      </Box>
    );
  }
  if (name === 'loadFailed' || !context.draft) {
    return (
      <Stack gap="2" data-testid="consent-settings" data-state={name}>
        <Text data-testid="consent-settings-load-error">{CONSENT_SETTINGS_LOAD_FAILED}</Text>
        <ErrorState error={{ message: context.error ?? CONSENT_SETTINGS_LOAD_FAILED }} onRetry={() => send({ type: 'RETRY' })} />
      </Stack>
    );
  }
  const draft = context.draft;
  const problems = consentSettingsProblems(draft);
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.message;
  const saving = name === 'saving';
  const edit = (change: Partial<ConsentFormSettings>) => send({ type: 'EDIT', change });
  const maySave = consentSettingsChanged(context.stored, draft) && problems.length === 0;

  return (
    <chakra.form
      noValidate
      data-testid="consent-settings"
      data-state={name}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <chakra.fieldset disabled={saving} minW="0">
        <Stack gap="5">
          <Stack gap="1">
            <Switch.Root checked={draft.enableConsentForms} onCheckedChange={(d) => edit({ enableConsentForms: d.checked })} data-testid="consent-enable">
              <Switch.HiddenInput aria-describedby="consent-enable-help" />
              <Switch.Control />
              <Switch.Label>Consent forms are on</Switch.Label>
            </Switch.Root>
            <Text id="consent-enable-help" fontSize="sm" color="fg.muted" ps="10">
              Assets then show their consent status to people with “View consent summary” on their archive, and the advanced search filters by it.
            </Text>
          </Stack>
          <Field.Root>
            <Field.Label>Company name</Field.Label>
            <Input value={draft.companyName} maxLength={200} onChange={(e) => edit({ companyName: e.target.value })} data-testid="consent-company-name" />
          </Field.Root>
          <Field.Root>
            <Field.Label>About the company</Field.Label>
            <Textarea value={draft.companyAbout} maxLength={5000} rows={3} onChange={(e) => edit({ companyAbout: e.target.value })} data-testid="consent-company-about" />
          </Field.Root>
          <Field.Root invalid={problemOf('contactEmailAddress') !== undefined}>
            <Field.Label>Contact e-mail address</Field.Label>
            <Input type="email" value={draft.contactEmailAddress} onChange={(e) => edit({ contactEmailAddress: e.target.value })} data-testid="consent-contact-email" />
            <Field.ErrorText color={ERROR_TEXT_COLOR}>{problemOf('contactEmailAddress')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={problemOf('defaultUrlExpiryDays') !== undefined} maxW="xs">
            <Field.Label>Consent links expire after (days)</Field.Label>
            <Input
              type="number"
              min={1}
              max={CONSENT_URL_EXPIRY_MAX_DAYS}
              value={Number.isFinite(draft.defaultUrlExpiryDays) ? String(draft.defaultUrlExpiryDays) : ''}
              onChange={(e) => edit({ defaultUrlExpiryDays: e.target.value === '' ? NaN : Number(e.target.value) })}
              data-testid="consent-expiry-days"
            />
            <Field.ErrorText color={ERROR_TEXT_COLOR}>{problemOf('defaultUrlExpiryDays')}</Field.ErrorText>
          </Field.Root>
          <Stack gap="2">
            <Switch.Root checked={draft.pdfRenderCompanyLogo} onCheckedChange={(d) => edit({ pdfRenderCompanyLogo: d.checked })} data-testid="consent-pdf-logo">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Show the company logo in a form’s PDF</Switch.Label>
            </Switch.Root>
            <Switch.Root checked={draft.pdfRenderCompanyLogoInBanner} onCheckedChange={(d) => edit({ pdfRenderCompanyLogoInBanner: d.checked })} data-testid="consent-pdf-banner">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Show the company logo in the PDF’s banner</Switch.Label>
            </Switch.Root>
          </Stack>
          <ConsentListsEditor draft={draft} stored={context.stored} problems={problems} onChange={edit} />
          {problems.length > 0 && consentSettingsChanged(context.stored, draft) && (
            <Text fontSize="sm" color="fg.muted" data-testid="consent-settings-blocked">
              Correct the problems shown to save the settings.
            </Text>
          )}
          {name === 'ready.failed' && (
            <Alert.Root status="error" data-testid="consent-settings-error">
              <Alert.Indicator />
              <Alert.Description>{context.error}</Alert.Description>
            </Alert.Root>
          )}
          {name === 'ready.saved' && (
            <Alert.Root status="success" data-testid="consent-settings-saved">
              <Alert.Indicator />
              <Alert.Description>The consent settings were saved.</Alert.Description>
            </Alert.Root>
          )}
          <HStack>
            <Button type="submit" colorPalette="brand" loading={saving} disabled={!maySave} data-testid="consent-settings-save">
              Save
            </Button>
          </HStack>
        </Stack>
      </chakra.fieldset>
    </chakra.form>
  );
}
