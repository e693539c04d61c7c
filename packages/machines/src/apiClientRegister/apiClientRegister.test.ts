import { describe, expect, it } from 'vitest';
import { describeSecretRegisterModel } from '../secretRegister/secretRegister.testing.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  API_CLIENT_ACTING_AS_REQUIRED,
  API_CLIENT_FORBIDDEN,
  API_CLIENT_NAME_REQUIRED,
  API_CLIENT_NAME_TOO_LONG,
  apiClientErrorMessage,
  apiClientProblems,
  apiClientRegisterMachine,
  type ApiClientDraft,
  type RegisteredApiClient,
} from './apiClientRegister.machine.ts';
import { apiClientRegisterModel, MODEL_ACTING_AS, MODEL_REGISTERED } from './apiClientRegister.model.ts';

describeSecretRegisterModel<ApiClientDraft, RegisteredApiClient>(apiClientRegisterModel, apiClientRegisterMachine, {
  // Both problems at once for an empty form.
  afterRegister(draft, after) {
    const empty = draft.name.trim() === '';
    expect(after.value).toBe(empty ? 'editing' : 'registering');
    if (empty) expect(after.context.problems).toEqual([API_CLIENT_NAME_REQUIRED, API_CLIENT_ACTING_AS_REQUIRED]);
  },
  errorMessage: apiClientErrorMessage,
  // The name goes trimmed, with the chosen principal.
  sent: { name: 'Shop sync', actingAs: MODEL_ACTING_AS.href },
  secretOf: (created) => created.clientSecret,
  registered: MODEL_REGISTERED,
});

describe('API client rules', () => {
  it('checks the name and the principal before sending', () => {
    expect(apiClientProblems({ name: 'Shop', actingAs: '/fotoweb/api/users/15001' })).toEqual([]);
    expect(apiClientProblems({ name: 'x'.repeat(101), actingAs: '/fotoweb/api/users/15001' })).toEqual([API_CLIENT_NAME_TOO_LONG]);
    expect(apiClientProblems({ name: ` ${'x'.repeat(100)} `, actingAs: '/fotoweb/api/users/15001' })).toEqual([]);
  });

  it('says the DAM reason for 403 and 400, the general error otherwise', () => {
    expect(apiClientErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'Not that group.' } })).toBe('Not that group.');
    expect(apiClientErrorMessage({ status: 403, responseJSON: null })).toBe(API_CLIENT_FORBIDDEN);
    expect(apiClientErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'bad', issues: [{ message: 'Name too long.' }] } })).toBe('Name too long.');
    expect(apiClientErrorMessage({ status: 503, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(apiClientErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
