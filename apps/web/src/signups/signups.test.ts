import { describe, expect, it } from 'vitest';
import type { SignupFieldDefinition } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE, SIGNUP_NOT_FOUND_MESSAGE } from '@magpie/machines';
import {
  formatSignupDate,
  SIGNUP_DATE_UNKNOWN,
  SIGNUP_FIELD_VALIDATION_FAILED,
  SIGNUP_REJECT_FAILED,
  SIGNUP_UPDATE_FAILED,
  signupDetailsDraft,
  signupDetailsProblems,
  signupDetailsUpdate,
  signupName,
  signupRejectErrorMessage,
  signupUpdateErrorMessage,
} from './signups.ts';

const FIELDS: SignupFieldDefinition[] = [
  { id: 'staffNumber', label: 'Staff number', dataType: 'text', values: [], required: true, validation: { regex: '^[A-Z]{2}-[0-9]{4}$', helpText: 'As AB-1234.' } },
  { id: 'department', label: 'Department', dataType: 'dropdown', values: ['Photo', 'Editorial'], required: false, validation: null },
  { id: 'terms', label: 'Terms', dataType: 'checkbox', values: [], required: true, validation: null },
];
const SIGNUP = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  userData: [
    { id: 'staffNumber', value: 'AB-1234' },
    { id: 'terms', value: 'true' },
  ],
};

describe('sign-up room (spec 03 §2.10, §5, §8, §9)', () => {
  it('writes dates as DD MMM, HH:mm (YYYY) in local time, and says when there is none', () => {
    const date = new Date(2026, 2, 5, 14, 7);
    expect(formatSignupDate(date.toISOString())).toBe('05 Mar, 14:07 (2026)');
    expect(formatSignupDate(new Date(2025, 11, 31, 9, 0).toISOString())).toBe('31 Dec, 09:00 (2025)');
    expect(formatSignupDate('yesterday')).toBe(SIGNUP_DATE_UNKNOWN);
  });

  it('names the applicant, or shows the address', () => {
    expect(signupName(SIGNUP)).toBe('Ada Lovelace');
    expect(signupName({ firstName: ' ', lastName: '', email: 'x@example.com' })).toBe('x@example.com');
  });

  it('finds nothing wrong with a complete draft; names required, each extra field its own rule and help text', () => {
    expect(signupDetailsProblems(FIELDS, signupDetailsDraft(SIGNUP))).toEqual({});
    expect(signupDetailsProblems(FIELDS, { firstName: ' ', lastName: 'x'.repeat(101), answers: { staffNumber: 'ab', department: 'Sales', terms: 'false' } })).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is at most 100 characters.',
      staffNumber: 'As AB-1234.',
      department: 'Department must be one of its choices.',
      terms: 'Terms must be ticked.',
    });
  });

  it('sends only what changed, trimmed, and the whole answers list when an answer changed', () => {
    const draft = signupDetailsDraft(SIGNUP);
    expect(signupDetailsUpdate(FIELDS, SIGNUP, draft)).toBeUndefined();
    expect(signupDetailsUpdate(FIELDS, SIGNUP, { ...draft, firstName: ' Augusta ' })).toEqual({ firstName: 'Augusta' });
    expect(signupDetailsUpdate(FIELDS, SIGNUP, { ...draft, answers: { ...draft.answers, department: 'Photo' } })).toEqual({
      userData: [
        { id: 'staffNumber', value: 'AB-1234' },
        { id: 'department', value: 'Photo' },
        { id: 'terms', value: 'true' },
      ],
    });
  });

  it('words the refusals of spec 03 §8 Sign-ups', () => {
    expect(signupUpdateErrorMessage({ status: 400, responseJSON: { issues: [{ message: 'As AB-1234.' }] } })).toBe(`${SIGNUP_FIELD_VALIDATION_FAILED} As AB-1234.`);
    expect(signupUpdateErrorMessage({ status: 400, responseJSON: null })).toBe(SIGNUP_FIELD_VALIDATION_FAILED);
    expect(signupUpdateErrorMessage({ status: 404 })).toBe(SIGNUP_NOT_FOUND_MESSAGE);
    expect(signupUpdateErrorMessage({ status: 500 })).toBe(SIGNUP_UPDATE_FAILED);
    expect(signupUpdateErrorMessage({ status: 403 })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(signupRejectErrorMessage({ status: 404 })).toBe(SIGNUP_NOT_FOUND_MESSAGE);
    expect(signupRejectErrorMessage({ status: 500 })).toBe(SIGNUP_REJECT_FAILED);
    expect(signupRejectErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
