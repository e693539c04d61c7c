/**
 * Saving the group form (spec 03 §2.6; §4 "Group form: add mode (no existing group) or edit mode (existing group). In
 * edit mode only changed fields are sent", membership edits sent after the group itself; §5 Group; §7 POST group list
 * link / PATCH group href / PATCH memberOfHref, groupMembersHref, userMembersHref; §8 group errors by status).
 *
 * {@link createFormSaveMachine} with the group form's rules: the display name is required, name, description and SAML
 * name are trimmed, custom properties with an empty key or value are dropped, and on edit only what differs is sent.
 */
import type { GroupCreate, GroupUpdate } from '@magpie/api-types';
import { createFormSaveMachine, type FormSaveCallInput, type FormSaveInput, type FormSaveMembershipsInput } from '../formSave/createFormSaveMachine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** 409 on a group's member groups (spec 03 §8 circular group-members error). */
export const CIRCULAR_GROUP_MEMBERS_TEXT = 'A group cannot contain itself, directly or through other groups. The members were not changed.';
/** 409 on a group's member-of (spec 03 §8 circular member-of error). */
export const CIRCULAR_MEMBER_OF_TEXT = 'A group cannot be a member of itself, directly or through other groups. The memberships were not changed.';
/** 409 on saving a group (spec 03 §8 group already exists). */
export const GROUP_EXISTS_TEXT = 'A group with this name already exists.';
/** 400 on saving a group (spec 03 §8 "for groups: field validation failed"). */
export const GROUP_INVALID_TEXT = 'The group could not be saved: some values are not valid.';
/** 403 on a group call (spec 03 §8 "for groups: user management forbidden"). */
export const GROUP_FORBIDDEN_TEXT = 'You are not allowed to manage users and groups.';
/** The required-field message naming the display name (spec 03 §5 Group). */
export const GROUP_NAME_REQUIRED = 'Display name is required.';

/**
 * The message of a failed group POST/PATCH/DELETE (spec 03 §8 by status), from an HTTP error `{status, responseJSON}`:
 * 409 → circular group members, circular member-of or group exists by the body's value; 400 → the field messages
 * (`issues`) or field validation failed; 403 → forbidden; anything else the general error.
 */
export function groupSaveErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('status' in error)) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  const body = responseJSON ?? undefined;
  if (status === 409)
    return body?.value === 'CircularGroupMembers' ? CIRCULAR_GROUP_MEMBERS_TEXT : body?.value === 'CircularMemberOf' ? CIRCULAR_MEMBER_OF_TEXT : GROUP_EXISTS_TEXT;
  if (status === 400) {
    const issues = (body?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
    return issues.length > 0 ? issues.join(' ') : GROUP_INVALID_TEXT;
  }
  if (status === 403) return GROUP_FORBIDDEN_TEXT;
  return DEFAULT_ERROR_MESSAGE;
}

/** The editable fields of the group form (spec 03 §2.6 General and Custom properties); licenses as numbers. */
export interface GroupFormValues {
  readonly name: string;
  readonly description: string;
  readonly samlGroupName: string;
  readonly defaultLevel: number;
  readonly defaultConcurrencyMode: number;
  readonly permissions: readonly string[];
  readonly propertyBag: readonly { readonly key: string; readonly value: string }[];
}

/** What the form starts from: a group as the DAM answers it (dam.yaml `Group`), or nothing for a new one. */
export interface GroupFormSource {
  readonly name: string;
  readonly description: string;
  readonly samlGroupName: string;
  readonly license: { readonly defaultLevel: number; readonly defaultConcurrencyMode: number };
  readonly permissions: readonly string[];
  readonly propertyBag: readonly { readonly key: string; readonly value: string }[];
}

/** The group form's values of a group, or of a new one (spec 03 §2.6: license 35/0, nothing else). */
export function groupValues(group: GroupFormSource | undefined): GroupFormValues {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    samlGroupName: group?.samlGroupName ?? '',
    defaultLevel: group?.license.defaultLevel ?? 35,
    defaultConcurrencyMode: group?.license.defaultConcurrencyMode ?? 0,
    permissions: group?.permissions ?? [],
    propertyBag: group?.propertyBag ?? [],
  };
}

/** The group form's problems (spec 03 §5 Group): a blank or whitespace-only display name. */
export function groupProblems(values: GroupFormValues): string[] {
  return values.name.trim() === '' ? [GROUP_NAME_REQUIRED] : [];
}

const trimmedProperties = (rows: GroupFormValues['propertyBag']) =>
  rows.map(({ key, value }) => ({ key: key.trim(), value })).filter(({ key, value }) => key !== '' && value.trim() !== '');

/** The values as the DAM stores them (spec 03 §5 Group: trimmed, empty properties dropped, permissions in order). */
const sent = (values: GroupFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  samlGroupName: values.samlGroupName.trim(),
  license: { defaultLevel: values.defaultLevel, defaultConcurrencyMode: values.defaultConcurrencyMode },
  permissions: [...values.permissions].sort(),
  propertyBag: trimmedProperties(values.propertyBag),
});

/** The body that creates the group (`POST` group list link, spec 03 §7). */
export function groupCreateBody(values: GroupFormValues): GroupCreate {
  // The form offers only the overview's license levels, modes and permissions, which the contract's enums list.
  return sent(values) as GroupCreate;
}

/**
 * Only what differs from `original` (spec 03 §4 edit mode), as the `PATCH` group body; an empty object when nothing
 * changed. A form that may not set the SAML name keeps it at the original, so it never appears here.
 */
export function groupPatch(original: GroupFormValues, values: GroupFormValues): GroupUpdate {
  const before = sent(original);
  const next = sent(values);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) patch[key] = next[key];
  return patch as GroupUpdate;
}

/** What the injected `save` actor resolves with: the saved group's links (dam.yaml `Group`). */
export interface SavedGroup {
  readonly href: string;
  readonly memberOfHref: string;
  readonly userMembersHref: string;
  readonly groupMembersHref: string;
}

/** Input of the injected `save` actor: create at `listHref`, or patch `href` with only the changed fields. */
export type SaveGroupInput = FormSaveCallInput<GroupCreate, GroupUpdate>;
/** Input of the injected `saveMemberships` actor: the saved group's links (a new group's known only once created). */
export type SaveGroupMembershipsInput = FormSaveMembershipsInput<SavedGroup>;
/** Input of {@link groupSaveMachine}: add at the descriptor's `userManagement.groupList`, or edit a group. */
export type GroupSaveInput = FormSaveInput<GroupFormValues, SavedGroup>;

/**
 * The group save machine (spec 03 §4, §5, §7, §8). Actors to provide with `.provide({actors: {save,
 * saveMemberships}})`: {@link SaveGroupInput} → {@link SavedGroup}, and {@link SaveGroupMembershipsInput} → anything
 * (the three membership lists' PATCHes to the saved group's links); both reject with `{status, responseJSON}` or with
 * an `Error` whose message is already the text to show.
 */
export const groupSaveMachine = createFormSaveMachine<GroupFormValues, string, GroupCreate, GroupUpdate, SavedGroup>({
  id: 'groupSave',
  problems: groupProblems,
  createBody: groupCreateBody,
  patch: groupPatch,
  errorMessage: groupSaveErrorMessage,
});
