/**
 * The asset view's consent panel (issue 15; spec 01 §3 `consentStatus`, spec 03 §3.11): the asset's consent summary
 * for holders of ViewConsentSummary (the DAM sends `consentStatus` only to them, while consent forms are on), the
 * forms that cover the asset with their details for holders of ViewConsentDetails, and, with ManageConsentStatus,
 * "Record consent form" and Edit in a dialog. The forms and the dialog run on the `consentPanel` machine; a saved
 * form makes the asset view read the asset again, whose summary then changed.
 */
import { Alert, Badge, Box, Button, chakra, Dialog, Field, Heading, HStack, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { FileSignature } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Asset, ConsentForm, ConsentStatus } from '@magpie/api-types';
import {
  CONSENT_FORM_STATE_OPTIONS,
  CONSENT_PANEL_LOAD_FAILED,
  consentFormProblems,
  consentPanelMachine,
  type ConsentFormDraft,
  type ConsentFormSaveInput,
  type ConsentPanelEvent,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { ErrorState, LoadingState } from '../components/States.tsx';
import { ASSET_CONSENT_STATE_LABELS, CONSENT_FORM_STATE_LABELS, consentStatePalette } from './consent.ts';

/** See the module comment. `onChanged` reads the asset again. */
export function ConsentPanel({ asset, onChanged }: { readonly asset: Asset; readonly onChanged: () => void }) {
  const status = asset.consentStatus ?? undefined;
  const details = asset.permissions.includes('ViewConsentDetails');
  if (!status) return null;
  return (
    <Box as="section" aria-labelledby="consent-title" data-testid="consent-panel">
      <Heading as="h2" size="sm" mb="2" id="consent-title">
        Consent
      </Heading>
      <ConsentSummary status={status} />
      {details && <ConsentForms key={asset.href} asset={asset} onChanged={onChanged} />}
    </Box>
  );
}

function ConsentSummary({ status }: { readonly status: ConsentStatus }) {
  const counts = status.countByConsentFormState.map((entry) => `${entry.consentFormCount} ${CONSENT_FORM_STATE_LABELS[entry.consentFormState].toLowerCase()}`);
  return (
    <Stack gap="1" fontSize="sm" data-testid="consent-summary" data-state={status.assetConsentState}>
      <HStack gap="2">
        <Badge colorPalette={consentStatePalette(status.assetConsentState)} data-testid="consent-state">
          {ASSET_CONSENT_STATE_LABELS[status.assetConsentState]}
        </Badge>
        <Text color="fg.muted" data-testid="consent-count">
          {status.consentFormCount === 0 ? 'No consent forms' : `${status.consentFormCount} ${status.consentFormCount === 1 ? 'form' : 'forms'}: ${counts.join(', ')}`}
        </Text>
      </HStack>
      {status.approvedConsents.length > 0 && <Text data-testid="consent-approved">Approved for: {status.approvedConsents.map((c) => c.title).join(', ')}</Text>}
      {status.declinedConsents.length > 0 && <Text data-testid="consent-declined">Declined for: {status.declinedConsents.map((c) => c.title).join(', ')}</Text>}
    </Stack>
  );
}

function ConsentForms({ asset, onChanged }: { readonly asset: Asset; readonly onChanged: () => void }) {
  const manages = asset.permissions.includes('ManageConsentStatus');
  // The machine is made once; it tells the asset view through the latest callback.
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);
  const machine = useMemo(
    () =>
      consentPanelMachine.provide({
        actors: {
          load: fromPromise<readonly ConsentForm[], { assetId: string }>(async ({ input, signal }) => (await api.listAssetConsentForms(input.assetId, { signal })).data),
          save: fromPromise<ConsentForm, ConsentFormSaveInput>(({ input, signal }) =>
            input.href ? api.updateConsentForm(input.href, input.fields, { signal }) : api.createConsentForm({ ...input.fields, assets: [input.assetHref] }, { signal }),
          ),
        },
        actions: { changed: () => changed.current() },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { assetId: asset.uniqueid, assetHref: asset.href } });
  const name = typeof state.value === 'string' ? state.value : 'loading';
  const { context } = state;

  return (
    <Stack gap="2" mt="3" data-testid="consent-forms" data-state={name}>
      {name === 'loading' && context.forms.length === 0 ? (
        <LoadingState label="Loading the consent forms…" />
      ) : name === 'loadFailed' ? (
        <Stack gap="1">
          <Text fontSize="sm">{CONSENT_PANEL_LOAD_FAILED}</Text>
          <ErrorState error={{ message: context.error ?? CONSENT_PANEL_LOAD_FAILED }} onRetry={() => send({ type: 'RETRY' })} />
        </Stack>
      ) : context.forms.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="consent-forms-empty">
          No consent form covers this asset yet.
        </Text>
      ) : (
        <chakra.ul listStyleType="none" m="0" p="0" display="grid" gap="2">
          {context.forms.map((form) => (
            <chakra.li key={form.href} borderWidth="1px" rounded="md" p="2" fontSize="sm" data-testid="consent-form" data-state={form.state}>
              <HStack justify="space-between" gap="2" align="start">
                <Box minW="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {form.personName}
                  </Text>
                  {form.email && (
                    <Text color="fg.muted" wordBreak="break-all">
                      {form.email}
                    </Text>
                  )}
                  <Text color="fg.muted">
                    {CONSENT_FORM_STATE_LABELS[form.state]}
                    {form.signed ? `, signed ${form.signed}` : ''}
                    {form.expires ? `, ${form.expired ? 'expired' : 'valid until'} ${form.expires}` : ''}
                  </Text>
                  {(form.category || form.usages.length > 0) && <Text color="fg.muted">{[form.category, form.usages.join(', ')].filter(Boolean).join(' · ')}</Text>}
                </Box>
                {form.canManage && (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => send({ type: 'EDIT', form })}
                    disabled={name !== 'ready'}
                    data-testid="consent-form-edit"
                    aria-label={`Edit the consent form of ${form.personName}`}
                  >
                    Edit
                  </Button>
                )}
              </HStack>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
      {manages && (
        <Box>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'ADD' })} disabled={name !== 'ready'} data-testid="consent-form-add">
            <FileSignature aria-hidden="true" />
            Record consent form
          </Button>
        </Box>
      )}
      {(name === 'editing' || name === 'saving') && (
        <ConsentFormDialog draft={context.draft} isNew={context.editing === undefined} saving={name === 'saving'} error={context.error} send={send} />
      )}
    </Stack>
  );
}

function ConsentFormDialog(props: {
  readonly draft: ConsentFormDraft;
  readonly isNew: boolean;
  readonly saving: boolean;
  readonly error: string | undefined;
  readonly send: (event: ConsentPanelEvent) => void;
}) {
  const { draft, saving, send } = props;
  const problems = consentFormProblems(draft);
  const problemOf = (field: keyof ConsentFormDraft) => problems.find((p) => p.field === field)?.message;
  const change = (c: Partial<ConsentFormDraft>) => send({ type: 'CHANGE', change: c });
  const text = (field: keyof ConsentFormDraft, label: string, type = 'text', required = false) => (
    <Field.Root invalid={problemOf(field) !== undefined && (field !== 'personName' || draft.personName !== '')} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input type={type} value={draft[field]} onChange={(e) => change({ [field]: e.target.value })} data-testid={`consent-form-${field}`} />
      {problemOf(field) && (field !== 'personName' || draft.personName !== '') && <Field.ErrorText color={ERROR_TEXT_COLOR}>{problemOf(field)}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || saving ? undefined : send({ type: 'CANCEL' }))} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="consent-form-dialog" data-state={saving ? 'saving' : 'editing'}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'SAVE' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{props.isNew ? 'Record a consent form' : 'Edit the consent form'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <chakra.fieldset disabled={saving} minW="0">
                  <Stack gap="3">
                    {props.error && (
                      <Alert.Root status="error" data-testid="consent-form-error">
                        <Alert.Indicator />
                        <Alert.Description>{props.error}</Alert.Description>
                      </Alert.Root>
                    )}
                    {text('personName', 'Person’s name', 'text', true)}
                    {text('email', 'E-mail address', 'email')}
                    <Field.Root>
                      <Field.Label>State</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={draft.state} onChange={(e) => change({ state: e.target.value as ConsentFormDraft['state'] })} data-testid="consent-form-state">
                          {CONSENT_FORM_STATE_OPTIONS.map((value) => (
                            <option key={value} value={value}>
                              {CONSENT_FORM_STATE_LABELS[value]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <HStack gap="3" align="start">
                      {text('signed', 'Signed on', 'date')}
                      {text('expires', 'Valid until', 'date')}
                    </HStack>
                    {text('category', 'Category')}
                    <Field.Root invalid={problemOf('usages') !== undefined}>
                      <Field.Label>Usages</Field.Label>
                      <Input value={draft.usages} onChange={(e) => change({ usages: e.target.value })} data-testid="consent-form-usages" />
                      {problemOf('usages') ? (
                        <Field.ErrorText color={ERROR_TEXT_COLOR}>{problemOf('usages')}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>Separated by commas, e.g. web, print, social.</Field.HelperText>
                      )}
                    </Field.Root>
                  </Stack>
                </chakra.fieldset>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={saving} data-testid="consent-form-cancel">
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" loading={saving} disabled={problems.length > 0} data-testid="consent-form-save">
                  Save
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
