/**
 * One in-place metadata field editor (spec 02 §2 Metadata field editors, §4 Field editor, §5 Field editors, §8),
 * driven by `fieldEditorMachine` of `@magpie/machines`: the component only renders the machine's state and sends it
 * the user's events; it keeps no copy of the flow.
 *
 * View mode shows the value (or "Multiple values" when several assets differ) as a button that starts editing (click,
 * Enter, Space or F2). Edit mode shows the input of the field's data type; Enter saves (Ctrl+Enter in multi-line
 * text), Esc cancels, and leaving the field cancels when the field options say `cancelEditOnBlur`. Bag fields
 * (multi-instance) make items on Enter, on blur and on save; e-mail fields parse pasted lists. Read-only fields never
 * edit. A validation failure shows the field's help text and marks empty required fields.
 */
import { useEffect, useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, Checkbox, chakra, HStack, IconButton, Input, NativeSelect, Spinner, Stack, Tag, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Check, Lock, Pencil, X } from 'lucide-react';
import { fieldEditorMachine, type FieldDefinition, type FieldOptions, type FieldSaveError, type FieldValue, type SaveFieldInput } from '@magpie/machines';
import { ApiError } from '@magpie/api-types/client';
import { TaxonomyPicker } from '../taxonomy/TaxonomyPicker.tsx';
import { choicesOf, dateInputValue, displayText } from './fieldValues.ts';

/** The field editor's actor (for forms that send FORM_SAVE / FORM_CANCEL to their fields). */
export type FieldEditorActorRef = ActorRefFrom<typeof fieldEditorMachine>;

/** Props of {@link FieldEditor}. */
export interface FieldEditorProps {
  /** The field definition (spec 02 §3), from the archive's metadata view. */
  readonly field: FieldDefinition;
  /** The saved value (bags `string[]`, checkboxes `boolean`; see `fromWireValue`). */
  readonly value: FieldValue;
  /** Field options (spec 02 §3): `cancelEditOnBlur`, `placeholderText`, `emptyValueMessage`. */
  readonly options?: FieldOptions;
  /** Form mode (spec 02 §4): starts editing and stays there until the form sends FORM_SAVE / FORM_CANCEL. */
  readonly formMode?: boolean;
  /** Several assets are edited and their values differ: view mode says so (batch edit). */
  readonly mixed?: boolean;
  /** Bag items only some of the edited assets carry (spec 02 §3 multi-select bag `notInAll`). */
  readonly notInAll?: readonly string[];
  /** Saves the value (PATCH or background task); resolves when stored, rejects with the failure. */
  readonly onSave: (change: SaveFieldInput) => Promise<unknown>;
  /** Shown while saving instead of the spinner (e.g. a background task's progress bar). */
  readonly savingIndicator?: ReactNode;
  /** Receives the actor once started (forms keep it to send FORM_SAVE / FORM_CANCEL). */
  readonly onActor?: (actorRef: FieldEditorActorRef) => void;
  /** Focus the view button on mount (the value was just saved and the editor re-created with it). */
  readonly autoFocus?: boolean;
  /** Where the label goes (spec 02 §3 Field options `labelPlacement`); default `top`, `none` keeps it for screen readers. */
  readonly labelPlacement?: LabelPlacement | undefined;
}

/** Field option `labelPlacement` (spec 02 §3). */
export type LabelPlacement = 'top' | 'left' | 'right' | 'none';

/**
 * `true` when an Esc key press belongs to a field editor that is editing (it cancels the edit): dialogs and drawers
 * around field editors pass it to their `onEscapeKeyDown` and keep themselves open (`event.preventDefault()`).
 */
export function isFieldEditorEscape(event: Pick<Event, 'target'>): boolean {
  return event.target instanceof Element && event.target.closest('[data-testid="field-editor"][data-state="editing"]') !== null;
}

/** The `data-state` of the editor's root, read by tests: the machine's top-level state. */
export type FieldEditorStateName = 'readOnly' | 'view' | 'editing' | 'saving' | 'validating';

/** Label of view mode for several assets whose values differ. */
export const MIXED_VALUES_LABEL = 'Multiple values';

/** The text of an empty value in view mode (spec 02 §3 `emptyValueMessage`, else this). */
export const EMPTY_VALUE_LABEL = 'Empty';

/**
 * One in-place editor (see the module comment). Root: `data-testid="field-editor"`, `data-field-id`, `data-state`
 * ({@link FieldEditorStateName}; `editing` also while the taxonomy tree is open, then `data-tree-open`).
 */
export function FieldEditor(props: FieldEditorProps) {
  const { field, value, options, formMode, mixed, notInAll, savingIndicator, onActor, autoFocus, labelPlacement = 'top' } = props;
  const beside = labelPlacement === 'left' || labelPlacement === 'right';
  const onSaveRef = useRef(props.onSave);
  onSaveRef.current = props.onSave;
  const machine = useMemo(() => fieldEditorMachine.provide({ actors: { saveField: fromPromise<unknown, SaveFieldInput>(({ input }) => onSaveRef.current(input)) } }), []);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { field, value, ...(options ? { options } : {}), formMode: formMode === true } });
  useEffect(() => {
    onActor?.(actorRef);
  }, [actorRef, onActor]);

  const id = useId();
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  const viewRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  const state = (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as FieldEditorStateName;
  const editing = snapshot.matches('editing');
  const treeOpen = snapshot.matches({ editing: 'treeOpen' });
  const { draft, input, error, saveError } = snapshot.context;
  const bag = field.multiInstance === true;
  const email = field.dataType === 'email';

  // Focus follows the mode: the input when editing starts, the value again when the edit (or its save) ends while
  // focus was in this field or nowhere (a disabled input drops it).
  const wasEditing = useRef(editing);
  const viewing = state === 'view';
  const wasViewing = useRef(viewing);
  useEffect(() => {
    // Taxonomy-only inputs open the tree on focus (spec 02 §4), so a new edit starts on Save instead.
    if (editing && !wasEditing.current && !formMode) (field.taxonomyOnly ? saveRef.current : inputRef.current)?.focus();
    const focus = document.activeElement;
    if (viewing && !wasViewing.current && (focus === document.body || rootRef.current?.contains(focus))) viewRef.current?.focus();
    wasEditing.current = editing;
    wasViewing.current = viewing;
  }, [editing, viewing, formMode, field.taxonomyOnly]);
  useEffect(() => {
    if (autoFocus) viewRef.current?.focus();
  }, [autoFocus]);
  // Back from the taxonomy tree: focus returns to the field (to Save for taxonomy-only fields, whose input focus
  // would open the tree again).
  const wasTreeOpen = useRef(treeOpen);
  useEffect(() => {
    if (wasTreeOpen.current && !treeOpen && editing) (field.taxonomyOnly ? saveRef.current : inputRef.current)?.focus();
    wasTreeOpen.current = treeOpen;
  }, [treeOpen, editing, field.taxonomyOnly]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Enter belongs to the input; on the Save, Cancel and taxonomy buttons it presses the button.
    const inInput = event.target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName);
    if (event.key === 'Enter' && inInput && !event.nativeEvent.isComposing) {
      if (bag && input.trim() !== '') {
        event.preventDefault();
        send({ type: 'ENTER' });
      } else if (!formMode && (!field.multiline || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        send({ type: 'SAVE' });
      }
    } else if (event.key === 'Escape' && !formMode) {
      event.preventDefault();
      event.stopPropagation();
      send({ type: 'CANCEL' });
    }
  };

  const label = (
    <chakra.label
      htmlFor={editing ? inputId : undefined}
      id={`${id}-label`}
      fontSize="sm"
      color="fg.muted"
      fontWeight="medium"
      srOnly={labelPlacement === 'none'}
      order={labelPlacement === 'right' ? 1 : undefined}
      pt={beside ? '1.5' : undefined}
      wordBreak="break-word"
    >
      {field.label}
      {field.required && (
        <chakra.span color="fg.error" ms="1" aria-hidden="true">
          *
        </chakra.span>
      )}
      {field.required && <chakra.span srOnly> (required)</chakra.span>}
    </chakra.label>
  );

  const shownItems = bag ? (draft as readonly string[]) : [];
  const text = displayText(field, snapshot.context.saved);
  const emptyText = options?.emptyValueMessage ?? EMPTY_VALUE_LABEL;
  const missing = error?.requiredMissing === true;

  return (
    <Box
      ref={rootRef}
      display={beside ? 'grid' : 'flex'}
      flexDirection="column"
      gridTemplateColumns={labelPlacement === 'right' ? '1fr minmax(6rem, 35%)' : 'minmax(6rem, 35%) 1fr'}
      columnGap="3"
      rowGap="1"
      role="group"
      aria-labelledby={`${id}-label`}
      data-testid="field-editor"
      data-field-id={field.id}
      data-state={state}
      data-tree-open={treeOpen || undefined}
      data-mixed={mixed || undefined}
      data-required-missing={missing || undefined}
      onBlur={(event) => {
        // Only when focus leaves the whole field (not when it moves from the input to Save or Cancel).
        if (editing && !treeOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'BLUR' });
      }}
    >
      {label}
      <Stack gap="1" minW="0">
        {state === 'readOnly' && (
          <HStack gap="2" fontSize="sm">
            <Text wordBreak="break-word" whiteSpace={field.multiline ? 'pre-line' : undefined} color={text ? 'fg' : 'fg.muted'} data-testid="field-value">
              {text || emptyText}
            </Text>
            <Lock size={12} aria-hidden="true" />
            <chakra.span srOnly>read-only</chakra.span>
          </HStack>
        )}
        {(state === 'view' || state === 'validating') && (
          <Button
            ref={viewRef}
            variant="ghost"
            size="sm"
            justifyContent="flex-start"
            textAlign="start"
            h="auto"
            minH="8"
            py="1"
            px="2"
            mx="-2"
            fontWeight="normal"
            whiteSpace="normal"
            data-testid="field-edit"
            aria-label={`Edit ${field.label}: ${mixed ? MIXED_VALUES_LABEL : text || emptyText}`}
            aria-describedby={error ? errorId : undefined}
            aria-keyshortcuts="Enter F2"
            borderWidth={missing ? '1px' : undefined}
            borderColor={missing ? 'border.error' : undefined}
            onClick={() => send({ type: 'EDIT' })}
            onKeyDown={(event) => {
              if (event.key === 'F2') {
                event.preventDefault();
                send({ type: 'EDIT' });
              }
            }}
          >
            <Box flex="1" data-testid="field-value" wordBreak="break-word" whiteSpace={field.multiline ? 'pre-line' : undefined}>
              {bag && (mixed || shownItems.length > 0) ? (
                <BagItems items={shownItems} notInAll={notInAll} />
              ) : mixed ? (
                <chakra.em color="fg.muted">{MIXED_VALUES_LABEL}</chakra.em>
              ) : (
                <chakra.span color={text ? 'fg' : 'fg.muted'}>{text || emptyText}</chakra.span>
              )}
            </Box>
            <Pencil size={14} aria-hidden="true" />
          </Button>
        )}
        {(editing || state === 'saving') && (
          <Stack gap="2" onKeyDown={onKeyDown}>
            {bag && shownItems.length > 0 && (
              <BagItems items={shownItems} notInAll={notInAll} onRemove={editing ? (index) => send({ type: 'REMOVE_ITEM', index }) : undefined} fieldLabel={field.label} />
            )}
            <FieldInput
              field={field}
              id={inputId}
              inputRef={inputRef}
              value={bag ? input : draft}
              disabled={state === 'saving'}
              placeholder={mixed && !bag ? MIXED_VALUES_LABEL : options?.placeholderText}
              invalid={error !== undefined}
              errorId={error ? errorId : undefined}
              onText={(text) => send({ type: 'INPUT', text })}
              onValue={(next) => send({ type: 'SET_VALUE', value: next })}
              onPaste={
                email && !field.taxonomyOnly
                  ? (text) => {
                      send({ type: 'PASTE', text });
                      return true;
                    }
                  : undefined
              }
              onFocus={() => send({ type: 'FOCUS' })}
            />
            {!formMode && (
              <HStack gap="2">
                <IconButton
                  ref={saveRef}
                  size="xs"
                  colorPalette="brand"
                  aria-label={`Save ${field.label}`}
                  data-testid="field-save"
                  aria-keyshortcuts="Enter"
                  disabled={state === 'saving'}
                  onClick={() => send({ type: 'SAVE' })}
                >
                  <Check />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="outline"
                  aria-label={`Cancel editing ${field.label}`}
                  data-testid="field-cancel"
                  aria-keyshortcuts="Escape"
                  disabled={state === 'saving'}
                  onClick={() => send({ type: 'CANCEL' })}
                >
                  <X />
                </IconButton>
                {field.taxonomyHref && !field.taxonomyOnly && editing && (
                  <Button size="xs" variant="ghost" data-testid="field-open-taxonomy" onClick={() => send({ type: 'OPEN_TREE' })}>
                    Browse taxonomy
                  </Button>
                )}
                {state === 'saving' &&
                  (savingIndicator ?? (
                    <HStack gap="1" color="fg.muted" fontSize="xs" role="status">
                      <Spinner size="xs" />
                      Saving…
                    </HStack>
                  ))}
              </HStack>
            )}
          </Stack>
        )}
        {treeOpen && field.taxonomyHref && (
          <TaxonomyPicker
            taxonomyHref={field.taxonomyHref}
            fieldLabel={field.label}
            multi={bag}
            anchor={inputRef.current}
            // The empty-value entry ([]) clears the field; a pick sets a single value or adds to a bag.
            onSelect={(values) => send({ type: 'PICK', value: values.length === 0 ? null : bag ? values : values[0]! })}
            onClose={() => send({ type: 'TREE_CLOSED' })}
          />
        )}
        {error && (
          <Text id={errorId} fontSize="xs" color="fg.error" data-testid="field-error" role="alert">
            {error.message}
          </Text>
        )}
        {saveError && (
          <Text fontSize="xs" color="fg.error" data-testid="field-save-error" role="alert">
            {saveErrorText(saveError)}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

/**
 * What a failed save says: the server's reason when it gave one (a 4xx ErrorBody message, e.g. a value the metadata
 * view refuses), the batch edit's own message, else the machine's "could not be saved" message.
 */
export function saveErrorText(error: FieldSaveError): string {
  const { cause } = error;
  if (cause instanceof ApiError && cause.body?.message) return `${error.message} ${cause.body.message}`;
  if (cause instanceof Error && cause.name === 'BatchEditError') return `${error.message} ${cause.message}`;
  return error.message;
}

/** A bag's items as tags; `notInAll` items are outlined and say so; `onRemove` adds a remove button per item. */
function BagItems(props: { items: readonly string[]; notInAll?: readonly string[] | undefined; onRemove?: ((index: number) => void) | undefined; fieldLabel?: string }) {
  const { items, notInAll, onRemove, fieldLabel } = props;
  return (
    <Wrap as="ul" gap="1" listStyleType="none" m="0" p="0">
      {items.map((item, index) => {
        const partial = notInAll?.includes(item) === true;
        return (
          <li key={item} data-testid="bag-item" data-not-in-all={partial || undefined}>
            {/* `keyword`: the tag chips of the asset view, as its read-only rows name them. */}
            <Tag.Root size="sm" variant={partial ? 'outline' : 'subtle'} borderStyle={partial ? 'dashed' : undefined} data-testid="keyword">
              <Tag.Label>{item}</Tag.Label>
              {onRemove && (
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={`Remove ${item} from ${fieldLabel ?? 'the field'}`} data-testid="bag-item-remove" onClick={() => onRemove(index)} />
                </Tag.EndElement>
              )}
            </Tag.Root>
            {partial && <chakra.span srOnly> (on some of the assets)</chakra.span>}
          </li>
        );
      })}
    </Wrap>
  );
}

/** The input of a field's data type (spec 02 §3 data-type). Bag fields type their next item. */
function FieldInput(props: {
  field: FieldDefinition;
  id: string;
  inputRef: React.RefObject<(HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement) | null>;
  value: FieldValue;
  disabled: boolean;
  placeholder: string | undefined;
  invalid: boolean;
  errorId: string | undefined;
  onText(text: string): void;
  onValue(value: FieldValue): void;
  onPaste: ((text: string) => boolean) | undefined;
  onFocus(): void;
}) {
  const { field, id, inputRef, value, disabled, placeholder, invalid, errorId, onText, onValue, onPaste, onFocus } = props;
  const common = {
    id,
    ref: inputRef,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': errorId,
    'aria-required': field.required || undefined,
    'data-testid': 'field-input',
    onFocus,
  };
  const text = typeof value === 'string' ? value : value === null ? '' : String(value);
  const choices = choicesOf(field);
  const listId = `${id}-choices`;

  if (field.taxonomyOnly) {
    // Values come from the taxonomy only: a read-only input whose focus opens the tree (spec 02 §4).
    return <Input {...common} size="sm" readOnly value={field.multiInstance ? '' : text} placeholder={placeholder ?? 'Choose from the taxonomy…'} />;
  }
  if (field.dataType === 'checkbox' && !field.multiInstance) {
    return (
      <Checkbox.Root size="sm" checked={value === true} disabled={disabled} onCheckedChange={(details) => onValue(details.checked === true)}>
        <Checkbox.HiddenInput {...common} />
        <Checkbox.Control />
        <Checkbox.Label>{field.label}</Checkbox.Label>
      </Checkbox.Root>
    );
  }
  if ((field.dataType === 'dropdown' || (field.dataType === 'date-dropdown' && choices.length > 0)) && !field.multiInstance) {
    return (
      <NativeSelect.Root size="sm" disabled={disabled}>
        <NativeSelect.Field {...common} value={text} onChange={(event) => onValue(event.currentTarget.value)}>
          <option value="">{placeholder ?? '—'}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
          {text !== '' && !choices.some((choice) => choice.value === text) && <option value={text}>{text}</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  }
  if ((field.dataType === 'date' || field.dataType === 'date-dropdown') && !field.multiInstance) {
    return <Input {...common} size="sm" type="date" min="1900-01-01" value={dateInputValue(value)} onChange={(event) => onValue(event.currentTarget.value || null)} />;
  }
  if (field.multiline && !field.multiInstance) {
    return <Textarea {...common} size="sm" autoresize value={text} placeholder={placeholder} onChange={(event) => onText(event.currentTarget.value)} />;
  }
  const type = field.dataType === 'password' ? 'password' : 'text';
  const inputMode = field.dataType === 'number' ? 'decimal' : field.dataType === 'email' ? 'email' : undefined;
  const suggest = choices.length > 0 && (field.dataType === 'input-dropdown' || field.dataType === 'dropdown' || field.multiInstance);
  return (
    <>
      <Input
        {...common}
        size="sm"
        type={type}
        inputMode={inputMode}
        autoComplete={field.dataType === 'password' ? 'new-password' : 'off'}
        list={suggest ? listId : undefined}
        value={text}
        placeholder={placeholder ?? (field.multiInstance ? 'Type a value and press Enter' : undefined)}
        onChange={(event) => onText(event.currentTarget.value)}
        onPaste={
          onPaste
            ? (event) => {
                const pasted = event.clipboardData.getData('text');
                if (onPaste(pasted)) event.preventDefault();
              }
            : undefined
        }
      />
      {suggest && (
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}
