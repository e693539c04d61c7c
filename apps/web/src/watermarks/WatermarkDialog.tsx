/**
 * Creating or changing a watermark (issue 16 watermarks; dam.yaml `createWatermark`, `updateWatermark`) on the
 * `watermarkSave` machine (`createFormSaveMachine` with the watermark's rules): name, image (a PNG, JPEG or WebP file
 * read as a `data:` URL, with a preview; required when creating, and when editing none chosen keeps the current image),
 * position, opacity and width in percent. Each problem shows next to its field; the DAM's refusal (409 a name another
 * watermark has, 400 an image it cannot use) shows in its words at the field it names, else above the form. The dialog
 * closes once the DAM has saved the watermark, or at once when an edit changed nothing.
 */
import { useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, Field, HStack, Image, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import {
  isWholeWatermark,
  WATERMARK_IMAGE_MAX_BYTES,
  WATERMARK_IMAGE_TYPES,
  WATERMARK_POSITIONS,
  watermarkErrorField,
  watermarkImageProblem,
  watermarkSaveMachine,
  watermarkValues,
  type SavedWatermark,
  type SaveWatermarkInput,
  type WatermarkField,
  type WatermarkPosition,
  type WatermarkSource,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { useFormSaveDialog } from '../components/useFormSaveDialog.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { checkerboard, readFileAsDataUrl, watermarkPositionText } from './watermarks.ts';

/** Where watermarks are created (dam.yaml `createWatermark`). */
const WATERMARKS_HREF = '/fotoweb/api/watermarks';

/** Props of {@link WatermarkDialog}. */
export interface WatermarkDialogProps {
  /** The watermark to change (with `imageHref`, its current image), or undefined to create one. */
  readonly watermark: (WatermarkSource & { readonly imageHref: string }) | undefined;
  /** Called once the dialog ends: true when the DAM saved the watermark, false when cancelled or nothing changed. */
  readonly onClose: (saved: boolean) => void;
}

/** The DAM's call for one save: POST a new watermark or PUT the whole watermark (with its image when one was chosen). */
async function saveWatermark(input: SaveWatermarkInput): Promise<SavedWatermark> {
  if (input.mode === 'add') return api.createWatermark(input.body);
  // An edit reaches the actor only with a change, which is the whole body (the DAM replaces a watermark whole).
  if (!isWholeWatermark(input.patch)) return { href: input.href };
  return api.updateWatermark(input.href, input.patch);
}

/** See the module comment. */
export function WatermarkDialog({ watermark, onClose }: WatermarkDialogProps) {
  const original = useRef(watermarkValues(watermark)).current;
  const dialog = useFormSaveDialog({
    machine: watermarkSaveMachine,
    original,
    input: watermark ? { mode: 'edit', saved: { href: watermark.href }, original } : { mode: 'add', listHref: WATERMARKS_HREF },
    save: saveWatermark,
    errorField: watermarkErrorField,
    onClose,
  });
  const { values, edit, saving, formError } = dialog;
  // The chosen file's name, and why it could not be read (a problem of the file itself, before any SAVE).
  const [fileName, setFileName] = useState<string | undefined>(undefined);
  const [readError, setReadError] = useState<string | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  const value = String(dialog.state.value);
  const messageOf = (field: WatermarkField): string | undefined => (field === 'image' ? readError : undefined) ?? dialog.messageOf(field);
  const save = () => {
    // A file that could not be read counts as none chosen: the machine's rules say what that means now.
    setReadError(undefined);
    dialog.save();
  };
  const title = watermark ? `Edit “${watermark.name}”` : 'New watermark';

  const chooseFile = async (file: File | undefined) => {
    setReadError(undefined);
    if (!file) return;
    setFileName(file.name);
    try {
      edit({ image: await readFileAsDataUrl(file) });
    } catch {
      setReadError('The file could not be read. Choose it again, or another file.');
      edit({ image: null });
    }
  };
  const clearFile = () => {
    setFileName(undefined);
    setReadError(undefined);
    edit({ image: null });
    if (fileInput.current) fileInput.current.value = '';
  };
  // The preview: the chosen image when it is one the DAM may take, else the current image when editing.
  const chosenPreview = values.image !== null && watermarkImageProblem(values.image) === undefined ? values.image : undefined;
  const preview = chosenPreview ?? (values.image === null ? watermark?.imageHref : undefined);

  const fieldError = (field: WatermarkField) => {
    const message = messageOf(field);
    return message === undefined ? null : (
      <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid={`watermark-${field}-error`}>
        {message}
      </Field.ErrorText>
    );
  };

  // The opacity and the width: whole percentages 1–100 as typed, with their help or their problem.
  const percentField = (field: 'opacity' | 'scale', label: string, help: string) => (
    <Field.Root required invalid={messageOf(field) !== undefined} flex="1" minW="48">
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        step={1}
        maxW="32"
        value={values[field]}
        onChange={(e) => edit({ [field]: e.target.value })}
        data-testid={`watermark-${field}`}
      />
      {messageOf(field) === undefined ? <Field.HelperText>{help}</Field.HelperText> : fieldError(field)}
    </Field.Root>
  );

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open || saving ? undefined : onClose(false))} closeOnInteractOutside={false} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="watermark-dialog" data-state={value}>
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
                    <Alert.Root status="error" role="alert" data-testid="watermark-error">
                      <Alert.Indicator />
                      <Alert.Description>{formError}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={messageOf('name') !== undefined}>
                    <Field.Label>
                      Name
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={values.name} onChange={(e) => edit({ name: e.target.value })} placeholder="Logo" autoComplete="off" data-testid="watermark-name" />
                    {fieldError('name')}
                  </Field.Root>
                  <Field.Root required={!watermark} invalid={messageOf('image') !== undefined}>
                    <Field.Label>
                      Image (PNG, JPEG or WebP)
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <HStack gap="3" align="center" wrap="wrap">
                      <Box
                        display="grid"
                        placeItems="center"
                        boxSize="16"
                        flexShrink={0}
                        rounded="sm"
                        borderWidth="1px"
                        {...checkerboard(6)}
                        data-testid="watermark-image-preview"
                        data-chosen={chosenPreview !== undefined}
                      >
                        {preview ? (
                          <Image src={preview} alt={chosenPreview ? 'Preview of the chosen image' : 'The current image'} maxH="14" maxW="14" objectFit="contain" />
                        ) : (
                          <Text fontSize="xs" color="fg.muted" textAlign="center">
                            No image
                          </Text>
                        )}
                      </Box>
                      <Stack gap="1" flex="1" minW="48">
                        <Input
                          ref={fileInput}
                          type="file"
                          accept={WATERMARK_IMAGE_TYPES.join(',')}
                          onChange={(e) => void chooseFile(e.target.files?.[0])}
                          p="1"
                          data-testid="watermark-image"
                        />
                        {values.image !== null && (
                          <Button size="xs" variant="outline" alignSelf="start" onClick={clearFile} data-testid="watermark-image-clear">
                            {watermark ? 'Keep the current image' : 'Remove the chosen image'}
                          </Button>
                        )}
                      </Stack>
                    </HStack>
                    {messageOf('image') === undefined ? (
                      <Field.HelperText>
                        {fileName !== undefined && values.image !== null ? `Chosen: ${fileName}. ` : watermark ? 'Choose a file only to replace the current image. ' : ''}
                        At most {WATERMARK_IMAGE_MAX_BYTES / 1024} KiB and 4,000 px a side; transparent parts of a PNG stay transparent.
                      </Field.HelperText>
                    ) : (
                      fieldError('image')
                    )}
                  </Field.Root>
                  <Field.Root required invalid={messageOf('position') !== undefined}>
                    <Field.Label>
                      Position
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root size="sm" maxW="48">
                      <NativeSelect.Field value={values.position} onChange={(e) => edit({ position: e.target.value as WatermarkPosition })} data-testid="watermark-position">
                        {WATERMARK_POSITIONS.map((position) => (
                          <option key={position} value={position}>
                            {watermarkPositionText(position)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {fieldError('position')}
                  </Field.Root>
                  <HStack gap="4" align="start" wrap="wrap">
                    {percentField('opacity', 'Opacity (%, 1–100)', '100 covers the image; lower lets it show through.')}
                    {percentField('scale', 'Width (% of the image, 1–100)', 'The watermark’s width beside the stamped image’s width.')}
                  </HStack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onClose(false)} disabled={saving} data-testid="watermark-cancel">
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" loading={saving} data-testid="watermark-save">
                  {watermark ? 'Save' : 'Create'}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
