/**
 * The reset page a password reset link opens (`/fotoweb/views/reset-password?token=…`; issue 14 "Password reset"):
 * it checks the link before anyone types, then asks for the new password twice with the rules shown, checked with
 * the DAM's own rules before sending, and after success says so and offers Log in. A link that names nothing, was
 * used or has expired gets a page that says so and offers a new link. On the `passwordReset` machine of
 * `@magpie/machines` (dam.yaml `getPasswordReset`, `completePasswordReset`).
 *
 * A page of its own outside the app shell, like the login view, for anyone with or without a session (the session
 * machine leaves it alone: `isPasswordResetAddress`); its own chunk.
 */
import { useEffect, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Center, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { PASSWORD_RULES } from '@magpie/api-types';
import {
  PASSWORD_RESET_LINK_TEXTS,
  passwordResetMachine,
  visiblePasswordResetProblems,
  type PasswordResetField,
  type PasswordResetLinkProblem,
  type PasswordResetLinkStatus,
  type SetPasswordActorInput,
} from '@magpie/machines';
import { api } from '../../api/client.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { LogoMark } from '../../components/Logo.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from '../../lib/urls.ts';

/** The notice once the password is set. */
export const PASSWORD_SET_NOTICE = 'Your new password is set.';
/** What the notice adds: the link's other effect (the DAM ends every session of the user). */
export const PASSWORD_SET_DETAIL = 'You were logged out everywhere else. Log in with your new password.';

/** The field messages' colour: darker than the theme's `fg.error` in light mode, for WCAG AA on small text. */

const FIELDS: ReadonlyArray<{ field: PasswordResetField; label: string; helper?: string }> = [
  { field: 'password', label: 'New password', helper: `At least ${PASSWORD_RULES.minLength} characters, without your user name.` },
  { field: 'confirmPassword', label: 'Confirm the new password' },
];

/** The page around every state: logo, heading, card. */
function ResetPage({ state, children }: { readonly state: string; readonly children: ReactNode }) {
  return (
    <chakra.main id="main" minH="100vh" bg="bg.subtle" data-testid="reset-password-view" data-state={state}>
      <Center minH="100vh" px="4">
        <Card.Root w="full" maxW="md" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack align="center" gap="2" color="brand.fg">
                <LogoMark size={44} />
                <Heading as="h1" size="xl" color="fg">
                  Reset your password
                </Heading>
              </Stack>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
    </chakra.main>
  );
}

/** Why the link sets no password, and the ways on: a new link, Log in, and Try again when the check could not be made. */
function LinkProblem({ problem, onRetry }: { readonly problem: PasswordResetLinkProblem; readonly onRetry?: (() => void) | undefined }) {
  const texts = PASSWORD_RESET_LINK_TEXTS[problem];
  return (
    <Stack gap="4">
      <Alert.Root status={problem === 'unavailable' ? 'warning' : 'error'} role="alert" data-testid="reset-link-problem" data-problem={problem}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{texts.heading}</Alert.Title>
          <Alert.Description>{texts.detail}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="3" justify="flex-end" wrap="wrap">
        {onRetry && (
          <Button variant="outline" onClick={onRetry} data-testid="reset-retry">
            Try again
          </Button>
        )}
        <Button asChild variant="ghost">
          <RouterLink to={LOGIN_PATH}>Log in</RouterLink>
        </Button>
        <Button asChild colorPalette="brand">
          <RouterLink to={FORGOT_PASSWORD_PATH}>Ask for a new link</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

/** The flow of one link (see the module comment). */
function ResetPasswordFlow({ token }: { readonly token: string }) {
  const machine = useMemo(
    () =>
      passwordResetMachine.provide({
        actors: {
          checkLink: fromPromise<PasswordResetLinkStatus, { token: string }>(({ input, signal }) => api.getPasswordReset(input.token, { signal })),
          setPassword: fromPromise<unknown, SetPasswordActorInput>(({ input, signal }) => api.completePasswordReset(input.token, input.password, { signal })),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { token } });
  const { context } = snapshot;
  const state = String(snapshot.value);
  const pending = snapshot.matches('saving');
  const problems = visiblePasswordResetProblems(context);
  const serverError = snapshot.matches('failed') ? context.error : undefined;
  const userName = context.link?.userName ?? '';

  const logInRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (snapshot.matches('done')) logInRef.current?.focus();
  }, [snapshot]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  let content: ReactNode;
  if (snapshot.matches('checking')) content = <LoadingState label="Checking the link…" />;
  else if (snapshot.matches('invalid'))
    content = <LinkProblem problem={context.problem ?? 'unknown'} onRetry={context.problem === 'unavailable' ? () => send({ type: 'RETRY' }) : undefined} />;
  else if (snapshot.matches('done'))
    content = (
      <Stack gap="4">
        <Alert.Root status="success" role="status" data-testid="password-reset-done">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{PASSWORD_SET_NOTICE}</Alert.Title>
            <Alert.Description>{PASSWORD_SET_DETAIL}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild colorPalette="brand">
          <RouterLink to={LOGIN_PATH} ref={logInRef}>
            Log in
          </RouterLink>
        </Button>
      </Stack>
    );
  else
    content = (
      <chakra.form onSubmit={onSubmit} noValidate aria-describedby={serverError ? 'reset-password-error' : 'reset-password-intro'} data-testid="reset-password-form">
        <Stack gap="4">
          <Text id="reset-password-intro" fontSize="sm" color="fg.muted" textAlign="center" data-testid="reset-password-user">
            Choose a new password for <chakra.strong color="fg">{userName}</chakra.strong>.
          </Text>
          {serverError && (
            <Alert.Root status="error" id="reset-password-error" data-testid="reset-password-error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{serverError.message}</Alert.Title>
            </Alert.Root>
          )}
          {/* For password managers: whose password this is. */}
          <chakra.input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
          {FIELDS.map(({ field, label, helper }) => {
            const problem = problems[field] ?? (serverError?.field === field ? serverError.message : undefined);
            return (
              <PasswordField
                key={field}
                name={field}
                label={label}
                value={context.draft[field]}
                onChange={(value) => send({ type: 'EDIT', field, value })}
                autoComplete="new-password"
                autoFocus={field === 'password'}
                problem={problem}
                hint={helper}
                pending={pending}
                testId={`reset-${field}`}
              />
            );
          })}
          <HStack gap="3" justify="flex-end" pt="2">
            <Button asChild variant="ghost">
              <RouterLink to={LOGIN_PATH}>Cancel</RouterLink>
            </Button>
            <Button type="submit" colorPalette="brand" loading={pending} loadingText="Saving…">
              Set the password
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
    );

  return (
    <ResetPage state={state}>
      {content}
      <Box srOnly aria-live="polite">
        {pending ? 'Setting the password' : ''}
      </Box>
    </ResetPage>
  );
}

/** See the module comment. Without a token in the address, the link is not valid (nothing is asked of the server). */
export function ResetPasswordView() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentTitle('Reset your password');
  if (token === '') {
    return (
      <ResetPage state="invalid">
        <LinkProblem problem="unknown" />
      </ResetPage>
    );
  }
  // A new link opened in the same tab starts over.
  return <ResetPasswordFlow key={token} token={token} />;
}
