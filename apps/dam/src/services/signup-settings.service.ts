import type { Kysely } from 'kysely';
import type { SignupSettings } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordActivity } from './activity.service.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { invitationPolicy } from '../policies/invitation.policy.ts';
import { SignupsRepository } from '../repositories/signups.repository.ts';
import { presentSignupSettings } from '../presenters/signup.presenter.ts';

/**
 * The sign-up settings (issue 14; Magpie's, spec 03 §3.7 names the extra fields, §2.10 and §6 `adminCanAssignGroups`):
 * open sign-up without an invitation (off by default), whether approvers choose groups (on), and the extra fields of
 * the form. The route's schema checks the fields' rules (`signupFieldDefinitionProblems`) before they get here.
 */
export class SignupSettingsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The settings. @throws ApiError 403 without `manageSettings` or `approvePendingSignups`. */
  async get(caller: Caller): Promise<SignupSettings> {
    invitationPolicy.assertMayReadSignupSettings(caller);
    return presentSignupSettings(await new SignupsRepository(this.db).settings());
  }

  /**
   * Whether anyone may ask for an account without an invitation (`openSignup`): what the public descriptor tells
   * visitors, so the login view offers "Create an account" (issue 14). Needs no caller: the answer is public.
   */
  async isOpenSignup(): Promise<boolean> {
    return (await new SignupsRepository(this.db).settings()).openSignup;
  }

  /**
   * Replaces the settings; answers them as stored. Sign-ups already made keep their answers. The activity log records
   * `site.signupSettingsChanged` (the switches and the fields' ids) in the same transaction.
   * @throws ApiError 403 without `manageSettings`.
   */
  async replace(caller: Caller, settings: SignupSettings): Promise<SignupSettings> {
    invitationPolicy.assertMayChangeSignupSettings(caller);
    await inTransaction(this.db, async (trx) => {
      await new SignupsRepository(trx).saveSettings({
        openSignup: settings.openSignup,
        adminCanAssignGroups: settings.adminCanAssignGroups,
        fields: settings.fields.map((field) => ({
          id: field.id,
          label: field.label.trim(),
          dataType: field.dataType,
          values: field.dataType === 'dropdown' ? [...field.values] : [],
          required: field.required,
          validation: field.validation && field.dataType === 'text' ? { helpText: field.validation.helpText, regex: field.validation.regex } : null,
        })),
      });
      await recordActivity(
        trx,
        caller,
        'site.signupSettingsChanged',
        { kind: 'site', name: 'Sign-up settings' },
        { openSignup: settings.openSignup, adminCanAssignGroups: settings.adminCanAssignGroups, fields: settings.fields.map((field) => field.id) },
      );
    });
    return presentSignupSettings(await new SignupsRepository(this.db).settings());
  }
}
