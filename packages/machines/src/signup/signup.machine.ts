/**
 * The public sign-up page (issue 14; spec 01 §3 "Sign-up"; spec 03 §3.7 extra fields, §5 "Sign-up details"; dam.yaml
 * `getSignupForm`, `submitSignup`): a person reaches it from an invitation link (`/fotoweb/views/signup?invitation=`)
 * and asks for an account.
 *
 * loading (the form of the link) → ready | unavailable (404 `InvitationNotFound`, 410 `InvitationRevoked` / `Used` /
 * `Expired`, 403 `SignupClosed`, 400 a malformed token: never the form) | loadFailed (anything else, 429 too; RETRY → loading). In ready:
 * CHANGE a field, ANSWER an extra field; SUBMIT only while nothing is wrong ({@link signupProblems}) → submitting →
 * pending (the account waits for an administrator) | approved (log in now) | ready with the refusal on its field (400
 * issues, 409 the address is in use) or above the form (429, anything else) | unavailable (the link stopped working
 * meanwhile).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { emailDomain, passwordProblem, signupAnswerProblems, type SignupFieldAnswer, type SignupForm, type SignupRequest, type SignupSubmitted } from '@magpie/api-types';
import { isValidEmail } from '../inviteWizard/validation.ts';
import { PASSWORDS_DO_NOT_MATCH } from '../passwordChange/passwordChange.machine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The form's own fields (the extra fields are answers, keyed `answer:<id>`). */
export type SignupTextField = 'email' | 'firstName' | 'lastName' | 'password' | 'confirmPassword';

/** Every {@link SignupTextField}, in the form's order. */
export const SIGNUP_TEXT_FIELDS: readonly SignupTextField[] = ['email', 'firstName', 'lastName', 'password', 'confirmPassword'];

/** The most characters of a first or last name (dam.yaml `SignupRequest`). */
export const SIGNUP_NAME_MAX_LENGTH = 100;

/** Why the page shows no form: the link names no invitation, it was revoked, used up or expired, or the site takes no sign-up without one. */
export type SignupUnavailableReason = 'notFound' | 'revoked' | 'used' | 'expired' | 'closed';

/** What the page says for each {@link SignupUnavailableReason}. */
export const SIGNUP_UNAVAILABLE_MESSAGES: Readonly<Record<SignupUnavailableReason, { readonly title: string; readonly description: string }>> = {
  notFound: { title: 'This invitation link does not work', description: 'Check that you opened the whole link from your invitation, or ask for a new invitation.' },
  revoked: { title: 'This invitation was withdrawn', description: 'The person who invited you withdrew it. Ask them for a new invitation.' },
  used: { title: 'This invitation has been used', description: 'Someone already signed up with it. Log in, or ask for a new invitation.' },
  expired: { title: 'This invitation has expired', description: 'Ask the person who invited you for a new invitation.' },
  closed: { title: 'Signing up needs an invitation', description: 'This site takes new people by invitation only. Ask an administrator to invite you.' },
};

/** 409 `SignupExists`, on the address. */
export const SIGNUP_EXISTS_MESSAGE = 'This address already has an account or a sign-up waiting for approval. Log in, or reset your password.';
/** 429 without the DAM's words. */
export const SIGNUP_TOO_MANY_MESSAGE = 'Too many sign-ups from your address. Try again later.';
/** The address typed is no address (spec 01 §5 "Email must match a standard address pattern"). */
export const SIGNUP_EMAIL_INVALID = 'Enter a valid e-mail address.';

/** Input: the invitation link's token (absent for open sign-up). */
export interface SignupInput {
  readonly invitation: string | undefined;
}

/** The values of the form's own fields, as typed. */
export type SignupValues = Readonly<Record<SignupTextField, string>>;

/**
 * Context:
 * - `form`: the link's form once loaded (type, preset address or domain, extra fields, password rules);
 * - `values`, `answers` (extra field id → value; a checkbox `'true'`/`'false'`): as typed;
 * - `serverIssues`: the last refusal's messages by field (`email`… or `answer:<id>`), each dropped when its field changes;
 * - `error`: a message above the form (429, the general error), or why loading failed;
 * - `unavailable`: why there is no form.
 */
export interface SignupContext {
  readonly invitation: string | undefined;
  readonly form: SignupForm | undefined;
  readonly values: SignupValues;
  readonly answers: Readonly<Record<string, string>>;
  readonly serverIssues: Readonly<Record<string, string>>;
  readonly error: string | undefined;
  readonly unavailable: SignupUnavailableReason | undefined;
}

/** The page's events. */
export type SignupEvent = { type: 'CHANGE'; field: SignupTextField; value: string } | { type: 'ANSWER'; id: string; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

/** The key of an extra field in {@link SignupContext.serverIssues} and {@link signupProblems}. */
export const answerKey = (id: string): string => `answer:${id}`;

const EMPTY_VALUES: SignupValues = { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' };

/** The answers as sent: one per extra field, in the form's order (a checkbox not ticked is `'false'`). */
export function signupAnswers(form: SignupForm, answers: Readonly<Record<string, string>>): SignupFieldAnswer[] {
  return form.fields.map((field) => ({ id: field.id, value: answers[field.id] ?? (field.dataType === 'checkbox' ? 'false' : '') }));
}

/**
 * What is wrong with the form as typed, by field (`email`, `firstName`, `lastName`, `password`, `confirmPassword`,
 * `answer:<id>`), each message ready to show; empty when it may be sent. The address must be one (and, through an
 * organization invitation, at its domain), the names are required (at most {@link SIGNUP_NAME_MAX_LENGTH}), the
 * password meets `PASSWORD_RULES` with the address as the user name (api-types `passwordProblem`) and is typed twice,
 * and the extra fields meet their own required flag and regex with the help text as the message (api-types
 * `signupAnswerProblems`, spec 03 §5 "Sign-up details"). The last refusal's {@link SignupContext.serverIssues} count
 * too, until their field changes.
 */
export function signupProblems(context: Pick<SignupContext, 'form' | 'values' | 'answers' | 'serverIssues'>): Readonly<Record<string, string>> {
  const { form, values } = context;
  const problems: Record<string, string> = {};
  if (!form) return problems;
  const email = values.email.trim();
  if (!isValidEmail(email)) problems.email = SIGNUP_EMAIL_INVALID;
  else if (form.type === 'organization' && form.organizationDomain && emailDomain(email) !== form.organizationDomain.toLowerCase()) {
    problems.email = `Use your address at @${form.organizationDomain}.`;
  }
  for (const [field, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ] as const) {
    const name = values[field].trim();
    if (name === '') problems[field] = `${label} is required.`;
    else if (name.length > SIGNUP_NAME_MAX_LENGTH) problems[field] = `${label} is at most ${SIGNUP_NAME_MAX_LENGTH} characters.`;
  }
  const weak = passwordProblem(values.password, email);
  if (weak) problems.password = weak;
  if (values.confirmPassword !== values.password) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  const sent = signupAnswers(form, context.answers);
  for (const problem of signupAnswerProblems(form.fields, sent)) {
    // Every field is answered, in the form's order, so `userData.<i>` is the i-th field.
    const index = /^userData\.(\d+)\./.exec(problem.path)?.[1];
    const field = index === undefined ? undefined : form.fields[Number(index)];
    if (field && problems[answerKey(field.id)] === undefined) problems[answerKey(field.id)] = problem.message;
  }
  for (const [key, message] of Object.entries(context.serverIssues)) if (problems[key] === undefined) problems[key] = message;
  return problems;
}

/** The body of `submitSignup` for the context (names trimmed, the address trimmed, every extra field answered). */
export function signupRequestOf(context: Pick<SignupContext, 'invitation' | 'form' | 'values' | 'answers'>): SignupRequest {
  const { values } = context;
  return {
    ...(context.invitation !== undefined ? { invitation: context.invitation } : {}),
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    password: values.password,
    userData: context.form ? signupAnswers(context.form, context.answers) : [],
  };
}

const requestError = (error: unknown): UserSaveRequestError => (typeof error === 'object' && error !== null ? (error as UserSaveRequestError) : {});

/** Why a link gives no form, from a refusal of `getSignupForm` or `submitSignup`; undefined for any other failure. */
export function signupUnavailableReason(error: unknown): SignupUnavailableReason | undefined {
  const { status, responseJSON } = requestError(error);
  if (status === 404) return 'notFound';
  if (status === 410) {
    if (responseJSON?.value === 'InvitationRevoked') return 'revoked';
    if (responseJSON?.value === 'InvitationUsed') return 'used';
    return 'expired';
  }
  if (status === 403 && responseJSON?.value === 'SignupClosed') return 'closed';
  return undefined;
}

/**
 * Why a link gives no form, from a refusal of `getSignupForm`: as {@link signupUnavailableReason}, and a 400 (a token
 * that is not one at all, a tampered or cut link) is a link that does not work.
 */
export function signupFormUnavailableReason(error: unknown): SignupUnavailableReason | undefined {
  return requestError(error).status === 400 ? 'notFound' : signupUnavailableReason(error);
}

/** The message of a failure that is not on a field: 429 in the DAM's words (it says how long to wait), the general error otherwise. */
export function signupFailureMessage(error: unknown): string {
  const { status, responseJSON } = requestError(error);
  if (status === 429) return responseJSON?.message?.trim() || SIGNUP_TOO_MANY_MESSAGE;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * A refused sign-up on the form: 400 issues on their fields (`email`, `firstName`, `lastName`, `password`,
 * `userData.<i>…` → the i-th extra field), what names no field above the form; 409 on the address; anything else above
 * the form ({@link signupFailureMessage}).
 */
export function signupRefusal(form: SignupForm | undefined, error: unknown): { readonly serverIssues: Record<string, string>; readonly error: string | undefined } {
  const { status, responseJSON } = requestError(error);
  if (status === 409) return { serverIssues: { email: SIGNUP_EXISTS_MESSAGE }, error: undefined };
  if (status !== 400) return { serverIssues: {}, error: signupFailureMessage(error) };
  const serverIssues: Record<string, string> = {};
  const loose: string[] = [];
  const issues = (responseJSON?.issues ?? []) as ReadonlyArray<{ readonly path?: string; readonly message?: string }>;
  for (const issue of issues) {
    const message = issue.message?.trim();
    if (!message) continue;
    const path = issue.path ?? '';
    const head = path.split('.')[0] as SignupTextField;
    const index = /^userData\.(\d+)/.exec(path)?.[1];
    const field = index === undefined ? undefined : form?.fields[Number(index)];
    if (field) serverIssues[answerKey(field.id)] ??= message;
    else if (SIGNUP_TEXT_FIELDS.includes(head)) serverIssues[head] ??= message;
    else loose.push(message);
  }
  if (Object.keys(serverIssues).length === 0 && loose.length === 0) loose.push(responseJSON?.message?.trim() || DEFAULT_ERROR_MESSAGE);
  return { serverIssues, error: loose.length > 0 ? loose.join(' ') : undefined };
}

/**
 * The machine. Provide `loadForm` (`{invitation}` → the `SignupForm`) and `submit` (the `SignupRequest` → `{status}`),
 * both rejecting with `{status, responseJSON}`, with `.provide({actors})`; the built-in ones reject.
 */
export const signupMachine = setup({
  types: { context: {} as SignupContext, events: {} as SignupEvent, input: {} as SignupInput },
  actors: {
    loadForm: fromPromise<SignupForm, { invitation: string | undefined }>(async () => {
      throw new Error('signup: provide `loadForm` with .provide()');
    }),
    submit: fromPromise<SignupSubmitted, SignupRequest>(async () => {
      throw new Error('signup: provide `submit` with .provide()');
    }),
  },
  guards: {
    'isFormUnavailable?': ({ event }) => signupFormUnavailableReason((event as { error?: unknown }).error) !== undefined,
    'isUnavailable?': ({ event }) => signupUnavailableReason((event as { error?: unknown }).error) !== undefined,
    'isComplete?': ({ context }) => Object.keys(signupProblems(context)).length === 0,
    'isApproved?': ({ event }) => (event as { output?: SignupSubmitted }).output?.status === 'approved',
  },
  actions: {
    markUnavailable: assign({ unavailable: ({ event }) => signupUnavailableReason((event as { error?: unknown }).error) }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      // A users invitation's address is the invited one: the field is read-only.
      if (event.field === 'email' && context.form?.type === 'users') return {};
      const { [event.field]: _dropped, ...serverIssues } = context.serverIssues;
      return { values: { ...context.values, [event.field]: event.value }, serverIssues };
    }),
    answer: assign(({ context, event }) => {
      assertEvent(event, 'ANSWER');
      if (!context.form?.fields.some((field) => field.id === event.id)) return {};
      const { [answerKey(event.id)]: _dropped, ...serverIssues } = context.serverIssues;
      return { answers: { ...context.answers, [event.id]: event.value }, serverIssues };
    }),
  },
}).createMachine({
  id: 'signup',
  initial: 'loading',
  context: ({ input }) => ({ invitation: input.invitation, form: undefined, values: EMPTY_VALUES, answers: {}, serverIssues: {}, error: undefined, unavailable: undefined }),
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ invitation: context.invitation }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            form: event.output,
            values: { ...EMPTY_VALUES, email: event.output.type === 'users' ? (event.output.email ?? '') : '' },
            error: undefined,
          })),
        },
        onError: [
          {
            guard: 'isFormUnavailable?',
            target: 'unavailable',
            actions: assign({ unavailable: ({ event }) => signupFormUnavailableReason(event.error) }),
          },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => signupFailureMessage(event.error) }) },
        ],
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: undefined }) } } },
    ready: {
      on: {
        CHANGE: { actions: 'change' },
        ANSWER: { actions: 'answer' },
        SUBMIT: { guard: 'isComplete?', target: 'submitting' },
      },
    },
    submitting: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => signupRequestOf(context),
        onDone: [{ guard: 'isApproved?', target: 'approved' }, { target: 'pending' }],
        onError: [
          { guard: 'isUnavailable?', target: 'unavailable', actions: 'markUnavailable' },
          { target: 'ready', actions: assign(({ context, event }) => signupRefusal(context.form, event.error)) },
        ],
      },
    },
    unavailable: { type: 'final' },
    pending: { type: 'final' },
    approved: { type: 'final' },
  },
});
