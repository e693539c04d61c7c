/**
 * The sign-up page's test model (issue 14; spec 01 §3 "Sign-up"; spec 03 §3.7, §5 "Sign-up details"): the paths
 * `signup.test.ts` runs on real actors, `tests/e2e/model/signup.model.spec.ts` runs in Chromium against the public
 * sign-up page, and `npm run paths -- signup` prints for QA.
 *
 * A link invitation's form with two extra fields: a required staff number with a rule (its help text the message) and a
 * required checkbox. The form loads, or the link does not work (404; for shortest paths also 410 expired), or loading
 * fails (500) and is retried. A path fills the fields in the form's order (the staff number first wrongly, where it
 * branches) and submits: the account waits (pending) or exists (approved), or the address is in use (409, then another
 * address); for shortest paths also a refused staff number (400 on `userData.0.value`, then another one), too many
 * sign-ups (429) and a link used up meanwhile (410).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SignupForm } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { answerKey, signupMachine, signupProblems, type SignupContext, type SignupInput, type SignupTextField } from './signup.machine.ts';

/** The link's token. */
export const SIGNUP_MODEL_TOKEN = 'model-signup-link-token-0123456789';

/** The input of every path: a link invitation. */
export const SIGNUP_MODEL_INPUT: SignupInput = { invitation: SIGNUP_MODEL_TOKEN };

/** The form the link answers: a link invitation with a staff number (rule) and a terms checkbox, both required. */
export const SIGNUP_MODEL_FORM: SignupForm = {
  type: 'link',
  email: null,
  organizationDomain: null,
  fields: [
    {
      id: 'staffNumber',
      label: 'Staff number',
      dataType: 'text',
      values: [],
      required: true,
      validation: { regex: '^[A-Z]{2}-[0-9]{4}$', helpText: 'Two capital letters, a dash and four digits, as AB-1234.' },
    },
    { id: 'terms', label: 'I accept the terms of use', dataType: 'checkbox', values: [], required: true, validation: null },
  ],
  approveAutomatically: false,
  expires: null,
  passwordRules: { minLength: 10, maxLength: 1024 },
};

/** What a path types: the first address, then another after 409; the staff numbers: wrong, right, and another after a 400. */
export const SIGNUP_MODEL_VALUES = {
  emails: ['ada.model@example.com', 'ada.lovelace@example.org'],
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'analytical engine 1843',
  staffNumbers: { wrong: '12', right: 'AB-1234', another: 'CD-5678' },
} as const;

const error = (status: number, value: string, message: string, issues?: ReadonlyArray<{ path: string; message: string }>) => ({
  status,
  responseJSON: { value, heading: value, message, ...(issues ? { issues } : {}) },
});

/** The DAM's refusals the paths meet. */
export const SIGNUP_MODEL_ERRORS = {
  notFound: error(404, 'InvitationNotFound', 'This invitation link is not valid.'),
  expired: error(410, 'InvitationExpired', 'This invitation has expired.'),
  used: error(410, 'InvitationUsed', 'This invitation has been used.'),
  server: error(500, 'InternalError', 'boom'),
  exists: error(409, 'SignupExists', 'This address already has an account or a sign-up waiting for approval.'),
  staffNumber: error(400, 'InvalidRequest', 'Field validation failed.', [{ path: 'userData.0.value', message: 'This staff number is not on the staff list.' }]),
  tooMany: error(429, 'TooManyRequests', 'Too many sign-ups or invitation links from your address. Try again in 900 seconds.'),
} as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const change = (field: SignupTextField, value: string) => event('CHANGE', { field, value });

/** The next step of filling the form in its order, or undefined when every field holds what the path types. */
function nextFill(context: SignupContext, variant: PathVariant): EventObject[] | undefined {
  const { values, answers, serverIssues } = context;
  const v = SIGNUP_MODEL_VALUES;
  if (values.email === '') return [change('email', v.emails[0])];
  if (serverIssues.email !== undefined) return values.email === v.emails[0] ? [change('email', v.emails[1])] : [];
  if (values.firstName === '') return [change('firstName', v.firstName)];
  if (values.lastName === '') return [change('lastName', v.lastName)];
  if (values.password === '') return [change('password', v.password)];
  if (values.confirmPassword === '') return [change('confirmPassword', v.password)];
  const staff = answers.staffNumber ?? '';
  if (staff === '')
    return [
      event('ANSWER', { id: 'staffNumber', value: v.staffNumbers.wrong }),
      ...(variant === 'shortest' ? [] : [event('ANSWER', { id: 'staffNumber', value: v.staffNumbers.right })]),
    ];
  if (staff === v.staffNumbers.wrong) return [event('ANSWER', { id: 'staffNumber', value: v.staffNumbers.right })];
  if (serverIssues[answerKey('staffNumber')] !== undefined) return staff === v.staffNumbers.right ? [event('ANSWER', { id: 'staffNumber', value: v.staffNumbers.another })] : [];
  if (answers.terms !== 'true') return [event('ANSWER', { id: 'terms', value: 'true' })];
  return undefined;
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as SignupContext;
    const errors = SIGNUP_MODEL_ERRORS;
    if (snapshot.matches('loading')) {
      return [
        event('xstate.done.actor.loadForm', { output: SIGNUP_MODEL_FORM }),
        event('xstate.error.actor.loadForm', { error: errors.notFound }),
        event('xstate.error.actor.loadForm', { error: errors.server }),
        ...(variant === 'shortest' ? [event('xstate.error.actor.loadForm', { error: errors.expired })] : []),
      ];
    }
    if (snapshot.matches('loadFailed')) return [event('RETRY')];
    if (snapshot.matches('ready')) {
      const fill = nextFill(context, variant);
      if (fill) return fill;
      return Object.keys(signupProblems(context)).length === 0 ? [event('SUBMIT')] : [];
    }
    if (snapshot.matches('submitting')) {
      const failures: unknown[] = [errors.exists, ...(variant === 'shortest' ? [errors.staffNumber, errors.tooMany, errors.used] : [])];
      return [
        event('xstate.done.actor.submit', { output: { status: 'pending' } }),
        event('xstate.done.actor.submit', { output: { status: 'approved' } }),
        ...failures.map((failure) => event('xstate.error.actor.submit', { error: failure })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(signupMachine);

/** The `xstate/graph` test model for a variant, with {@link SIGNUP_MODEL_INPUT}. */
export function createSignupTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: SIGNUP_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The sign-up page's {@link MachineModel}. */
export const signupModel: MachineModel = {
  name: 'signup',
  title: 'Open an invitation link, fill in the sign-up form with its extra fields and send it: pending or approved, or refused on a field, or the link does not work',
  spec: 'issue 14; spec 01 §3 Sign-up, §5; spec 03 §3.7, §5 Sign-up details; dam.yaml getSignupForm, submitSignup',
  machine: signupMachine,
  testModel(variant: PathVariant) {
    return createSignupTestModel(variant);
  },
};
