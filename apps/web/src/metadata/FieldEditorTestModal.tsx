/**
 * The developer-only test modal of the field editors (spec 02 §2 Metadata field editors: "A developer-only test modal
 * shows sample fields"), opened on an asset page whose address ends in `#field-editor-test`. It shows one sample
 * field per data type, or the fields given as JSON after `#field-editor-test=` (an array of `FieldEditorInput`, as
 * the model-based browser tests pass the field editor model's scopes). Saves are real `PATCH`es of the asset
 * ({@link updateAssetMetadata}); fields in form mode get the form's Save and Cancel buttons.
 */
import { useCallback, useMemo, useRef } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { FieldEditorInput, SaveFieldInput } from '@magpie/machines';
import { FieldEditor, isFieldEditorEscape, type FieldEditorActorRef } from './FieldEditor.tsx';
import { toWireValue } from './fieldValues.ts';
import { updateAssetMetadata } from './metadataApi.ts';

/** The address fragment that opens the modal (optionally followed by `=` and the fields as URI-encoded JSON). */
export const FIELD_EDITOR_TEST_HASH = '#field-editor-test';

/** One sample field per data type (spec 02 §3), for people trying the editors. */
export const SAMPLE_FIELDS: readonly FieldEditorInput[] = [
  {
    field: {
      id: '5',
      label: 'Title (required, letters and spaces)',
      dataType: 'text',
      required: true,
      isWritable: true,
      validation: { regexp: '^[A-Za-z ]+$', helpText: 'Letters and spaces only.' },
    },
    value: 'Harbour',
  },
  { field: { id: '120', label: 'Description (multi-line)', dataType: 'text', multiline: true, isWritable: true }, value: 'First line\nSecond line' },
  { field: { id: '202', label: 'Approved (checkbox)', dataType: 'checkbox', isWritable: true }, value: false },
  { field: { id: '10', label: 'Status (dropdown)', dataType: 'dropdown', isWritable: true, values: ['Draft', { value: 'final', description: 'Final' }] }, value: 'Draft' },
  { field: { id: '203', label: 'Secret (password)', dataType: 'password', isWritable: true }, value: 'hunter2' },
  { field: { id: '310', label: 'Contact e-mail (; separates addresses)', dataType: 'email', isWritable: true }, value: 'ann@example.org' },
  { field: { id: '320', label: 'Rating (number 0–5)', dataType: 'number', isWritable: true, validation: { min: 0, max: 5 } }, value: '3' },
  { field: { id: '90', label: 'City (input-dropdown)', dataType: 'input-dropdown', isWritable: true, values: ['Oslo', 'Bergen'] }, value: 'Oslo' },
  { field: { id: '30', label: 'Release date (date-dropdown)', dataType: 'date-dropdown', isWritable: true, values: ['2024-01-01', '2024-07-01'] }, value: '2024-01-01' },
  { field: { id: '55', label: 'Created (date)', dataType: 'date', isWritable: true }, value: '2015-11-12' },
  { field: { id: '25', label: 'Keywords (bag with taxonomy)', multiInstance: true, taxonomyHref: '/fotoweb/api/taxonomies/25/', isWritable: true }, value: ['boat', 'sea'] },
  { field: { id: '304', label: 'Contact e-mails (e-mail bag)', dataType: 'email', multiInstance: true, isWritable: true }, value: [] },
  { field: { id: '187', label: 'Unique id (read-only)', isWritable: false }, value: 'ABC-123' },
];

/**
 * The fields a `#field-editor-test[=…]` fragment asks for: the JSON after `=`, else {@link SAMPLE_FIELDS}; undefined
 * for any other fragment. Malformed JSON falls back to the samples (a developer tool must not crash the page).
 */
export function testFieldsOf(hash: string): readonly FieldEditorInput[] | undefined {
  if (hash !== FIELD_EDITOR_TEST_HASH && !hash.startsWith(`${FIELD_EDITOR_TEST_HASH}=`)) return undefined;
  const encoded = hash.slice(FIELD_EDITOR_TEST_HASH.length + 1);
  if (encoded === '') return SAMPLE_FIELDS;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(encoded));
    return Array.isArray(parsed) && parsed.length > 0 ? (parsed as FieldEditorInput[]) : SAMPLE_FIELDS;
  } catch {
    return SAMPLE_FIELDS;
  }
}

/** The modal (see the module comment): `assetHref` receives the saves; `onClose` drops the fragment. */
export function FieldEditorTestModal(props: { assetHref: string; fields: readonly FieldEditorInput[]; onClose(): void }) {
  const { assetHref, fields, onClose } = props;
  const formActors = useRef(new Map<string, FieldEditorActorRef>());
  const hasForm = fields.some((input) => input.formMode);
  const definitions = useMemo(() => new Map(fields.map((input) => [input.field.id, input.field])), [fields]);
  const save = useCallback(
    async ({ fieldId, value }: SaveFieldInput) => {
      const field = definitions.get(fieldId)!;
      await updateAssetMetadata(assetHref, { [fieldId]: { value: toWireValue(field, value) } });
    },
    [assetHref, definitions],
  );
  const sendForm = (type: 'FORM_SAVE' | 'FORM_CANCEL') => {
    for (const actor of formActors.current.values()) actor.send({ type });
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      onEscapeKeyDown={(event) => isFieldEditorEscape(event) && event.preventDefault()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="field-editor-test">
            <Dialog.Header>
              <Dialog.Title data-testid="field-editor-test-title">Field editor test</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontSize="sm" color="fg.muted" mb="4">
                Developer tool: sample fields of every data type. Saving changes this asset.
              </Text>
              <Stack gap="4">
                {fields.map((input) => (
                  <FieldEditor
                    key={input.field.id}
                    field={input.field}
                    value={input.value}
                    {...(input.options ? { options: input.options } : {})}
                    formMode={input.formMode === true}
                    onSave={save}
                    onActor={input.formMode ? (actor) => formActors.current.set(input.field.id, actor) : undefined}
                  />
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {hasForm && (
                <HStack>
                  <Button size="sm" variant="outline" onClick={() => sendForm('FORM_CANCEL')} data-testid="form-cancel">
                    Cancel form
                  </Button>
                  <Button size="sm" colorPalette="brand" onClick={() => sendForm('FORM_SAVE')} data-testid="form-save">
                    Save form
                  </Button>
                </HStack>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the field editor test" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
