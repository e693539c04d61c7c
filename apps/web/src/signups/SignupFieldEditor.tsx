/**
 * The editor of one extra field of a form (spec 03 §3.7 field shapes: label, id, type text / dropdown / checkbox,
 * choices, required, a text field's regular expression and help text), with each input's problems, and its move and
 * remove commands. Shared by the sign-up settings (issue 14) and the order settings (issue 15), whose forms use the
 * same field shapes.
 */
import { Checkbox, chakra, Field, HStack, IconButton, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { SignupProblem } from '@magpie/api-types';
import { signupProblemsAt, type SignupFieldDraft, type SignupFieldType } from '@magpie/machines';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';

/** The types an administrator picks from, in the order offered. */
export const FIELD_TYPES: readonly { readonly value: SignupFieldType; readonly label: string; readonly add: string }[] = [
  { value: 'text', label: 'Text', add: 'Add text field' },
  { value: 'dropdown', label: 'Dropdown', add: 'Add dropdown' },
  { value: 'checkbox', label: 'Checkbox', add: 'Add checkbox' },
];

/** The paths of problems a field's inputs show; any other problem shows elsewhere (above Save). */
export const FIELD_INPUT_PATH = /^fields\.\d+\.(id|label|dataType|values|validation(\.regex|\.helpText)?)$/;

/** The messages of one of a field's inputs, as error texts. */
function Problems({ messages }: { readonly messages: readonly string[] }) {
  return messages.map((message, index) => (
    <Field.ErrorText key={index} color={ERROR_TEXT_COLOR} data-testid="signup-field-problem">
      {message}
    </Field.ErrorText>
  ));
}

/** Props of {@link FieldEditor}. */
export interface FieldEditorProps {
  readonly field: SignupFieldDraft;
  readonly index: number;
  readonly count: number;
  readonly problems: readonly SignupProblem[];
  readonly onChange: (change: Partial<Omit<SignupFieldDraft, 'key' | 'idEdited'>>) => void;
  readonly onMove: (offset: -1 | 1) => void;
  readonly onRemove: () => void;
}

/** One extra field: its inputs, each with its problems, and its commands. */
export function FieldEditor({ field, index, count, problems, onChange, onMove, onRemove }: FieldEditorProps) {
  const at = (key: string, nested = false) => signupProblemsAt(problems, `fields.${index}.${key}`, nested);
  const number = index + 1;
  const name = field.label.trim() || 'new field';
  const labelProblems = at('label');
  const idProblems = at('id');
  const valueProblems = at('values');
  const regexProblems = [...at('validation'), ...at('validation.regex')];
  const helpProblems = at('validation.helpText');
  const typeProblems = at('dataType');
  return (
    <chakra.fieldset borderWidth="1px" borderColor="border" rounded="md" p="4" bg="bg.panel" data-testid="signup-field" data-field-id={field.id}>
      <chakra.legend fontWeight="semibold" float="left" py="1">
        Field {number}: {name}
      </chakra.legend>
      <HStack justify="flex-end" mb="3">
        <HStack gap="1">
          <IconButton size="sm" variant="ghost" aria-label={`Move field ${number} up`} disabled={index === 0} onClick={() => onMove(-1)} data-testid="signup-field-up">
            <ArrowUp />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label={`Move field ${number} down`} disabled={index === count - 1} onClick={() => onMove(1)} data-testid="signup-field-down">
            <ArrowDown />
          </IconButton>
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remove field ${number}`} onClick={onRemove} data-testid="signup-field-remove">
            <Trash2 />
          </IconButton>
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" clear="both">
        <Field.Root required invalid={labelProblems.length > 0}>
          <Field.Label>
            Label <Field.RequiredIndicator />
          </Field.Label>
          <Input value={field.label} onChange={(event) => onChange({ label: event.target.value })} data-testid="signup-field-label" />
          <Problems messages={labelProblems} />
        </Field.Root>
        <Field.Root required invalid={idProblems.length > 0}>
          <Field.Label>
            Id <Field.RequiredIndicator />
          </Field.Label>
          <Input value={field.id} onChange={(event) => onChange({ id: event.target.value })} fontFamily="mono" data-testid="signup-field-id" />
          {idProblems.length > 0 ? (
            <Problems messages={idProblems} />
          ) : (
            <Field.HelperText>{field.idEdited ? 'Answers are stored under this id.' : 'Follows the label until you change it.'}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={typeProblems.length > 0}>
          <Field.Label>Type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={field.dataType} onChange={(event) => onChange({ dataType: event.currentTarget.value as SignupFieldType })} data-testid="signup-field-type">
              {FIELD_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Problems messages={typeProblems} />
        </Field.Root>
        <Field.Root justifyContent="flex-end">
          <Checkbox.Root checked={field.required} onCheckedChange={(details) => onChange({ required: details.checked === true })} data-testid="signup-field-required">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{field.dataType === 'checkbox' ? 'Must be ticked' : 'Required'}</Checkbox.Label>
          </Checkbox.Root>
        </Field.Root>
        {field.dataType === 'dropdown' && (
          <Field.Root required invalid={valueProblems.length > 0} gridColumn={{ md: 'span 2' }}>
            <Field.Label>
              Choices <Field.RequiredIndicator />
            </Field.Label>
            <Textarea value={field.choices} rows={4} onChange={(event) => onChange({ choices: event.target.value })} data-testid="signup-field-choices" />
            {valueProblems.length > 0 ? <Problems messages={valueProblems} /> : <Field.HelperText>One choice a line.</Field.HelperText>}
          </Field.Root>
        )}
        {field.dataType !== 'dropdown' && valueProblems.length > 0 && (
          <Field.Root invalid gridColumn={{ md: 'span 2' }}>
            <Problems messages={valueProblems} />
          </Field.Root>
        )}
        {field.dataType === 'text' && (
          <>
            <Field.Root invalid={regexProblems.length > 0}>
              <Field.Label>Rule (regular expression)</Field.Label>
              <Input
                value={field.regex}
                onChange={(event) => onChange({ regex: event.target.value })}
                fontFamily="mono"
                placeholder="^[A-Z]{2}-[0-9]{4}$"
                data-testid="signup-field-regex"
              />
              {regexProblems.length > 0 ? <Problems messages={regexProblems} /> : <Field.HelperText>Optional. An answer must match it.</Field.HelperText>}
            </Field.Root>
            <Field.Root invalid={helpProblems.length > 0}>
              <Field.Label>Help text</Field.Label>
              <Input value={field.helpText} onChange={(event) => onChange({ helpText: event.target.value })} data-testid="signup-field-help" />
              {helpProblems.length > 0 ? <Problems messages={helpProblems} /> : <Field.HelperText>Shown when an answer does not match the rule.</Field.HelperText>}
            </Field.Root>
          </>
        )}
      </SimpleGrid>
    </chakra.fieldset>
  );
}
