/**
 * The public sign-up page (issue 14; spec 01 §3 "Sign-up"; spec 03 §3.7, §5 "Sign-up details"): an invitation's link
 * (`/fotoweb/views/signup?invitation=<token>`) opens it for anyone, with or without a session. It loads the link's form
 * and asks for the address (the invited one, read-only, for a users invitation; one at the domain for an organization),
 * first and last name, a password typed twice (the password rules shown) and the site's extra fields; Sign up is
 * disabled while anything is wrong. Then it says whether the account waits for approval or may log in now. A link that
 * does not work (unknown, revoked, used, expired, or no open sign-up) gets a page that says so, never the form. On the
 * `signup` machine.
 */
import { useState } from 'react';
import { Alert, Box, Button, chakra, Field, Flex, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, Hourglass, Link2Off } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { SignupForm, SignupRequest, SignupSubmitted } from '@magpie/api-types';
import { SIGNUP_UNAVAILABLE_MESSAGES, signupAnswerKey, signupMachine, signupProblems, type SignupTextField } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { LogoMark } from '../components/Logo.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { LOGIN_PATH } from '../lib/urls.ts';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { ExtraFieldInput } from '../components/ExtraFieldInput.tsx';

/** The page's state as `data-state` names it: the machine's top state. */
function stateName(value: unknown): string {
  return typeof value === 'string' ? value : Object.keys(value as object)[0]!;
}

/** The form's own fields: label, input type, autocomplete. */
const TEXT_FIELDS: ReadonlyArray<{ field: SignupTextField; label: string; type: string; autoComplete: string }> = [
  { field: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email' },
  { field: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm the password', type: 'password', autoComplete: 'new-password' },
];

/** The helper text under a field of the form. */
function helperOf(field: SignupTextField, form: SignupForm): string | undefined {
  if (field === 'email') {
    if (form.type === 'users') return 'The address your invitation was sent to. It is your user name.';
    if (form.type === 'organization' && form.organizationDomain) return `Your address at @${form.organizationDomain}. It is your user name.`;
    return 'It is your user name.';
  }
  if (field === 'password') return `At least ${form.passwordRules.minLength} characters, without your e-mail address.`;
  return undefined;
}

function LogInLink({ children }: { readonly children: string }) {
  return (
    <Button asChild colorPalette="brand" data-testid="signup-login">
      <RouterLink to={LOGIN_PATH}>{children}</RouterLink>
    </Button>
  );
}

/** See the module comment. */
export function SignupView() {
  const [params] = useSearchParams();
  const invitation = params.get('invitation') ?? undefined;
  const [state, send] = useMachine(
    signupMachine.provide({
      actors: {
        loadForm: fromPromise<SignupForm, { invitation: string | undefined }>(({ input, signal }) => machineCall(() => api.getSignupForm(input.invitation, { signal }))),
        submit: fromPromise<SignupSubmitted, SignupRequest>(({ input, signal }) => machineCall(() => api.submitSignup(input, { signal }))),
      },
    }),
    { input: { invitation } },
  );
  useDocumentTitle('Sign up');
  // Which fields the person has left: their problems show from then on (a server's refusal shows at once).
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const visit = (key: string) => setVisited((previous) => (previous.has(key) ? previous : new Set([...previous, key])));
  const value = stateName(state.value);
  const { context } = state;
  const { form } = context;

  let content;
  if (value === 'loading') content = <LoadingState label="Opening the sign-up form…" />;
  else if (value === 'loadFailed') content = <ErrorState error={{ message: context.error }} onRetry={() => send({ type: 'RETRY' })} />;
  else if (value === 'unavailable') {
    const message = SIGNUP_UNAVAILABLE_MESSAGES[context.unavailable ?? 'notFound'];
    content = (
      <Box data-testid="signup-unavailable" data-reason={context.unavailable}>
        <EmptyView icon={<Link2Off aria-hidden="true" />} title={message.title} description={message.description}>
          <Link asChild color="fg.muted" textDecoration="underline">
            <RouterLink to={LOGIN_PATH}>Go to the login page</RouterLink>
          </Link>
        </EmptyView>
      </Box>
    );
  } else if (value === 'pending')
    content = (
      <Box data-testid="signup-pending">
        <EmptyView
          icon={<Hourglass aria-hidden="true" />}
          title="Your account waits for approval"
          description="An administrator looks at your sign-up. You get an e-mail when they have decided; then log in with your e-mail address and password."
        >
          <LogInLink>Go to the login page</LogInLink>
        </EmptyView>
      </Box>
    );
  else if (value === 'approved')
    content = (
      <Box data-testid="signup-approved">
        <EmptyView icon={<CircleCheck aria-hidden="true" />} title="You can log in now" description="Your account is ready: log in with your e-mail address and password.">
          <LogInLink>Log in</LogInLink>
        </EmptyView>
      </Box>
    );
  else if (form) {
    const submitting = value === 'submitting';
    const problems = signupProblems(context);
    const problemCount = Object.keys(problems).length;
    // A problem shows once its field was left, or at once when the server named it.
    const shown = (key: string) => (visited.has(key) || context.serverIssues[key] !== undefined ? problems[key] : undefined);
    content = (
      <chakra.form
        maxW="md"
        mx="auto"
        noValidate
        aria-labelledby="signup-title"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
        data-testid="signup-form"
      >
        <Stack gap="4" borderWidth="1px" borderColor="border" rounded="lg" p="6" bg="bg.panel">
          <Heading as="h1" size="xl" id="signup-title">
            Sign up
          </Heading>
          <Text color="fg.muted">
            {form.approveAutomatically ? 'Your account is ready as soon as you have signed up.' : 'An administrator approves your account before you can log in.'}
          </Text>
          {context.error !== undefined && (
            <Alert.Root status="error" data-testid="signup-error">
              <Alert.Indicator />
              <Alert.Description>{context.error}</Alert.Description>
            </Alert.Root>
          )}
          {TEXT_FIELDS.map(({ field, label, type, autoComplete }) => {
            const readOnly = field === 'email' && form.type === 'users';
            const problem = shown(field);
            const helper = helperOf(field, form);
            return (
              <Field.Root key={field} required invalid={problem !== undefined} disabled={submitting} readOnly={readOnly}>
                <Field.Label>
                  {label}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type={type}
                  autoComplete={autoComplete}
                  value={context.values[field]}
                  readOnly={readOnly}
                  placeholder={field === 'email' && form.type === 'organization' && form.organizationDomain ? `name@${form.organizationDomain}` : undefined}
                  onChange={(event) => send({ type: 'CHANGE', field, value: event.target.value })}
                  onBlur={() => visit(field)}
                  data-testid={`signup-${field}`}
                />
                {problem !== undefined ? (
                  <Field.ErrorText color={ERROR_TEXT_COLOR} data-testid={`signup-${field}-error`}>
                    {problem}
                  </Field.ErrorText>
                ) : (
                  helper && <Field.HelperText data-testid={`signup-${field}-help`}>{helper}</Field.HelperText>
                )}
              </Field.Root>
            );
          })}
          {form.fields.map((field) => {
            const key = signupAnswerKey(field.id);
            return (
              <ExtraFieldInput
                key={field.id}
                field={field}
                value={context.answers[field.id] ?? (field.dataType === 'checkbox' ? 'false' : '')}
                problem={shown(key)}
                disabled={submitting}
                onChange={(answer) => {
                  send({ type: 'ANSWER', id: field.id, value: answer });
                  // A choice is made at once: its problem may show.
                  if (field.dataType !== 'text') visit(key);
                }}
                onBlur={() => visit(key)}
                testIdPrefix="signup-answer"
              />
            );
          })}
          <Button type="submit" colorPalette="brand" loading={submitting} disabled={problemCount > 0} aria-describedby="signup-submit-hint" data-testid="signup-submit">
            Sign up
          </Button>
          <Text id="signup-submit-hint" fontSize="sm" color="fg.muted" data-testid="signup-submit-hint">
            {problemCount === 0 ? 'Everything is filled in.' : problemCount === 1 ? 'One field still needs your attention.' : `${problemCount} fields still need your attention.`}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Already have an account?{' '}
            <Link asChild textDecoration="underline">
              <RouterLink to={LOGIN_PATH}>Log in</RouterLink>
            </Link>
          </Text>
        </Stack>
      </chakra.form>
    );
  }

  return (
    <Flex direction="column" minH="100vh" data-testid="signup-view" data-state={value}>
      <chakra.header borderBottomWidth="1px" borderColor="border" px="6" py="3">
        <HStack gap="2">
          <LogoMark />
          <Text fontWeight="semibold">Magpie</Text>
          <Text color="fg.muted" fontSize="sm">
            · sign up
          </Text>
        </HStack>
      </chakra.header>
      <chakra.main id="main" flex="1" p="6">
        {value !== 'ready' && value !== 'submitting' && <chakra.h1 srOnly>Sign up</chakra.h1>}
        {content}
      </chakra.main>
    </Flex>
  );
}
