/**
 * One extra field of a form (spec 03 §3.7: text, dropdown or checkbox; required; a text field's rule with its help
 * text), as the public sign-up page, the sign-up details modal and the cart's order form (issue 15: the order
 * configuration's fields have the same shapes) show it: its label (marked when required), the control, and either its
 * problem or its help text.
 */
import { Checkbox, Field, Input, NativeSelect } from '@chakra-ui/react';
import type { SignupFieldDefinition } from '@magpie/api-types';
import { ERROR_TEXT_COLOR } from './PasswordField.tsx';

/** Props of {@link ExtraFieldInput}. */
export interface ExtraFieldInputProps {
  readonly field: SignupFieldDefinition;
  /** The answer as typed (`'true'`/`'false'` for a checkbox; '' for none). */
  readonly value: string;
  /** The problem to show now, if any. */
  readonly problem: string | undefined;
  readonly disabled?: boolean;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  /** Prefix of the test ids: `<prefix>-<id>` for the control, `<prefix>-<id>-error` for the problem. */
  readonly testIdPrefix: string;
}

/** See the module comment. */
export function ExtraFieldInput({ field, value, problem, disabled, onChange, onBlur, testIdPrefix }: ExtraFieldInputProps) {
  const testId = `${testIdPrefix}-${field.id}`;
  const help = field.validation?.helpText;
  return (
    <Field.Root required={field.required} invalid={problem !== undefined} disabled={disabled}>
      {field.dataType === 'checkbox' ? (
        <Checkbox.Root
          checked={value === 'true'}
          onCheckedChange={(details) => onChange(details.checked === true ? 'true' : 'false')}
          invalid={problem !== undefined}
          data-testid={testId}
        >
          <Checkbox.HiddenInput onBlur={onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>
            {field.label}
            {field.required && <Field.RequiredIndicator />}
          </Checkbox.Label>
        </Checkbox.Root>
      ) : (
        <>
          <Field.Label>
            {field.label}
            <Field.RequiredIndicator />
          </Field.Label>
          {field.dataType === 'dropdown' ? (
            <NativeSelect.Root>
              <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)} onBlur={onBlur} data-testid={testId}>
                <option value="">{field.required ? 'Choose…' : '—'}</option>
                {field.values.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : (
            <Input value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} data-testid={testId} />
          )}
        </>
      )}
      {problem !== undefined ? (
        <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid={`${testId}-error`}>
          {problem}
        </Field.ErrorText>
      ) : (
        help && <Field.HelperText>{help}</Field.HelperText>
      )}
    </Field.Root>
  );
}
