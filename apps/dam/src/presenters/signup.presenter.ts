import type { Signup, SignupFieldDefinition, SignupSettings } from '@magpie/api-types';
import type { SignupRow, StoredSignupField } from '../db/schema.ts';
import type { GroupName } from '../repositories/invitations.repository.ts';
import type { SignupSettingsRecord } from '../repositories/signups.repository.ts';
import { presentGroupReferences } from './invitation.presenter.ts';
import { signupHref } from './hrefs.ts';

/** A pending sign-up (dam.yaml `Signup`, spec 03 §3.7), with its `approve` and `reject` links. */
export function presentSignup(row: SignupRow, groups: readonly GroupName[]): Signup {
  const href = signupHref(row.id);
  return {
    id: row.id,
    href,
    approve: `${href}approve`,
    reject: `${href}reject`,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    createdDate: row.created.toISOString(),
    userData: row.user_data.map((answer) => ({ id: answer.id, value: answer.value })),
    groups: presentGroupReferences(groups),
    invitationType: row.invitation_type,
  };
}

/** The extra fields as the contract carries them (dam.yaml `SignupField`). */
export function presentSignupFields(fields: readonly StoredSignupField[]): SignupFieldDefinition[] {
  return fields.map((field) => ({
    id: field.id,
    label: field.label,
    dataType: field.dataType,
    values: [...field.values],
    required: field.required,
    validation: field.validation ? { helpText: field.validation.helpText, regex: field.validation.regex } : null,
  }));
}

/** The sign-up settings (dam.yaml `SignupSettings`). */
export function presentSignupSettings(settings: SignupSettingsRecord): SignupSettings {
  return { openSignup: settings.openSignup, adminCanAssignGroups: settings.adminCanAssignGroups, fields: presentSignupFields(settings.fields) };
}
