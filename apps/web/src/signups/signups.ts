/**
 * The sign-up room's words and rules (issue 14; spec 03 §2.10 Sign-up screens, §5 "Sign-up details", §8 Sign-ups, §9
 * sign-up date format), as pure functions over the contract's shapes. The pages (`SignupView.tsx`,
 * `PendingSignupsView.tsx`) and the dialogs draw them.
 */
import { signupAnswerProblems, type Signup, type SignupFieldAnswer, type SignupFieldDefinition } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE, SIGNUP_NOT_FOUND_MESSAGE } from '@magpie/machines';

/** 400 on a sign-up's update (spec 03 §8 Sign-ups "field validation failed"), before the DAM's first issue. */
export const SIGNUP_FIELD_VALIDATION_FAILED = 'Field validation failed.';
/** 500 on a sign-up's update (spec 03 §8 "update failed in the database"). */
export const SIGNUP_UPDATE_FAILED = 'The sign-up could not be saved. Try again later.';
/** 500 on a rejection (spec 03 §8 "user update failed"). */
export const SIGNUP_REJECT_FAILED = 'The sign-up could not be rejected. Try again later.';
/** A failed load of the pending sign-ups (spec 03 §8 "loading pending sign-ups failed"). */
export const SIGNUPS_LOAD_FAILED = 'The pending sign-ups could not be loaded.';
/** A sign-up date that is no date (spec 03 §8 "date parse failed"). */
export const SIGNUP_DATE_UNKNOWN = 'unknown date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A sign-up's date as `DD MMM, HH:mm (YYYY)` (spec 03 §9 "Sign-up date format DD MMM, HH:mm plus (YYYY)"), in the
 * viewer's time zone: `05 Mar, 14:07 (2026)`. {@link SIGNUP_DATE_UNKNOWN} when `iso` is no date.
 */
export function formatSignupDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return SIGNUP_DATE_UNKNOWN;
  return `${pad(date.getDate())} ${MONTHS[date.getMonth()]}, ${pad(date.getHours())}:${pad(date.getMinutes())} (${date.getFullYear()})`;
}

/** The applicant's name as the table shows it: first and last, or the address when both are empty. */
export function signupName(signup: Pick<Signup, 'firstName' | 'lastName' | 'email'>): string {
  return `${signup.firstName} ${signup.lastName}`.trim() || signup.email;
}

/** What the sign-up details modal edits: the names and the extra fields' answers (id → value; a checkbox `'true'`/`'false'`). */
export interface SignupDetailsDraft {
  readonly firstName: string;
  readonly lastName: string;
  readonly answers: Readonly<Record<string, string>>;
}

/** The draft of a sign-up as it stands. */
export function signupDetailsDraft(signup: Pick<Signup, 'firstName' | 'lastName' | 'userData'>): SignupDetailsDraft {
  return { firstName: signup.firstName, lastName: signup.lastName, answers: Object.fromEntries(signup.userData.map((answer) => [answer.id, answer.value])) };
}

/** The answers of a draft as `userData`: one per extra field, in the form's order (a checkbox not ticked is `'false'`). */
export function signupDetailsAnswers(fields: readonly SignupFieldDefinition[], draft: SignupDetailsDraft): SignupFieldAnswer[] {
  return fields.map((field) => ({ id: field.id, value: draft.answers[field.id] ?? (field.dataType === 'checkbox' ? 'false' : '') }));
}

/**
 * What is wrong with the details (spec 03 §5 "Sign-up details"), by field: `firstName`, `lastName` (required, at most
 * 100 characters) and each extra field's id (its own required flag and regex, the help text as the message; api-types
 * `signupAnswerProblems`, the DAM's own check). Empty when Save may be pressed.
 */
export function signupDetailsProblems(fields: readonly SignupFieldDefinition[], draft: SignupDetailsDraft): Readonly<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const [key, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ] as const) {
    const value = draft[key].trim();
    if (value === '') problems[key] = `${label} is required.`;
    else if (value.length > 100) problems[key] = `${label} is at most 100 characters.`;
  }
  for (const problem of signupAnswerProblems(fields, signupDetailsAnswers(fields, draft))) {
    const index = /^userData\.(\d+)\./.exec(problem.path)?.[1];
    const field = index === undefined ? undefined : fields[Number(index)];
    if (field && problems[field.id] === undefined) problems[field.id] = problem.message;
  }
  return problems;
}

/** The `PATCH` body of the details: only what changed (spec 03 §7 PATCH firstName, lastName, userData); undefined when nothing did. */
export function signupDetailsUpdate(
  fields: readonly SignupFieldDefinition[],
  signup: Pick<Signup, 'firstName' | 'lastName' | 'userData'>,
  draft: SignupDetailsDraft,
): { firstName?: string; lastName?: string; userData?: SignupFieldAnswer[] } | undefined {
  const update: { firstName?: string; lastName?: string; userData?: SignupFieldAnswer[] } = {};
  if (draft.firstName.trim() !== signup.firstName) update.firstName = draft.firstName.trim();
  if (draft.lastName.trim() !== signup.lastName) update.lastName = draft.lastName.trim();
  const before = signupDetailsAnswers(fields, signupDetailsDraft(signup));
  const after = signupDetailsAnswers(fields, draft);
  if (after.some((answer, index) => answer.value !== before[index]!.value)) update.userData = after;
  return Object.keys(update).length === 0 ? undefined : update;
}

/** A failed call as `{status, responseJSON}` (apps/web/src/api/requestErrors.ts `toRequestError`). */
interface RequestError {
  readonly status?: number;
  readonly responseJSON?: { readonly message?: string; readonly issues?: ReadonlyArray<{ readonly message?: string }> } | null;
}

const requestError = (error: unknown): RequestError => (typeof error === 'object' && error !== null ? (error as RequestError) : {});

/** A refused update (spec 03 §8 Sign-ups "Update"): 400 field validation failed (with the DAM's first issue), 404 not found, 500 update failed, else the general error. */
export function signupUpdateErrorMessage(error: unknown): string {
  const { status, responseJSON } = requestError(error);
  if (status === 400) {
    const issue = responseJSON?.issues?.find((candidate) => candidate.message?.trim())?.message?.trim();
    return issue ? `${SIGNUP_FIELD_VALIDATION_FAILED} ${issue}` : SIGNUP_FIELD_VALIDATION_FAILED;
  }
  if (status === 404) return SIGNUP_NOT_FOUND_MESSAGE;
  if (status === 500) return SIGNUP_UPDATE_FAILED;
  return DEFAULT_ERROR_MESSAGE;
}

/** A refused rejection (spec 03 §8 Sign-ups "Reject"): 404 not found, 500 user update failed, else the general error. */
export function signupRejectErrorMessage(error: unknown): string {
  const { status } = requestError(error);
  if (status === 404) return SIGNUP_NOT_FOUND_MESSAGE;
  if (status === 500) return SIGNUP_REJECT_FAILED;
  return DEFAULT_ERROR_MESSAGE;
}
