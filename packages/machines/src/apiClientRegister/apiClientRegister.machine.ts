/**
 * Registering an API client for an integration (issue 11 "Applications": name, `client_credentials`, acting as a
 * chosen user or group, the secret shown once; spec 03 §3.12 "Applications are keyed by clientId"; dam.yaml
 * `createApplication`). The screen that edits them is not shown in the spec: Magpie's design is in docs/decisions.md.
 *
 * editing → registering → created (the secret, shown this once, until DONE) → closed. A name or principal missing
 * stops REGISTER before anything is sent; a refused registration goes back to editing with the reason.
 */
import {
  createSecretRegisterMachine,
  registrationErrorMessage,
  type SecretRegisterContext,
  type SecretRegisterEvent,
  type SecretRegisterOutput,
} from '../secretRegister/secretRegister.factory.ts';

/** The longest client name the DAM stores (dam.yaml `ApplicationCreate.name`). */
export const API_CLIENT_NAME_MAX_LENGTH = 100;
/** Problem: a blank name. */
export const API_CLIENT_NAME_REQUIRED = 'Name the integration, e.g. "Web shop".';
/** Problem: a name over {@link API_CLIENT_NAME_MAX_LENGTH} characters. */
export const API_CLIENT_NAME_TOO_LONG = `The name may have at most ${API_CLIENT_NAME_MAX_LENGTH} characters.`;
/** Problem: no user or group chosen to act as. */
export const API_CLIENT_ACTING_AS_REQUIRED = 'Choose whom the integration acts as.';
/** 403 without a message of its own. */
export const API_CLIENT_FORBIDDEN = 'You are not allowed to register this API client.';

/** What REGISTER sends: the client's name and the href of the user or group it acts as. */
export interface ApiClientDraft {
  readonly name: string;
  readonly actingAs: string;
}

/** The registered client as the DAM answers it (dam.yaml `ApplicationCreated`): the secret is in it this once. */
export interface RegisteredApiClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly name: string;
  readonly actingAsName: string;
  readonly href: string;
}

/** The draft's problems, in form order (empty when it may be sent). Pure. */
export function apiClientProblems(draft: ApiClientDraft): string[] {
  const problems: string[] = [];
  const name = draft.name.trim();
  if (name === '') problems.push(API_CLIENT_NAME_REQUIRED);
  else if (name.length > API_CLIENT_NAME_MAX_LENGTH) problems.push(API_CLIENT_NAME_TOO_LONG);
  if (draft.actingAs === '') problems.push(API_CLIENT_ACTING_AS_REQUIRED);
  return problems;
}

/**
 * The message of a refused registration, from `{status, responseJSON}`: 403 and 400 say the DAM's reason (acting as
 * someone with more rights than the caller, an unknown principal); anything else the general error.
 */
export function apiClientErrorMessage(error: unknown): string {
  return registrationErrorMessage(error, API_CLIENT_FORBIDDEN);
}

/** Context: the problems of the last REGISTER, the last failure's message, and the client once registered. */
export type ApiClientRegisterContext = SecretRegisterContext<RegisteredApiClient>;

/** Events: REGISTER the form's draft, CANCEL the form, DONE once the secret has been taken. */
export type ApiClientRegisterEvent = SecretRegisterEvent<ApiClientDraft>;

/** Output: the registered client (without needing its secret any more), or undefined when cancelled. */
export type ApiClientRegisterOutput = SecretRegisterOutput<RegisteredApiClient>;

/**
 * The registration machine (`secretRegister.factory.ts`). Provide `register` with `.provide({actors: {register}})`:
 * {@link ApiClientDraft} (name trimmed) → {@link RegisteredApiClient}, rejecting with `{status, responseJSON}`. The
 * built-in one rejects.
 */
export const apiClientRegisterMachine = createSecretRegisterMachine<ApiClientDraft, RegisteredApiClient>({
  id: 'apiClientRegister',
  problems: apiClientProblems,
  prepare: (draft) => ({ name: draft.name.trim(), actingAs: draft.actingAs }),
  errorMessage: apiClientErrorMessage,
});
