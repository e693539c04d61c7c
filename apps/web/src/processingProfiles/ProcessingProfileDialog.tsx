/**
 * Creating or changing a processing profile (issue 16; dam.yaml `createProcessingProfile`, `updateProcessingProfile`)
 * on the `processingProfileSave` machine (`createFormSaveMachine` with the profile's rules): name, size (the longest
 * side in px, or "Original size"), format and quality. Each problem shows next to its field; the DAM's refusal (409 a
 * name another profile has, 400 values it does not take) shows in its words at the field it names, else above the
 * form. The dialog closes once the DAM has saved the profile, or at once when an edit changed nothing.
 */
import { useRef } from 'react';
import { Alert, Button, Checkbox, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import {
  isWholeProcessingProfile,
  PROCESSING_PROFILE_FORMATS,
  PROCESSING_PROFILE_MAX_SIZE,
  processingProfileErrorField,
  processingProfileSaveMachine,
  processingProfileValues,
  type ProcessingProfileField,
  type ProcessingProfileFormat,
  type ProcessingProfileSource,
  type SavedProcessingProfile,
  type SaveProcessingProfileInput,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { useFormSaveDialog } from '../components/useFormSaveDialog.ts';
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
  const { state, values, edit, saving, messageOf, formError, save } = useFormSaveDialog({
    machine: processingProfileSaveMachine,
    original,
    input: profile ? { mode: 'edit', saved: { href: profile.href }, original } : { mode: 'add', listHref: PROCESSING_PROFILES_HREF },
    save: saveProfile,
    errorField: processingProfileErrorField,
    onClose,
  });
  const value = String(state.value);
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
                  <Field.Root>
                    <Checkbox.Root
                      checked={values.watermark}
                      onCheckedChange={(details) => edit({ watermark: details.checked === true })}
                      data-testid="processing-profile-watermark"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Stamp the archive’s watermark</Checkbox.Label>
                    </Checkbox.Root>
                    <Field.HelperText>
                      The watermark each archive chooses on its Export/Import tab (Settings → Watermarks). Archives without one give the images unstamped.
                    </Field.HelperText>
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
