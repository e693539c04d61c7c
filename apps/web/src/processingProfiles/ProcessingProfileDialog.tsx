/**
 * Creating or changing a processing profile (issue 16; dam.yaml `createProcessingProfile`, `updateProcessingProfile`)
 * on the `processingProfileSave` machine (`createFormSaveMachine` with the profile's rules): name, size (the longest
 * side in px, or "Original size"), format and quality. Each problem shows next to its field; the DAM's refusal (409 a
 * name another profile has, 400 values it does not take) shows in its words at the field it names, else above the
 * form. The dialog closes once the DAM has saved the profile, or at once when an edit changed nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  isWholeProcessingProfile,
  PROCESSING_PROFILE_FORMATS,
  PROCESSING_PROFILE_MAX_SIZE,
  processingProfileErrorField,
  processingProfileSaveMachine,
  processingProfileValues,
  type ProcessingProfileField,
  type ProcessingProfileFormat,
  type ProcessingProfileFormValues,
  type ProcessingProfileSource,
  type SavedProcessingProfile,
  type SaveProcessingProfileInput,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';

/** Where profiles are created (dam.yaml `createProcessingProfile`). */
const PROCESSING_PROFILES_HREF = '/fotoweb/api/processing-profiles';

/** Props of {@link ProcessingProfileDialog}. */
export interface ProcessingProfileDialogProps {
  /** The profile to change, or undefined to create one. */
  readonly profile: ProcessingProfileSource | undefined;
  /** Called once the dialog ends: true when the DAM saved the profile, false when cancelled or nothing changed. */
  readonly onClose: (saved: boolean) => void;
}

/** The DAM's call for one save: POST a new profile or PUT the whole profile. */
async function saveProfile(input: SaveProcessingProfileInput): Promise<SavedProcessingProfile> {
  if (input.mode === 'add') return api.createProcessingProfile(input.body);
  // An edit reaches the actor only with a change, which is the whole body (the DAM replaces a profile whole).
  if (!isWholeProcessingProfile(input.patch)) return { href: input.href };
  return api.updateProcessingProfile(input.href, input.patch);
}

/** See the module comment. */
export function ProcessingProfileDialog({ profile, onClose }: ProcessingProfileDialogProps) {
  const original = useRef(processingProfileValues(profile)).current;
  // The field the last refusal belongs to (the machine keeps its message); undefined shows it above the form.
  const [refusedField, setRefusedField] = useState<ProcessingProfileField | undefined>(undefined);
  const [state, send] = useMachine(
    processingProfileSaveMachine.provide({
      actors: {
        save: fromPromise<SavedProcessingProfile, SaveProcessingProfileInput>(async ({ input }) => {
          try {
            return await machineCall(() => saveProfile(input));
          } catch (error) {
            setRefusedField(processingProfileErrorField(error));
            throw error;
          }
        }),
      },
    }),
    { input: profile ? { mode: 'edit', saved: { href: profile.href }, original } : { mode: 'add', listHref: PROCESSING_PROFILES_HREF } },
  );
  const [values, setValues] = useState<ProcessingProfileFormValues>(original);
  const edit = (change: Partial<ProcessingProfileFormValues>) => setValues((previous) => ({ ...previous, ...change }));

  const closed = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || closed.current) return;
    closed.current = true;
    onClose(state.context.saved !== undefined && state.context.values !== undefined && state.context.original === state.context.values);
  }, [state, onClose]);

  const value = String(state.value);
  const saving = value === 'saving';
  const { problems, error } = state.context;
  const messageOf = (field: ProcessingProfileField): string | undefined =>
    problems.find((problem) => problem.field === field)?.message ?? (error !== undefined && refusedField === field ? error : undefined);
  const formError = error !== undefined && refusedField === undefined ? error : undefined;
  const save = useCallback(() => send({ type: 'SAVE', values, membershipsChanged: false }), [send, values]);
  const title = profile ? `Edit “${profile.name}”` : 'New processing profile';

  const fieldError = (field: ProcessingProfileField) => {
    const message = messageOf(field);
    return message === undefined ? null : (
      <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid={`processing-profile-${field}-error`}>
        {message}
      </Field.ErrorText>
    );
  };

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open || saving ? undefined : onClose(false))} closeOnInteractOutside={false} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="processing-profile-dialog" data-state={value}>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save();
              }}
              noValidate
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {formError && (
                    <Alert.Root status="error" role="alert" data-testid="processing-profile-error">
                      <Alert.Indicator />
                      <Alert.Description>{formError}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={messageOf('name') !== undefined}>
                    <Field.Label>
                      Name
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={values.name} onChange={(e) => edit({ name: e.target.value })} placeholder="Web 1200" autoComplete="off" data-testid="processing-profile-name" />
                    {fieldError('name')}
                  </Field.Root>
                  <Field.Root invalid={messageOf('size') !== undefined}>
                    <Field.Label>Size (longest side, px)</Field.Label>
                    <HStack gap="4" wrap="wrap">
                      <Checkbox.Root
                        checked={values.originalSize}
                        onCheckedChange={(details) => edit({ originalSize: details.checked === true })}
                        data-testid="processing-profile-original-size"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Original size</Checkbox.Label>
                      </Checkbox.Root>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={PROCESSING_PROFILE_MAX_SIZE}
                        step={1}
                        maxW="40"
                        value={values.originalSize ? '' : values.size}
                        disabled={values.originalSize}
                        onChange={(e) => edit({ size: e.target.value })}
                        placeholder={values.originalSize ? 'Original' : '1200'}
                        data-testid="processing-profile-size"
                      />
                    </HStack>
                    {messageOf('size') === undefined ? (
                      <Field.HelperText>The longest side of the rendition; smaller originals are not enlarged.</Field.HelperText>
                    ) : (
                      fieldError('size')
                    )}
                  </Field.Root>
                  <Field.Root required invalid={messageOf('format') !== undefined}>
                    <Field.Label>
                      Format
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root size="sm" maxW="40">
                      <NativeSelect.Field
                        value={values.format}
                        onChange={(e) => edit({ format: e.target.value as ProcessingProfileFormat })}
                        data-testid="processing-profile-format"
                      >
                        {PROCESSING_PROFILE_FORMATS.map((format) => (
                          <option key={format} value={format}>
                            {format}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {fieldError('format')}
                  </Field.Root>
                  <Field.Root required invalid={messageOf('quality') !== undefined}>
                    <Field.Label>
                      Quality (1–100)
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={100}
                      step={1}
                      maxW="40"
                      value={values.quality}
                      onChange={(e) => edit({ quality: e.target.value })}
                      data-testid="processing-profile-quality"
                    />
                    {messageOf('quality') === undefined ? <Field.HelperText>Higher keeps more detail in larger files (jpg and webp).</Field.HelperText> : fieldError('quality')}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onClose(false)} disabled={saving} data-testid="processing-profile-cancel">
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" loading={saving} data-testid="processing-profile-save">
                  {profile ? 'Save' : 'Create'}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
