/**
 * The change-password view (`/fotoweb/views/change-password?to=…`, the descriptor's `views.changePassword`; spec 03
 * §2.9 Change password, §2.11 forced password change, §8 "password changed"): the current password, the new one and
 * its confirmation, checked with the DAM's own rules before sending (`passwordChangeMachine` of `@magpie/machines`),
 * the server's refusals by status, then a notice and back to `to`.
 *
 * A page of its own, outside the app shell like the login view, so that while a change is forced nothing but this
 * form asks the DAM anything (every other call would answer 403 `PasswordChangeRequired`), and so that it can be
 * embedded in a frame as spec 03 §2.9 describes. Its own chunk: only people changing a password download it.
 */
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Center, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { PASSWORD_RULES } from '@magpie/api-types';
import { passwordChangeMachine, visiblePasswordChangeProblems, type ChangePasswordActorInput, type PasswordChangeField } from '@magpie/machines';
import { api } from '../../api/client.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { LogoMark } from '../../components/Logo.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { returnAddressAfterChange } from './forcedChange.ts';

/** What the view says when the administrator forces the change (spec 03 §2.11). */
export const FORCED_CHANGE_EXPLANATION = 'Your administrator asks you to choose a new password before you continue.';
/** The notice once the change is made (spec 03 §8 "password changed (info alert)"). */
export const PASSWORD_CHANGED_NOTICE = 'Your password was changed.';

/**
 * The field messages' colour: the theme's `fg.error` (red.500) on white is 3.8:1, below WCAG AA's 4.5:1 for small
 * text, so the light mode takes a darker red.
 */

const FIELDS: ReadonlyArray<{ field: PasswordChangeField; label: string; autoComplete: 'current-password' | 'new-password'; helper?: string }> = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    field: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    helper: `At least ${PASSWORD_RULES.minLength} characters, without your user name.`,
  },
  { field: 'confirmPassword', label: 'Confirm the new password', autoComplete: 'new-password' },
];

/** The change-password view (see the module comment). Needs a session (the route guard sees to it). */
export function ChangePasswordView() {
  const { descriptor, establish, logout } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnAddressAfterChange(params.get('to'));
  const username = descriptor?.user.userName ?? '';
  // Read once: after the change the refreshed descriptor no longer forces it, and the page should not change its words.
  const forced = useRef(descriptor?.isForcePasswordChangeSet === true).current;
  useDocumentTitle('Change password');

  const machine = useMemo(
    () =>
      passwordChangeMachine.provide({
        actors: {
          changePassword: fromPromise<unknown, ChangePasswordActorInput>(({ input, signal }) => api.changeOwnPassword(input, { signal })),
          // The descriptor no longer says the change is forced: the route guard lets the user go on.
          refreshSession: fromPromise<unknown, void>(async ({ signal }) => establish(await api.getDescriptor({ signal }))),
        },
      }),
    [establish],
  );
  const [snapshot, send] = useMachine(machine, { input: { username } });
  const { context } = snapshot;
  const pending = snapshot.matches('submitting') || snapshot.matches('refreshing');
  const changed = snapshot.matches('done') || snapshot.matches('continued');
  const problems = visiblePasswordChangeProblems(context);
  const serverError = snapshot.matches('failed') ? context.error : undefined;

  useEffect(() => {
    if (snapshot.matches('continued')) navigate(returnTo, { replace: true });
  }, [snapshot, navigate, returnTo]);

  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (changed) continueRef.current?.focus();
  }, [changed]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <chakra.main id="main" minH="100vh" bg="bg.subtle" data-testid="change-password-view">
      <Center minH="100vh" px="4">
        <Card.Root w="full" maxW="md" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack align="center" gap="2" color="brand.fg">
                <LogoMark size={44} />
                <Heading as="h1" size="xl" color="fg">
                  Change password
                </Heading>
                {descriptor && (
                  <Text fontSize="sm" color="fg.muted" textAlign="center">
                    {descriptor.user.fullName || username} ({username})
                  </Text>
                )}
              </Stack>
              {forced && !changed && (
                <Alert.Root status="info" data-testid="forced-change-explanation">
                  <Alert.Indicator />
                  <Alert.Title>{FORCED_CHANGE_EXPLANATION}</Alert.Title>
                </Alert.Root>
              )}
              {changed ? (
                <Stack gap="4">
                  <Alert.Root status="success" role="status" data-testid="password-changed">
                    <Alert.Indicator />
                    <Alert.Title>{PASSWORD_CHANGED_NOTICE}</Alert.Title>
                  </Alert.Root>
                  <Button ref={continueRef} colorPalette="brand" onClick={() => send({ type: 'CONTINUE' })}>
                    Continue
                  </Button>
                </Stack>
              ) : (
                <chakra.form onSubmit={onSubmit} noValidate aria-describedby={serverError ? 'change-password-error' : undefined}>
                  <Stack gap="4">
                    {serverError && (
                      <Alert.Root status="error" id="change-password-error" data-testid="change-password-error" role="alert">
                        <Alert.Indicator />
                        <Alert.Title>{serverError.message}</Alert.Title>
                      </Alert.Root>
                    )}
                    {/* For password managers: whose password this is. */}
                    <chakra.input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
                    {FIELDS.map(({ field, label, autoComplete, helper }) => {
                      const problem = problems[field] ?? (serverError?.field === field ? serverError.message : undefined);
                      return (
                        <PasswordField
                          key={field}
                          name={field}
                          label={label}
                          value={context.draft[field]}
                          onChange={(value) => send({ type: 'EDIT', field, value })}
                          autoComplete={autoComplete}
                          autoFocus={field === 'currentPassword'}
                          problem={problem}
                          hint={helper}
                          pending={pending}
                          testId={`password-${field}`}
                        />
                      );
                    })}
                    <HStack gap="3" justify="flex-end" pt="2">
                      {forced ? (
                        <Button variant="ghost" onClick={() => void logout()} disabled={pending}>
                          Log out
                        </Button>
                      ) : (
                        <Button asChild variant="ghost">
                          <RouterLink to={returnTo}>Cancel</RouterLink>
                        </Button>
                      )}
                      <Button type="submit" colorPalette="brand" loading={pending} loadingText="Changing…">
                        Change password
                      </Button>
                    </HStack>
                  </Stack>
                </chakra.form>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
      <Box srOnly aria-live="polite">
        {pending ? 'Changing the password' : ''}
      </Box>
    </chakra.main>
  );
}
