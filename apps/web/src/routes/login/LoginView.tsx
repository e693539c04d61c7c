/**
 * The login view (spec 01 §2 /fotoweb/views/login): user name and password, then back to `to` (path plus query plus
 * hash). The BFF checks the credentials and sets the HttpOnly session cookie; the app then fetches the full API
 * descriptor once and keeps it (spec 01 §1). An existing session skips the form. "Forgot password?" leads to the
 * password reset by mail (issue 14); "Create an account" to the open sign-up page while the site allows sign-ups
 * without an invitation (issue 14, `signups/openSignup.ts`).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Center, chakra, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, describeError, isApiError } from '../../api/client.ts';
import { LogoMark } from '../../components/Logo.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { ARCHIVES_PATH, FORGOT_PASSWORD_PATH, safeReturnAddress } from '../../lib/urls.ts';
import { openSignupLink } from '../../signups/openSignup.ts';

function loginErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return error.body?.message ?? 'The user name or password is incorrect.';
  if (isApiError(error, 429)) return 'Too many failed attempts. Wait a moment and try again.';
  if (isApiError(error, 403)) return 'Your browser session expired. Reload the page and try again.';
  return describeError(error).message;
}

export function LoginView() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { descriptor, establish, clear } = useSession();
  const to = safeReturnAddress(params.get('to'));
  const [checking, setChecking] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The open sign-up page, while the site lets anyone ask for an account (issue 14).
  const [signupLink, setSignupLink] = useState<string | undefined>();
  useDocumentTitle('Log in');

  useEffect(() => {
    const controller = new AbortController();
    openSignupLink(api, controller.signal)
      .then((link) => setSignupLink(link))
      .catch(() => {
        // Aborted: the view is gone.
      });
    return () => controller.abort();
  }, []);

  const enter = async (target: string | undefined) => {
    establish(await api.getDescriptor());
    navigate(safeReturnAddress(target) ?? to ?? ARCHIVES_PATH, { replace: true });
  };

  // Obtain the CSRF cookie, and skip the form when a session already exists.
  useEffect(() => {
    const controller = new AbortController();
    api
      .getSession({ signal: controller.signal })
      .then(async (session) => {
        if (session.authenticated) await enter(to);
        // No session on the server: stored user data is stale (spec 01 §4 Session).
        else clear();
      })
      .catch(() => {
        // Shown again at submit if the BFF cannot be reached.
      })
      .finally(() => {
        if (!controller.signal.aborted) setChecking(false);
      });
    return () => controller.abort();
    // Once per visit of the login view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const answer = await api.login({ username: username.trim(), password }, to);
      await enter(answer.to);
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <chakra.main id="main" minH="100vh" bg="bg.subtle" data-testid="login-view">
      <Center minH="100vh" px="4">
        <Card.Root w="full" maxW="sm" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack align="center" gap="2" color="brand.fg">
                <LogoMark size={44} />
                <Heading as="h1" size="xl" color="fg">
                  Log in to Magpie
                </Heading>
                {descriptor === undefined && to !== undefined && (
                  <Text fontSize="sm" color="fg.muted" textAlign="center">
                    Log in to continue where you were.
                  </Text>
                )}
              </Stack>
              {checking ? (
                <LoadingState label="Checking your session…" />
              ) : (
                <chakra.form onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
                  <Stack gap="4">
                    {error && (
                      <Alert.Root status="error" id="login-error" data-testid="login-error">
                        <Alert.Indicator />
                        <Alert.Title>{error}</Alert.Title>
                      </Alert.Root>
                    )}
                    <Field.Root required>
                      <Field.Label>
                        User name <Field.RequiredIndicator />
                      </Field.Label>
                      <Input name="username" autoComplete="username" autoFocus value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
                    </Field.Root>
                    <Field.Root required>
                      <Field.Label>
                        Password <Field.RequiredIndicator />
                      </Field.Label>
                      <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Logging in…" disabled={username.trim() === '' || password === ''}>
                      Log in
                    </Button>
                    {/* Issue 14 "Password reset": a link by mail. */}
                    <Link asChild fontSize="sm" alignSelf="center" color="brand.fg" textDecoration="underline">
                      <RouterLink to={FORGOT_PASSWORD_PATH} data-testid="forgot-password-link">
                        Forgot password?
                      </RouterLink>
                    </Link>
                    {signupLink !== undefined && (
                      <Text fontSize="sm" textAlign="center" color="fg.muted" data-testid="create-account">
                        New here?{' '}
                        <Link asChild color="brand.fg" textDecoration="underline">
                          <RouterLink to={signupLink} data-testid="create-account-link">
                            Create an account
                          </RouterLink>
                        </Link>
                      </Text>
                    )}
                  </Stack>
                </chakra.form>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
      <Box srOnly aria-live="polite">
        {submitting ? 'Logging in' : ''}
      </Box>
    </chakra.main>
  );
}
