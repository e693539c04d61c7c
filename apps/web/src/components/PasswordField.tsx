/**
 * One password input of a form (change password, reset password; spec 03 §5 the password rules): the label with its
 * required mark, the input, and under it the field's problem or, without one, its hint. The forms keep their values and
 * problems on their machines; this only draws a field.
 */
import { Field, Input } from '@chakra-ui/react';

/**
 * The colour of a field's problem: the theme's `fg.error` on white is below WCAG AA for small text, so the light mode
 * takes a darker red. Every form's field messages use it.
 */
export const ERROR_TEXT_COLOR = { _light: 'red.700', _dark: 'red.300' } as const;

/** The colour of a short success message (the theme's `fg.success` on white is below WCAG AA for small text too). */
export const SUCCESS_TEXT_COLOR = { _light: 'green.700', _dark: 'green.300' } as const;

/** Props of {@link PasswordField}. */
export interface PasswordFieldProps {
  /** The input's `name` (and the machine's field). */
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** `current-password` or `new-password`, for password managers. */
  readonly autoComplete: 'current-password' | 'new-password';
  /** What is wrong with the value, shown instead of the hint. */
  readonly problem?: string | undefined;
  readonly hint?: string | undefined;
  /** The form is being sent: the field is read-only. */
  readonly pending: boolean;
  readonly autoFocus?: boolean;
  readonly testId: string;
}

/** See the module comment. */
export function PasswordField({ name, label, value, onChange, autoComplete, problem, hint, pending, autoFocus = false, testId }: PasswordFieldProps) {
  return (
    <Field.Root required invalid={problem !== undefined} readOnly={pending}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input name={name} type="password" autoComplete={autoComplete} autoFocus={autoFocus} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} />
      {problem !== undefined ? <Field.ErrorText color={ERROR_TEXT_COLOR}>{problem}</Field.ErrorText> : hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
