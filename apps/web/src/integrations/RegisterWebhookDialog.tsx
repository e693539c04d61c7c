/**
 * Registering a webhook (issue 16; spec 03 §2.1 "Webhooks"; dam.yaml `createWebhook`), on the `webhookRegister`
 * machine: the URL, the events (asset.ingested, asset.modified, asset.deleted) and whether it is enabled, checked
 * before sending; the signing secret shown once until DONE; a refusal (400, 403) with the DAM's reason.
 */
import { useCallback, useState } from 'react';
import { Checkbox, CheckboxGroup, Field, Fieldset, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { WEBHOOK_EVENT_NAMES, webhookRegisterMachine, type RegisteredWebhook, type WebhookDraft, type WebhookEventName } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { SecretRegisterDialog, SecretValue } from '../components/SecretRegisterDialog.tsx';

/** What each event means, for the checkboxes (dam.yaml `listWebhooks`). */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventName, string>> = {
  'asset.ingested': 'uploaded or copied into an archive',
  'asset.modified': 'metadata edited, file replaced, rolled back, renamed or moved',
  'asset.deleted': 'moved to the trash',
};

/** Props of {@link RegisterWebhookDialog}. */
export interface RegisterWebhookDialogProps {
  /** Called once the dialog ends: the new webhook, or undefined when cancelled. */
  readonly onClose: (created: RegisteredWebhook | undefined) => void;
}

/** See the module comment. */
export function RegisterWebhookDialog({ onClose }: RegisterWebhookDialogProps) {
  const [state, send] = useMachine(
    webhookRegisterMachine.provide({
      actors: {
        register: fromPromise<RegisteredWebhook, WebhookDraft>(({ input }) =>
          machineCall(() => api.createWebhook({ url: input.url, events: [...input.events], enabled: input.enabled })),
        ),
      },
    }),
  );
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['asset.ingested']);
  const [enabled, setEnabled] = useState(true);

  const register = useCallback(
    () => send({ type: 'REGISTER', draft: { url, events: WEBHOOK_EVENT_NAMES.filter((name) => events.includes(name)), enabled } }),
    [send, url, events, enabled],
  );

  return (
    <SecretRegisterDialog
      testId="webhook"
      state={state}
      send={send}
      onClose={onClose}
      title="Register webhook"
      createdTitle="Webhook registered"
      submitLabel="Register"
      onSubmit={register}
      warning="Copy the signing secret now and keep it with the receiver: it is not shown again."
      doneLabel="I have stored the secret"
      createdBody={(created) => (
        <>
          <Text wordBreak="break-all">
            Deliveries to <strong>{created.url}</strong> carry <code>X-Magpie-Signature: sha256=…</code>, the HMAC-SHA256 of <code>&lt;X-Magpie-Timestamp&gt;.&lt;body&gt;</code>{' '}
            with this secret.
          </Text>
          <SecretValue label="Signing secret" value={created.secret} testId="webhook-secret" />
        </>
      )}
    >
      <Field.Root required invalid={state.context.problems.some((p) => p.includes('URL'))}>
        <Field.Label>
          URL
          <Field.RequiredIndicator />
        </Field.Label>
        <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/magpie" data-testid="webhook-url" autoComplete="off" />
        <Field.HelperText>An http:// or https:// address that answers a POST with a 2xx status within 10 seconds.</Field.HelperText>
      </Field.Root>
      <Fieldset.Root invalid={state.context.problems.some((p) => p.includes('event'))}>
        <Fieldset.Legend>Events</Fieldset.Legend>
        <CheckboxGroup value={events} onValueChange={setEvents} name="events">
          <Stack gap="2">
            {WEBHOOK_EVENT_NAMES.map((name) => (
              <Checkbox.Root key={name} value={name} data-testid={`webhook-event-${name}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <code>{name}</code>: {WEBHOOK_EVENT_LABELS[name]}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
      </Fieldset.Root>
      <Switch.Root checked={enabled} onCheckedChange={(e) => setEnabled(e.checked)} data-testid="webhook-enabled">
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Enabled: deliver events to it</Switch.Label>
      </Switch.Root>
    </SecretRegisterDialog>
  );
}
