/**
 * The taxonomy item edit modal (spec 02 §2 Taxonomy item edit modal, §5 Taxonomy item, §7 PUT, §8): Label, Value,
 * Description, Custom search, the usage checkboxes Navigate, Query and Set, Cancel and OK.
 *
 * The flow runs on `taxonomyItemEditMachine` (`@magpie/machines`) with a `saveItem` actor that PUTs the item
 * (`taxonomyApi.ts`); the form only shows the machine's draft and sends events. OK is enabled only after a change
 * with label and value both filled; the value copies the label without `<` and `>` until it is typed by hand. A
 * failed save shows the error modal and keeps what was typed.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Checkbox, Dialog, Field, HStack, Input, Portal, Spinner, Stack, Textarea } from '@chakra-ui/react';
import { canSaveTaxonomyItem, taxonomyItemEditMachine, type SaveTaxonomyItemInput, type TaxonomyItem, type TaxonomyUsage } from '@magpie/machines';
import { updateTaxonomyItem } from './taxonomyApi.ts';
import { TaxonomyErrorModal } from './TaxonomyErrorModal.tsx';
import { useDraggableModal } from './useDraggableModal.ts';

const USAGES: readonly TaxonomyUsage[] = ['Navigate', 'Query', 'Set'];

/** Props of {@link TaxonomyItemEditModal}. */
export interface TaxonomyItemEditModalProps {
  /** The item to edit (from the tree). */
  readonly item: TaxonomyItem;
  /** Called once when the modal closes: with the stored item after OK, `undefined` after Cancel. */
  onDone(saved: TaxonomyItem | undefined): void;
  /** Where focus goes when it closes (default: where it was before). */
  finalFocusEl?: () => HTMLElement | null;
}

/** The edit modal for one taxonomy item (see the module comment). Render it while open. */
export function TaxonomyItemEditModal({ item, onDone, finalFocusEl }: TaxonomyItemEditModalProps) {
  const machine = useMemo(
    () =>
      taxonomyItemEditMachine.provide({
        actors: {
          saveItem: fromPromise<TaxonomyItem, SaveTaxonomyItemInput>(({ input }) => updateTaxonomyItem(input.href, input.draft)),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { item } });
  const drag = useDraggableModal();
  const { draft, error } = snapshot.context;
  const saving = snapshot.matches('saving');
  const canSave = snapshot.matches('editing') && canSaveTaxonomyItem(snapshot.context);

  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const reported = useRef(false);
  const { status, output } = snapshot;
  useEffect(() => {
    if (status !== 'done' || !output || reported.current) return;
    reported.current = true;
    onDoneRef.current(output.saved);
  }, [status, output]);

  const labelBlank = draft.name.trim() === '';
  const valueBlank = draft.value.trim() === '';
  return (
    <>
      <Dialog.Root
        open={status === 'active'}
        onOpenChange={(details) => !details.open && snapshot.matches('editing') && send({ type: 'CANCEL' })}
        closeOnInteractOutside={false}
        {...(finalFocusEl ? { finalFocusEl } : {})}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-taxonomy-layer="" data-testid="taxonomy-item-edit" ref={drag.contentRef} style={drag.contentStyle}>
              <form
                aria-label={`Edit ${item.name}`}
                onSubmit={(event) => {
                  event.preventDefault();
                  // React bubbles portal events through the component tree: a host form (the advanced search) must not
                  // see this submit.
                  event.stopPropagation();
                  if (canSave) send({ type: 'SUBMIT' });
                }}
              >
                <Dialog.Header {...drag.handleProps}>
                  <Dialog.Title>Edit taxonomy item</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Field.Root required invalid={labelBlank}>
                      <Field.Label>
                        Label <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        data-testid="taxonomy-edit-label"
                        value={draft.name}
                        disabled={saving}
                        onChange={(event) => send({ type: 'SET_LABEL', text: event.currentTarget.value })}
                      />
                      {labelBlank && <Field.ErrorText>A label is required.</Field.ErrorText>}
                    </Field.Root>
                    <Field.Root required invalid={valueBlank}>
                      <Field.Label>
                        Value <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        data-testid="taxonomy-edit-value"
                        value={draft.value}
                        disabled={saving}
                        onChange={(event) => send({ type: 'SET_VALUE', text: event.currentTarget.value })}
                      />
                      {valueBlank ? <Field.ErrorText>A value is required.</Field.ErrorText> : <Field.HelperText>What is written into the field and searched for.</Field.HelperText>}
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Description</Field.Label>
                      <Textarea
                        data-testid="taxonomy-edit-description"
                        rows={2}
                        value={draft.description}
                        disabled={saving}
                        onChange={(event) => send({ type: 'SET_DESCRIPTION', text: event.currentTarget.value })}
                      />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Custom search</Field.Label>
                      <Input
                        data-testid="taxonomy-edit-custom-search"
                        placeholder="e.g. 25:cat*"
                        value={draft.customSearch}
                        disabled={saving}
                        onChange={(event) => send({ type: 'SET_CUSTOM_SEARCH', text: event.currentTarget.value })}
                      />
                    </Field.Root>
                    <fieldset>
                      <legend>Usage</legend>
                      <HStack gap="4" mt="1">
                        {USAGES.map((usage) => (
                          <Checkbox.Root
                            key={usage}
                            checked={draft.acl.includes(usage)}
                            disabled={saving}
                            onCheckedChange={() => send({ type: 'TOGGLE_USAGE', usage })}
                            data-testid={`taxonomy-edit-usage-${usage}`}
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label>{usage}</Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </HStack>
                    </fieldset>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button size="sm" variant="ghost" disabled={saving} onClick={() => send({ type: 'CANCEL' })}>
                    Cancel
                  </Button>
                  <Button size="sm" type="submit" colorPalette="brand" disabled={!canSave} data-testid="taxonomy-edit-ok">
                    {saving && <Spinner size="xs" />}
                    OK
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <TaxonomyErrorModal error={error} onClose={() => send({ type: 'DISMISS_ERROR' })} />
    </>
  );
}
