import type { Caller } from './archive.policy.ts';
import { forbidden } from '../lib/errors.ts';

/**
 * What only administrators may do (spec 03 §3: the built-in administrator; Magpie's admin API until the admin screens
 * exist), with the 403 message each refusal gives. The descriptor's site permissions (spec 01 §3) read the same rules.
 */
const ADMIN_ACTIONS = {
  manageMetadataViews: 'Only administrators can change metadata views.',
  audit: 'Only administrators can read the audit log.',
  manageArchives: 'Only administrators can manage archives.',
  manageServices: 'Only administrators can manage services.',
  manageSettings: 'Only administrators can manage settings.',
} as const;

/** An administrator's action. */
export type AdminAction = keyof typeof ADMIN_ACTIONS;

/** Answers "may this caller do X" for site-wide actions, which need no archive: administrators only. */
export const adminPolicy = {
  /** Whether the caller may do `action`. */
  can(caller: Caller, _action: AdminAction): boolean {
    return caller.isAdmin;
  },

  /**
   * Ensures the caller may do `action`. There is nothing to hide, so the refusal is 403, never 404.
   * @throws ApiError 403 Forbidden with the action's message.
   */
  assertCan(caller: Caller, action: AdminAction): void {
    if (!adminPolicy.can(caller, action)) throw forbidden(ADMIN_ACTIONS[action]);
  },
};
