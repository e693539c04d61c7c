/**
 * "Forgot password?" (`/fotoweb/views/forgot-password`, from the login view; issue 14 "Password reset"): the user
 * types the e-mail address of their account and Magpie mails a single-use link to the reset page. The answer is the
 * same for every address (dam.yaml `requestPasswordReset`), so the page always says "if an account uses that
 * address". A page of its own outside the app shell, like the login view; its own chunk.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Center, chakra, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { api, describeError, isApiError } from '../../api/client.ts';
import { LogoMark } from '../../components/Logo.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { LOGIN_PATH } from '../../lib/urls.ts';

/** What the page says once the request is accepted, whoever uses the address (the DAM never tells). */
export const RESET_LINK_SENT = 'If an account uses that address, we’ve sent a link to it. Open the link in the mail to choose a new password.';
/** How the link works, under {@link RESET_LINK_SENT}. */
export const RESET_LINK_RULES = 'The link works once and for a limited time. If no mail arrives within a few minutes, check your spam folder, or ask again.';
/** Shown when the field is left empty. */
export const EMAIL_REQUIRED = 'Type the e-mail address of your account.';
/** 429 from the BFF's or the DAM's limit. */
export const TOO_MANY_RESET_REQUESTS = 'Too many requests for a reset link. Wait a few minutes and try again.';

/**
 * The field's color for its message: the theme's `fg.error` on white is below WCAG AA for small text, so the light
 * mode takes a darker red (as the change-password view).
 */
const ERROR_TEXT_COLOR = { _light: 'red.700', _dark: 'red.300' } as const;

type Answer = { kind: 'sent' } | { kind: 'field'; message: string } | { kind: 'error'; message: string };

/** The answer to show for a refused request: the address's problem (400), the limit (429), or the error's message. */
function answerOf(error: unknown): Answer {
  if (isApiError(error, 400)) return { kind: 'field', message: error.body?.issues?.[0]?.message ?? error.body?.message ?? 'The e-mail address is not valid.' };
  if (isApiError(error, 429)) return { kind: 'error', message: TOO_MANY_RESET_REQUESTS };
  return { kind: 'error', message: describeError(error).message };
}

/** See the module comment. */
export function ForgotPasswordView() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | undefined>();
  const sentRef = useRef<HTMLDivElement>(null);
  useDocumentTitle('Forgot password');

  // Obtain the CSRF cookie for the request (a first visit may start on this page).
  useEffect(() => {
    const controller = new AbortController();
    api.getSession({ signal: controller.signal }).catch(() => {
      // Shown at submit if the BFF cannot be reached.
    });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (answer?.kind === 'sent') sentRef.current?.focus();
  }, [answer]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (email.trim() === '') {
      setAnswer({ kind: 'field', message: EMAIL_REQUIRED });
      return;
    }
    setSending(true);
    setAnswer(undefined);
    try {
      await api.requestPasswordReset(email.trim());
      setAnswer({ kind: 'sent' });
    } catch (failure) {
      setAnswer(answerOf(failure));
    } finally {
      setSending(false);
    }
  };

  const fieldProblem = answer?.kind === 'field' ? answer.message : undefined;
  return (
    <chakra.main id="main" minH="100vh" bg="bg.subtle" data-testid="forgot-password-view">
      <Center minH="100vh" px="4">
        <Card.Root w="full" maxW="sm" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack align="center" gap="2" color="brand.fg">
                <LogoMark size={44} />
                <Heading as="h1" size="xl" color="fg">
                  Forgot your password?
                </Heading>
              </Stack>
              {answer?.kind === 'sent' ? (
                <Stack gap="4">
                  <Alert.Root status="success" role="status" data-testid="reset-link-sent" ref={sentRef} tabIndex={-1}>
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{RESET_LINK_SENT}</Alert.Title>
                      <Alert.Description>{RESET_LINK_RULES}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                  <Button asChild colorPalette="brand">
                    <RouterLink to={LOGIN_PATH}>Back to log in</RouterLink>
                  </Button>
                </Stack>
              ) : (
                <chakra.form onSubmit={onSubmit} noValidate aria-describedby={answer?.kind === 'error' ? 'forgot-password-error' : 'forgot-password-intro'}>
                  <Stack gap="4">
                    <Text id="forgot-password-intro" fontSize="sm" color="fg.muted">
                      Type the e-mail address of your account. We will mail you a link to choose a new password.
                    </Text>
                    {answer?.kind === 'error' && (
                      <Alert.Root status="error" id="forgot-password-error" data-testid="forgot-password-error" role="alert">
                        <Alert.Indicator />
                        <Alert.Title>{answer.message}</Alert.Title>
                      </Alert.Root>
                    )}
                    <Field.Root required invalid={fieldProblem !== undefined} readOnly={sending}>
                      <Field.Label>
                        E-mail address <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        name="email"
                        type="email"
                        autoComplete="email"
                        autoFocus
                        value={email}
                        onChange={(e) => {
                          setEmail(e.currentTarget.value);
                          if (answer?.kind === 'field') setAnswer(undefined);
                        }}
                        data-testid="forgot-password-email"
                      />
                      {fieldProblem !== undefined && <Field.ErrorText color={ERROR_TEXT_COLOR}>{fieldProblem}</Field.ErrorText>}
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" loading={sending} loadingText="Sending…">
                      Send the link
                    </Button>
                    <Link asChild fontSize="sm" alignSelf="center" color="brand.fg" textDecoration="underline">
                      <RouterLink to={LOGIN_PATH}>Back to log in</RouterLink>
                    </Link>
                  </Stack>
                </chakra.form>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
      <Box srOnly aria-live="polite">
        {sending ? 'Sending the link' : ''}
      </Box>
    </chakra.main>
  );
}
