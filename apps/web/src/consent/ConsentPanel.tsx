/**
 * The asset view's consent panel (issue 15; spec 01 §3 `consentStatus`, spec 03 §3.11): the asset's consent summary
 * for holders of ViewConsentSummary (the DAM sends `consentStatus` only to them, while consent forms are on), the
 * forms that cover the asset with their details for holders of ViewConsentDetails, and, with ManageConsentStatus,
 * "Record consent form" and Edit in a dialog, "Link existing form" (a picker that searches the forms), Unlink, and
 * Delete after a confirmation naming the assets that lose the form. The forms, the dialogs and the picker run on the
 * `consentPanel` machine; every change makes the asset view read the asset again, whose summary then changed.
 */
import { Alert, Badge, Box, Button, chakra, Dialog, Field, Heading, HStack, Input, NativeSelect, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { FileSignature, Link2 } from 'lucide-react';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { fromPromise } from 'xstate';
import type { Asset, ConsentForm, ConsentStatus } from '@magpie/api-types';
import {
  CONSENT_FORM_STATE_OPTIONS,
  CONSENT_PANEL_LOAD_FAILED,
  consentFormProblems,
  consentPanelMachine,
  coversAsset,
  type ConsentFormChoices,
  type ConsentFormDraft,
  type ConsentFormLinkInput,
  type ConsentFormRemoveInput,
  type ConsentFormSaveInput,
  type ConsentFormSearchInput,
  type ConsentPanelContext,
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
          search: fromPromise<ConsentFormChoices, ConsentFormSearchInput>(async ({ input, signal }) => {
            // Typing searches again (the machine cancels the last search); a short pause first sends one call per word.
            if (input.query !== '') await pause(SEARCH_PAUSE_MS, signal);
            const page = await api.listConsentForms(input.query.trim() === '' ? {} : { q: input.query.trim() }, { signal });
            return { forms: page.data, count: page.count };
          }),
          link: fromPromise<unknown, ConsentFormLinkInput>(({ input, signal }) => api.linkConsentFormAsset(input.formHref, input.assetHref, { signal })),
          remove: fromPromise<unknown, ConsentFormRemoveInput>(({ input, signal }) =>
            input.kind === 'unlink' ? api.unlinkConsentFormAsset(input.formHref, input.assetId, { signal }) : api.deleteConsentForm(input.formHref, input.assets, { signal }),
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
                  <HStack gap="1" flexWrap="wrap" justify="end">
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
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => send({ type: 'UNLINK', form })}
                      disabled={name !== 'ready'}
                      loading={name === 'removing' && context.removal === 'unlink' && context.target?.href === form.href}
                      data-testid="consent-form-unlink"
                      aria-label={`Unlink the consent form of ${form.personName} from this asset`}
                    >
                      Unlink
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => send({ type: 'DELETE', form })}
                      disabled={name !== 'ready'}
                      data-testid="consent-form-delete"
                      aria-label={`Delete the consent form of ${form.personName}`}
                    >
                      Delete
                    </Button>
                  </HStack>
                )}
              </HStack>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
      {(name === 'ready' || name === 'loading') && context.error && (
        <Alert.Root status="error" data-testid="consent-panel-error">
          <Alert.Indicator />
          <Alert.Description>{context.error}</Alert.Description>
        </Alert.Root>
      )}
      {manages && (
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={() => send({ type: 'ADD' })} disabled={name !== 'ready'} data-testid="consent-form-add">
            <FileSignature aria-hidden="true" />
            Record consent form
          </Button>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'LINK' })} disabled={name !== 'ready'} data-testid="consent-form-link">
            <Link2 aria-hidden="true" />
            Link existing form
          </Button>
        </HStack>
      )}
      {(name === 'editing' || name === 'saving') && (
        <ConsentFormDialog draft={context.draft} isNew={context.editing === undefined} saving={name === 'saving'} error={context.error} send={send} />
      )}
      {(name === 'picking' || name === 'linking') && <ConsentFormPicker context={context} linking={name === 'linking'} send={send} />}
      {(name === 'confirmingDelete' || (name === 'removing' && context.removal === 'delete')) && context.target && (
        <DeleteConsentFormDialog form={context.target} deleting={name === 'removing'} send={send} />
      )}
    </Stack>
  );
}

/** How long the picker waits after a keystroke before it searches (ms). */
const SEARCH_PAUSE_MS = 250;

/** Resolves after `ms` milliseconds; rejects when `signal` aborts first (the machine started another search). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Moves the focus between the picker's choices with the arrow keys (Tab works too); ArrowDown from the search field enters the list. */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...(list?.querySelectorAll<HTMLButtonElement>('button[data-choice]:not([disabled])') ?? [])];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = at === -1 ? (event.key === 'ArrowDown' ? 0 : buttons.length - 1) : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
  buttons[next]!.focus();
}

/** The picker of existing forms: a search field, the matching forms (those already on the asset shown, not offered), Cancel. */
function ConsentFormPicker({ context, linking, send }: { readonly context: ConsentPanelContext; readonly linking: boolean; readonly send: (event: ConsentPanelEvent) => void }) {
  const list = useRef<HTMLUListElement>(null);
  const choices = context.choices;
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || linking ? undefined : send({ type: 'CANCEL' }))} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="consent-picker" data-state={linking ? 'linking' : choices ? 'listed' : 'searching'}>
            <Dialog.Header>
              <Dialog.Title>Link an existing consent form</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {context.error && (
                  <Alert.Root status="error" data-testid="consent-picker-error">
                    <Alert.Indicator />
                    <Alert.Description>{context.error}</Alert.Description>
                  </Alert.Root>
                )}
                <Field.Root>
                  <Field.Label>Find a form</Field.Label>
                  <Input
                    type="search"
                    autoFocus
                    value={context.query}
                    disabled={linking}
                    onChange={(e) => send({ type: 'SEARCH', query: e.target.value })}
                    onKeyDown={(e) => moveFocus(e, list.current)}
                    aria-controls={choices && choices.forms.length > 0 ? 'consent-picker-choices' : undefined}
                    data-testid="consent-picker-search"
                  />
                  <Field.HelperText>The person’s name, e-mail address or category. Arrow keys move through the forms.</Field.HelperText>
                </Field.Root>
                <Box aria-live="polite" fontSize="sm" color="fg.muted" data-testid="consent-picker-status">
                  {choices === undefined ? (
                    <HStack gap="2">
                      <Spinner size="xs" />
                      <Text>Searching…</Text>
                    </HStack>
                  ) : choices.forms.length === 0 ? (
                    context.error ? null : (
                      <Text>No consent form matches.</Text>
                    )
                  ) : (
                    <Text>
                      {choices.count === 1 ? '1 form' : `${choices.count} forms`}
                      {choices.count > choices.forms.length ? `; the first ${choices.forms.length} are shown, type to narrow them down.` : ''}
                    </Text>
                  )}
                </Box>
                {choices && choices.forms.length > 0 && (
                  <chakra.ul
                    ref={list}
                    id="consent-picker-choices"
                    aria-label="Consent forms"
                    listStyleType="none"
                    m="0"
                    p="0"
                    display="grid"
                    gap="1"
                    maxH="60vh"
                    overflowY="auto"
                    onKeyDown={(e) => moveFocus(e, list.current)}
                  >
                    {choices.forms.map((form) => {
                      const already = coversAsset(form, context.assetId);
                      return (
                        <li key={form.href}>
                          <Button
                            data-choice
                            variant="ghost"
                            w="full"
                            h="auto"
                            py="2"
                            justifyContent="start"
                            textAlign="start"
                            whiteSpace="normal"
                            disabled={already || linking}
                            loading={linking && context.target?.href === form.href}
                            onClick={() => send({ type: 'CHOOSE', form })}
                            data-testid="consent-picker-choice"
                            aria-label={already ? `${form.personName}, already on this asset` : `Link the consent form of ${form.personName}`}
                          >
                            <Stack gap="0" minW="0" fontSize="sm">
                              <Text fontWeight="medium" wordBreak="break-word">
                                {form.personName}
                              </Text>
                              <Text color="fg.muted" fontWeight="normal" wordBreak="break-word">
                                {[CONSENT_FORM_STATE_LABELS[form.state], form.email, form.category].filter(Boolean).join(' · ')}
                              </Text>
                              <Text color="fg.muted" fontWeight="normal">
                                {already
                                  ? 'Already on this asset'
                                  : form.assets.length === 0
                                    ? 'On no asset'
                                    : `On ${form.assets.length === 1 ? '1 asset' : `${form.assets.length} assets`}`}
                              </Text>
                            </Stack>
                          </Button>
                        </li>
                      );
                    })}
                  </chakra.ul>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={linking} data-testid="consent-picker-cancel">
                Cancel
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The confirmation of a delete: whose form, and the assets that lose it (those the caller may see). */
function DeleteConsentFormDialog({ form, deleting, send }: { readonly form: ConsentForm; readonly deleting: boolean; readonly send: (event: ConsentPanelEvent) => void }) {
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => (details.open || deleting ? undefined : send({ type: 'CANCEL' }))} size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="consent-delete-dialog" data-state={deleting ? 'deleting' : 'confirming'}>
            <Dialog.Header>
              <Dialog.Title>Delete the consent form of {form.personName}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2" fontSize="sm">
                <Text>The form is deleted for good. {form.linkedAssets.length === 1 ? 'This asset loses it:' : `These ${form.linkedAssets.length} assets lose it:`}</Text>
                <chakra.ul ps="5" data-testid="consent-delete-assets">
                  {form.linkedAssets.map((linked) => (
                    <li key={linked.id}>{linked.name}</li>
                  ))}
                </chakra.ul>
                <Text color="fg.muted">To take it off this asset only, use Unlink instead.</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={deleting} data-testid="consent-delete-cancel">
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => send({ type: 'CONFIRM' })} loading={deleting} data-testid="consent-delete-confirm">
                Delete form
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
