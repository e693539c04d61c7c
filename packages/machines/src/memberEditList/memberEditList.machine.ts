/**
 * Member and membership edits of a user or group, gathered as add and remove lists and sent in one PATCH
 * (spec 03 §4 "Member and membership edits are gathered as add and remove lists: adding a previously removed item
 * cancels the removal; removing a just-added item cancels the addition", §4 saving a user "group add or remove
 * changes are sent after the user save", §7 PATCH memberOfHref / groupMembersHref / userMembersHref `{add, remove}`,
 * §8; spec 01 §5 "The default groups Everyone and Registered Users cannot be removed").
 *
 * editing → saving → saved. SAVE with nothing changed makes no call (spec 03 §4). A failed PATCH keeps the lists and
 * shows the message. The add-member picker's choice (spec 03 §2.6 "multi-select and a selected-items dropdown", §5
 * "The add-members button is disabled when nothing is selected") is kept here too, as `picked`: PICK and UNPICK
 * change it, and the picker's Add button sends one ADD per picked member, each of which leaves the choice.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { SHARE_FAILED_MESSAGE } from '../albumShare/albumShare.machine.ts';

/**
 * Which list is edited: a group's user members, a group's group members, the groups a user or group is in, or the
 * users and groups an album is shared with (`albumShares`, issue 13: `PATCH <album>/.shares/`).
 */
export type MemberListKind = 'userMembers' | 'groupMembers' | 'memberOf' | 'albumShares';

/** A user or group in a member list, as the pickers return it (href and name). */
export interface MemberRef {
  readonly href: string;
  readonly name: string;
  readonly type: 'user' | 'group';
}

/** 409 on a group's member groups: the change would make a group contain itself. Text not given verbatim. */
export const CIRCULAR_GROUP_MEMBERS = 'circular group members'; // spec 03 §8
/** 409 on member-of: the change would make a group a member of itself. Text not given verbatim. */
export const CIRCULAR_MEMBER_OF = 'circular member of'; // spec 03 §8

/**
 * Input of {@link memberEditListMachine}.
 *
 * - `kind`: the list edited ({@link MemberListKind});
 * - `href`: the list's href, the PATCH target (memberOfHref, groupMembersHref or userMembersHref, spec 03 §7);
 * - `ownerHref`: the user or group whose list it is (never added to its own list);
 * - `members`: the list as loaded from the server;
 * - `defaultGroupHrefs`: the built-in groups whose members are implicit (the descriptor's
 *   `userManagement.everyoneGroup` and `registeredUsersGroup`, or the hrefs of groups whose `isBuiltin` is set):
 *   compared by href, never by name, so a renamed group or a look-alike name changes nothing (plan11 Q12).
 */
export interface MemberEditListInput {
  readonly kind: MemberListKind;
  readonly href: string;
  readonly ownerHref: string;
  readonly members: readonly MemberRef[];
  readonly defaultGroupHrefs: readonly string[];
}

/** Input of the injected `applyMemberChanges` actor: `PATCH {href}` with body `{add, remove}` (hrefs, spec 03 §7). */
export interface ApplyMemberChangesInput {
  readonly href: string;
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

/** What the injected actor rejects with for an HTTP failure: the status and the body's heading, if any. */
export interface MemberEditRequestError {
  readonly status?: number;
  readonly responseJSON?: { readonly heading?: string } | null;
}

/**
 * Context of {@link memberEditListMachine}.
 *
 * - `original`: the list as loaded; `added` / `removed`: the pending changes (disjoint; `added` never holds an
 *   original member, `removed` only holds original members, never a default group);
 * - `picked`: what the add-member picker has chosen and not added yet, in the order chosen (only members ADD would
 *   take: never listed, never the owner, never a default group);
 * - `error`: the message of the last failed PATCH (cleared by the next change or SAVE).
 */
export interface MemberEditListContext {
  readonly kind: MemberListKind;
  readonly href: string;
  readonly ownerHref: string;
  readonly original: readonly MemberRef[];
  readonly added: readonly MemberRef[];
  readonly removed: readonly MemberRef[];
  readonly picked: readonly MemberRef[];
  readonly defaultGroupHrefs: readonly string[];
  readonly error: string | undefined;
}

/**
 * Events: `ADD {member}` (a multi-select picker sends one per picked member): cancels a pending removal of that
 * member, else adds it unless it is already listed or is the owner; a member it takes leaves `picked`;
 * `REMOVE {href}`: cancels a pending addition, else removes an original member unless it is a default group
 * (Everyone, Registered Users); `PICK {member}`: the picker chooses a member ADD would take (see
 * {@link isMemberAddable}), once; `UNPICK {href}`: the picker drops a chosen member (its checkbox, or the chosen
 * items' dropdown); `SAVE {href?}`: sends the changes, to `href` when given (the `memberOfHref` of a user created
 * just before, unknown when the list was opened; spec 03 §4 group changes after the user save), else to the input's
 * href. ADD, REMOVE, PICK and UNPICK are ignored while saving.
 */
export type MemberEditListEvent =
  { type: 'ADD'; member: MemberRef } | { type: 'REMOVE'; href: string } | { type: 'PICK'; member: MemberRef } | { type: 'UNPICK'; href: string } | { type: 'SAVE'; href?: string };

/** Output once `saved`: the hrefs sent (both empty when nothing changed and no call was made). */
export interface MemberEditListOutput {
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

const hasHref = (list: readonly MemberRef[], href: string) => list.some((member) => member.href === href);

/** The list as the dialog shows it: original members not removed, then the added ones (spec 03 §4). */
export function currentMembers(context: Pick<MemberEditListContext, 'original' | 'added' | 'removed'>): MemberRef[] {
  return [...context.original.filter((member) => !hasHref(context.removed, member.href)), ...context.added];
}

/** The PATCH body for the pending changes, as hrefs. */
export function memberChanges(context: Pick<MemberEditListContext, 'added' | 'removed'>): MemberEditListOutput {
  return { add: context.added.map((m) => m.href), remove: context.removed.map((m) => m.href) };
}

/** `true` when `href` is one of the built-in groups whose members are implicit (Everyone, Registered Users). */
export function isDefaultGroupHref(context: Pick<MemberEditListContext, 'defaultGroupHrefs'>, href: string): boolean {
  return context.defaultGroupHrefs.includes(href);
}

/**
 * `true` when ADD would take the member `href` into the list as shown (spec 03 §4, §5 "Groups already a member, or
 * the group itself, are excluded"): it is not listed, not the owner, and not a default group (spec 01 §5, by href).
 * A removed original member is addable (adding it back cancels the removal). The picker offers only these.
 */
export function isMemberAddable(context: Pick<MemberEditListContext, 'original' | 'added' | 'removed' | 'ownerHref' | 'defaultGroupHrefs'>, href: string): boolean {
  return href !== context.ownerHref && !isDefaultGroupHref(context, href) && !hasHref(currentMembers(context), href);
}

/**
 * `true` when the member `href` may be removed from the list as shown: it is listed and is not a default group
 * (spec 01 §5, by href). The view hides the remove button otherwise.
 */
export function isMemberRemovable(context: MemberEditListContext, href: string): boolean {
  const member = currentMembers(context).find((listed) => listed.href === href);
  return member !== undefined && !isDefaultGroupHref(context, href);
}

/**
 * The message for a failed PATCH (spec 03 §8): 409 → {@link CIRCULAR_GROUP_MEMBERS} on a group's member groups or
 * {@link CIRCULAR_MEMBER_OF} on member-of; otherwise the server's heading when present and the status is not 500;
 * otherwise "Share failed" on an album's sharing and the general error elsewhere (spec 01 §8).
 */
export function memberEditErrorMessage(kind: MemberListKind, error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as MemberEditRequestError;
  if (status === 409 && kind === 'groupMembers') return CIRCULAR_GROUP_MEMBERS;
  if (status === 409 && kind === 'memberOf') return CIRCULAR_MEMBER_OF;
  const heading = responseJSON?.heading;
  if (typeof heading === 'string' && heading.trim().length > 0 && status !== 500) return heading;
  // spec 01 §8: a sharing that could not be saved says "Share failed".
  return kind === 'albumShares' ? SHARE_FAILED_MESSAGE : DEFAULT_ERROR_MESSAGE;
}

/**
 * The member edit list machine (spec 03 §4, §7, §8; spec 01 §5).
 *
 * States: `editing`, `saving` (runs `applyMemberChanges`), `saved` (final; output {@link MemberEditListOutput}).
 *
 * Actor to provide with `.provide({actors: {applyMemberChanges}})`: {@link ApplyMemberChangesInput} → anything;
 * rejects with {@link MemberEditRequestError}. The built-in one rejects, which shows the general error.
 */
export const memberEditListMachine = setup({
  types: {
    context: {} as MemberEditListContext,
    events: {} as MemberEditListEvent,
    input: {} as MemberEditListInput,
    output: {} as MemberEditListOutput,
  },
  actors: {
    applyMemberChanges: fromPromise<unknown, ApplyMemberChangesInput>(async () => {
      throw new Error('memberEditList: provide `applyMemberChanges` with .provide()');
    }),
  },
  guards: {
    'isRemovedMember?': ({ context, event }) => event.type === 'ADD' && hasHref(context.removed, event.member.href),
    // A built-in group's members are implicit: it is never added either (the DAM refuses it, 400).
    'isNewMember?': ({ context, event }) => event.type === 'ADD' && isMemberAddable(context, event.member.href),
    'isPickable?': ({ context, event }) => event.type === 'PICK' && isMemberAddable(context, event.member.href) && !hasHref(context.picked, event.member.href),
    'isPicked?': ({ context, event }) => event.type === 'UNPICK' && hasHref(context.picked, event.href),
    'isAddedMember?': ({ context, event }) => event.type === 'REMOVE' && hasHref(context.added, event.href),
    'isRemovableMember?': ({ context, event }) => event.type === 'REMOVE' && isMemberRemovable(context, event.href),
    'hasChanges?': ({ context }) => context.added.length > 0 || context.removed.length > 0,
  },
  actions: {
    cancelRemoval: assign(({ context, event }) => {
      assertEvent(event, 'ADD');
      return { removed: context.removed.filter((m) => m.href !== event.member.href) };
    }),
    addMember: assign(({ context, event }) => {
      assertEvent(event, 'ADD');
      const { href, name, type } = event.member;
      return { added: [...context.added, { href, name, type }] };
    }),
    // An added member leaves the picker's choice, whichever way ADD took it.
    unpickAdded: assign(({ context, event }) => {
      assertEvent(event, 'ADD');
      return { picked: context.picked.filter((m) => m.href !== event.member.href) };
    }),
    pickMember: assign(({ context, event }) => {
      assertEvent(event, 'PICK');
      const { href, name, type } = event.member;
      return { picked: [...context.picked, { href, name, type }] };
    }),
    unpickMember: assign(({ context, event }) => {
      assertEvent(event, 'UNPICK');
      return { picked: context.picked.filter((m) => m.href !== event.href) };
    }),
    cancelAddition: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return { added: context.added.filter((m) => m.href !== event.href) };
    }),
    removeMember: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      const member = context.original.find((m) => m.href === event.href);
      return { removed: member ? [...context.removed, member] : context.removed };
    }),
    clearError: assign({ error: undefined }),
    takeHref: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { href: event.href ?? context.href };
    }),
    showError: assign(({ context }, params: { error: unknown }) => ({
      error: memberEditErrorMessage(context.kind, params.error),
    })),
  },
}).createMachine({
  id: 'memberEditList',
  initial: 'editing',
  context: ({ input }) => ({
    kind: input.kind,
    href: input.href,
    ownerHref: input.ownerHref,
    original: input.members.map(({ href, name, type }) => ({ href, name, type })),
    added: [],
    removed: [],
    picked: [],
    defaultGroupHrefs: [...input.defaultGroupHrefs],
    error: undefined,
  }),
  states: {
    editing: {
      on: {
        ADD: [
          // spec 03 §4: adding a previously removed item cancels the removal.
          { guard: 'isRemovedMember?', actions: ['cancelRemoval', 'unpickAdded', 'clearError'] },
          // spec 03 §4: members already present are not added twice.
          { guard: 'isNewMember?', actions: ['addMember', 'unpickAdded', 'clearError'] },
        ],
        // spec 03 §2.6 multi-select: only what ADD would take, once.
        PICK: { guard: 'isPickable?', actions: 'pickMember' },
        UNPICK: { guard: 'isPicked?', actions: 'unpickMember' },
        REMOVE: [
          // spec 03 §4: removing a just-added item cancels the addition.
          { guard: 'isAddedMember?', actions: ['cancelAddition', 'clearError'] },
          // spec 01 §5: the default groups cannot be removed.
          { guard: 'isRemovableMember?', actions: ['removeMember', 'clearError'] },
        ],
        SAVE: [
          { guard: 'hasChanges?', target: 'saving', actions: 'takeHref' },
          // spec 03 §4: nothing changed, no update call.
          { target: 'saved' },
        ],
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'applyMemberChanges',
        src: 'applyMemberChanges',
        input: ({ context }) => ({ href: context.href, ...memberChanges(context) }),
        onDone: 'saved',
        onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => memberChanges(context),
});
