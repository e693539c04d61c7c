/**
 * The sign-up details modal (issue 14; spec 03 §2.10 "Sign-up user details modal", §5 "Sign-up details", §7 PATCH, §8
 * Sign-ups "Update"): the address (read-only), the first and last name (required) and the extra fields (their own
 * required flag and rule, the help text as the message); Save is disabled while anything is wrong, sends only what
 * changed (`PATCH` the sign-up's href) and closes, after which the list reloads (spec 03 §4 "updated (list reloaded)");
 * a refusal stays in the modal with its message. Cancel closes without saving.
 */
import { useRef, useState } from 'react';
import { Alert, Button, chakra, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import type { Signup, SignupFieldDefinition } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { toRequestError } from '../api/requestErrors.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { ExtraFieldInput } from '../components/ExtraFieldInput.tsx';
import { signupDetailsDraft, signupDetailsProblems, signupDetailsUpdate, signupUpdateErrorMessage, type SignupDetailsDraft } from './signups.ts';

/** Props of {@link SignupDetailsDialog}. */
export interface SignupDetailsDialogProps {
  readonly signup: Signup;
  /** The site's extra fields (`SignupList.fields`), to label and check the answers. */
  readonly fields: readonly SignupFieldDefinition[];
  /** Closes the modal: `saved` when the sign-up changed (the list reloads), else `cancelled`. */
  readonly onClose: (outcome: 'saved' | 'cancelled') => void;
}

/** See the module comment. */
export function SignupDetailsDialog({ signup, fields, onClose }: SignupDetailsDialogProps) {
  const [draft, setDraft] = useState<SignupDetailsDraft>(() => signupDetailsDraft(signup));
  const [saving, setSaving] = useState(false);
  // The address cannot change: the first name takes the focus.
  const firstName = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const problems = signupDetailsProblems(fields, draft);
  const invalid = Object.keys(problems).length > 0;

  const save = async () => {
    const update = signupDetailsUpdate(fields, signup, draft);
    if (!update) return onClose('cancelled');
    setSaving(true);
    setError(undefined);
    try {
      await api.updateSignup(signup.href, update);
      onClose('saved');
    } catch (failure) {
      setError(signupUpdateErrorMessage(toRequestError(failure)));
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || saving ? undefined : onClose('cancelled'))} initialFocusEl={() => firstName.current} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="signup-details-dialog">
            <chakra.form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!invalid) void save();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Sign-up details</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {error !== undefined && (
                    <Alert.Root status="error" data-testid="signup-details-error">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root readOnly>
                    <Field.Label>E-mail address</Field.Label>
                    <Input value={signup.email} readOnly data-testid="signup-details-email" />
                  </Field.Root>
                  {(
                    [
                      ['firstName', 'First name'],
                      ['lastName', 'Last name'],
                    ] as const
                  ).map(([key, label]) => (
                    <Field.Root key={key} required invalid={problems[key] !== undefined} disabled={saving}>
                      <Field.Label>
                        {label}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        ref={key === 'firstName' ? firstName : undefined}
                        value={draft[key]}
                        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
                        data-testid={`signup-details-${key}`}
                      />
                      {problems[key] !== undefined && (
                        <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid={`signup-details-${key}-error`}>
                          {problems[key]}
                        </Field.ErrorText>
                      )}
                    </Field.Root>
                  ))}
                  {fields.map((field) => (
                    <ExtraFieldInput
                      key={field.id}
                      field={field}
                      value={draft.answers[field.id] ?? (field.dataType === 'checkbox' ? 'false' : '')}
                      problem={problems[field.id]}
                      disabled={saving}
                      onChange={(value) => setDraft({ ...draft, answers: { ...draft.answers, [field.id]: value } })}
                      testIdPrefix="signup-details-answer"
                    />
                  ))}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onClose('cancelled')} disabled={saving} data-testid="signup-details-cancel">
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" disabled={invalid} loading={saving} data-testid="signup-details-save">
                  Save
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
