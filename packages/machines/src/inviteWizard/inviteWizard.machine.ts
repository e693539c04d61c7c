/**
 * Invitation wizard: create invitations for users, an organization or a link (spec 01 §2 Invitation wizard,
 * §3 Invitation (create), §5 email and domain rules, §7 POST invitations, §8 invitation errors, §9 group search delay).
 *
 * details (step 1: type, emails or domain, message) → groups (step 2: groups, with a debounced search; its cancel
 * button reads "back") → submitting → closed (users type) or link (step 3: the resulting link, organization and link
 * types) → closed. A failed submit keeps step 2 open with the message.
 */
import { and, assertEvent, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { isDefaultGroup, type GroupRef } from './groups.ts';
import { DOMAIN_NOT_VALID, emailAddError, EMAIL_LIST_EMPTY, isValidDomain, isValidPresetEmail, pasteEmails, type EmailError } from './validation.ts';

/** Wait after the last keystroke before the group search is sent, in ms. */
export const GROUP_SEARCH_DELAY_MS = 500; // spec 01 §5, §9

/** Answer to POST invitations when the request body is rejected (HTTP 400). */
export const INVITATION_DATA_VALIDATION_FAILED = 'data validation failed'; // spec 01 §8

/** Answer to POST invitations when the server could not store them (HTTP 500). */
export const INVITATION_INSERT_FAILED = 'insert failed'; // spec 01 §8

/** Shown when POST invitations answered but created none. */
export const NO_INVITATIONS_SENT = 'no invitations sent'; // spec 01 §8

/** Shown when an organization or link invitation was created without a link to show. */
export const NO_INVITATION_LINK = 'no link'; // spec 01 §8

/** Shown when the group search request fails (spec 03 §8 Sign-ups "searching groups failed"). */
export const GROUP_SEARCH_FAILED = 'searching groups failed'; // spec 03 §8

/** Who the invitation is for: listed addresses, anyone with an address in one domain, or anyone with the link. */
export type InvitationType = 'users' | 'organization' | 'link';

/** Every {@link InvitationType}, in the order the wizard offers them. */
export const INVITATION_TYPES: readonly InvitationType[] = ['users', 'organization', 'link'];

/**
 * Body of `POST invitations` (spec 01 §3 Invitation (create), §7), built by {@link buildInvitationRequest}.
 *
 * - `groups`: hrefs of the groups the invitees join;
 * - `emails`: the addresses (users type; empty otherwise);
 * - `organizationDomain`: lower-cased `host.tld` (organization type; `''` otherwise);
 * - `link`: `true` when the server must return an invitation link (organization and link types);
 * - `message`: text of the invitation email; `description`: the administrator's note shown in Manage invitations.
 */
export interface InvitationCreateRequest {
  readonly groups: readonly string[];
  readonly emails: readonly string[];
  readonly organizationDomain: string;
  readonly link: boolean;
  readonly message: string;
  readonly description: string;
}

/** What the injected `submitInvitations` actor resolves with: the answer body of `POST invitations` (spec 01 §3). */
export interface InvitationCreateResponse {
  readonly totalInvitationsCreated: number;
  readonly invitationLink?: string | null;
}

/**
 * What the injected actors reject with for an HTTP failure: at least the `status`. Anything else (a network error,
 * an `Error`) maps to the default message.
 */
export interface InvitationRequestError {
  readonly status?: number;
}

/** Input of the injected `searchGroups` actor: the trimmed, non-empty search text (`GET groups?q=`). */
export interface GroupSearchInput {
  readonly q: string;
}

/**
 * Input of {@link inviteWizardMachine}, all optional:
 * - `invitationType`: the type selected at start (default `users`);
 * - `emails`: preset addresses; only those passing the stricter preset rule (spec 01 §5) are kept, duplicates once;
 * - `groups`: preset groups (e.g. Registered Users); duplicates by href are kept once.
 */
export interface InviteWizardInput {
  readonly invitationType?: InvitationType;
  readonly emails?: readonly string[];
  readonly groups?: readonly GroupRef[];
}

/**
 * Context of {@link inviteWizardMachine}.
 *
 * - `emails`: valid addresses, unique case-insensitively, in the order added;
 * - `emailError`: the email field's message ({@link EmailError}), cleared by the next accepted address;
 * - `pasteSkipped`: tokens of the last paste that were not added (invalid or already listed);
 * - `organizationDomain` / `domainError`: the domain as typed, and {@link DOMAIN_NOT_VALID} when it is non-empty
 *   and invalid, or when Next was pressed with it invalid;
 * - `groups`: the chosen groups, unique by href; default groups (Everyone, Registered Users) are never removed;
 * - `groupSearchText` / `groupSearchResults` / `groupSearchError`: the step 2 search (reset when step 2 is left);
 * - `submitError`: why the last submit failed (spec 01 §8);
 * - `totalInvitationsCreated` / `invitationLink`: the successful answer.
 */
export interface InviteWizardContext {
  readonly invitationType: InvitationType;
  readonly emails: readonly string[];
  readonly emailError: EmailError | undefined;
  readonly pasteSkipped: readonly string[];
  readonly organizationDomain: string;
  readonly domainError: typeof DOMAIN_NOT_VALID | undefined;
  readonly message: string;
  readonly description: string;
  readonly groups: readonly GroupRef[];
  readonly groupSearchText: string;
  readonly groupSearchResults: readonly GroupRef[];
  readonly groupSearchError: string | undefined;
  readonly submitError: string | undefined;
  readonly totalInvitationsCreated: number | undefined;
  readonly invitationLink: string | undefined;
}

/**
 * Events of the wizard.
 *
 * Step 1 (`details`): `SET_TYPE {invitationType}`; `ADD_EMAIL {email}` (invalid → 'email not valid', listed →
 * 'email in list'); `PASTE_EMAILS {text}` (only valid, new addresses are added); `REMOVE_EMAIL {email}`;
 * `SET_DOMAIN {domain}`; `SET_MESSAGE {message}`; `SET_DESCRIPTION {description}`; `NEXT` (users: needs an email,
 * else 'email list empty'; organization: needs a valid domain, else 'domain not valid'); `CLOSE` (cancel).
 *
 * Step 2 (`groups`): `SEARCH_GROUPS {text}` (sent after 500 ms, only when the trimmed text is non-empty);
 * `ADD_GROUP {group}` (ignored when already chosen); `REMOVE_GROUP {href}` (ignored for default groups);
 * `BACK` (the step's cancel button, labelled "back"); `SUBMIT`; `CLOSE`.
 *
 * Step 3 (`link`): `CLOSE`. `CLOSE` is ignored while submitting.
 */
export type InviteWizardEvent =
  | { type: 'SET_TYPE'; invitationType: InvitationType }
  | { type: 'ADD_EMAIL'; email: string }
  | { type: 'PASTE_EMAILS'; text: string }
  | { type: 'REMOVE_EMAIL'; email: string }
  | { type: 'SET_DOMAIN'; domain: string }
  | { type: 'SET_MESSAGE'; message: string }
  | { type: 'SET_DESCRIPTION'; description: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SEARCH_GROUPS'; text: string }
  | { type: 'ADD_GROUP'; group: GroupRef }
  | { type: 'REMOVE_GROUP'; href: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

/**
 * Output once `closed`: `cancelled` when closed before any invitation was created, else `sent` with the answer
 * (the host refreshes Manage invitations).
 */
export type InviteWizardOutput =
  | { readonly status: 'cancelled' }
  | {
      readonly status: 'sent';
      readonly invitationType: InvitationType;
      readonly totalInvitationsCreated: number;
      readonly invitationLink: string | undefined;
    };

/**
 * The body of `POST invitations` for the wizard's current context (spec 01 §3, §7): only the fields of the chosen
 * type are filled; the domain is trimmed and lower-cased; message and description are trimmed.
 */
export function buildInvitationRequest(context: InviteWizardContext): InvitationCreateRequest {
  const { invitationType: type } = context;
  return {
    groups: context.groups.map((group) => group.href),
    emails: type === 'users' ? [...context.emails] : [],
    organizationDomain: type === 'organization' ? context.organizationDomain.trim().toLowerCase() : '',
    link: type !== 'users',
    message: context.message.trim(),
    description: context.description.trim(),
  };
}

/**
 * The message for a rejected `POST invitations` (spec 01 §8): 400 → 'data validation failed', 500 → 'insert
 * failed', anything else (other statuses, network errors) → the default error message.
 */
export function invitationErrorMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null ? (error as InvitationRequestError).status : undefined;
  if (status === 400) return INVITATION_DATA_VALIDATION_FAILED;
  if (status === 500) return INVITATION_INSERT_FAILED;
  return DEFAULT_ERROR_MESSAGE;
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The invitation wizard machine (spec 01 §2, §3, §5, §7, §8, §9).
 *
 * States: `details` (step 1), `groups` (step 2: `idle`, `debouncing` for the `groupSearchDelay` of
 * {@link GROUP_SEARCH_DELAY_MS}, `searching` running `searchGroups`), `submitting` (running `submitInvitations`),
 * `link` (step 3), `closed` (final; output {@link InviteWizardOutput}).
 *
 * Actors to provide with `.provide({actors: {searchGroups, submitInvitations}})`:
 * - `searchGroups`: `{q}` → `GroupRef[]` (`GET groups?q=`); a rejection shows {@link GROUP_SEARCH_FAILED};
 * - `submitInvitations`: {@link InvitationCreateRequest} → {@link InvitationCreateResponse} (`POST invitations`);
 *   rejects with {@link InvitationRequestError} (`{status}`) for HTTP failures.
 * The built-in ones reject (status 0), which shows the default message.
 */
export const inviteWizardMachine = setup({
  types: {
    context: {} as InviteWizardContext,
    events: {} as InviteWizardEvent,
    input: {} as InviteWizardInput,
    output: {} as InviteWizardOutput,
  },
  actors: {
    searchGroups: fromPromise<readonly GroupRef[], GroupSearchInput>(async () => {
      throw Object.assign(new Error('inviteWizard: provide `searchGroups` with .provide()'), { status: 0 });
    }),
    submitInvitations: fromPromise<InvitationCreateResponse, InvitationCreateRequest>(async () => {
      throw Object.assign(new Error('inviteWizard: provide `submitInvitations` with .provide()'), { status: 0 });
    }),
  },
  guards: {
    'isEmailAddable?': ({ context, event }) => event.type === 'ADD_EMAIL' && emailAddError(context.emails, event.email) === undefined,
    'isUsersInvitation?': ({ context }) => context.invitationType === 'users',
    'isOrganizationInvitation?': ({ context }) => context.invitationType === 'organization',
    'hasEmails?': ({ context }) => context.emails.length > 0,
    'isDomainValid?': ({ context }) => isValidDomain(context.organizationDomain),
    'hasSearchText?': ({ event }) => event.type === 'SEARCH_GROUPS' && event.text.trim().length > 0,
    'isGroupChosen?': ({ context, event }) => event.type === 'ADD_GROUP' && context.groups.some((group) => group.href === event.group.href),
    'isGroupRemovable?': ({ context, event }) => {
      if (event.type !== 'REMOVE_GROUP') return false;
      const group = context.groups.find((chosen) => chosen.href === event.href);
      return group !== undefined && !isDefaultGroup(group);
    },
    'wereNoInvitationsCreated?': (_, response: InvitationCreateResponse) => !(typeof response.totalInvitationsCreated === 'number' && response.totalInvitationsCreated > 0),
    'hasInvitationLink?': (_, response: InvitationCreateResponse) => typeof response.invitationLink === 'string' && response.invitationLink.trim().length > 0,
  },
  delays: {
    groupSearchDelay: GROUP_SEARCH_DELAY_MS,
  },
  actions: {
    setType: assign(({ event }) => {
      assertEvent(event, 'SET_TYPE');
      return { invitationType: event.invitationType, emailError: undefined };
    }),
    addEmail: assign(({ context, event }) => {
      assertEvent(event, 'ADD_EMAIL');
      return { emails: [...context.emails, event.email.trim()], emailError: undefined, pasteSkipped: [] };
    }),
    rejectEmail: assign(({ context, event }) => {
      assertEvent(event, 'ADD_EMAIL');
      return { emailError: emailAddError(context.emails, event.email) };
    }),
    addPastedEmails: assign(({ context, event }) => {
      assertEvent(event, 'PASTE_EMAILS');
      const { added, skipped } = pasteEmails(context.emails, event.text);
      return {
        emails: [...context.emails, ...added],
        pasteSkipped: skipped,
        emailError: added.length > 0 ? undefined : context.emailError,
      };
    }),
    removeEmail: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_EMAIL');
      const key = event.email.trim().toLowerCase();
      return { emails: context.emails.filter((email) => email.toLowerCase() !== key) };
    }),
    setDomain: assign(({ event }) => {
      assertEvent(event, 'SET_DOMAIN');
      const blank = event.domain.trim().length === 0;
      // A blank field shows no tooltip until Next is pressed; a non-empty invalid one shows it at once.
      return { organizationDomain: event.domain, domainError: blank || isValidDomain(event.domain) ? undefined : DOMAIN_NOT_VALID };
    }),
    setMessage: assign(({ event }) => {
      assertEvent(event, 'SET_MESSAGE');
      return { message: event.message };
    }),
    setDescription: assign(({ event }) => {
      assertEvent(event, 'SET_DESCRIPTION');
      return { description: event.description };
    }),
    showEmailListEmpty: assign({ emailError: EMAIL_LIST_EMPTY }),
    showDomainNotValid: assign({ domainError: DOMAIN_NOT_VALID }),
    clearStepErrors: assign({ emailError: undefined, domainError: undefined, pasteSkipped: [] }),
    clearSubmitError: assign({ submitError: undefined }),
    setSearchText: assign(({ event }) => {
      assertEvent(event, 'SEARCH_GROUPS');
      return { groupSearchText: event.text, groupSearchError: undefined };
    }),
    clearGroupSearch: assign(({ event }) => {
      assertEvent(event, 'SEARCH_GROUPS');
      return { groupSearchText: event.text, groupSearchResults: [], groupSearchError: undefined };
    }),
    resetGroupSearch: assign({ groupSearchText: '', groupSearchResults: [], groupSearchError: undefined }),
    storeSearchResults: assign((_, results: readonly GroupRef[]) => ({
      groupSearchResults: uniqueBy(results, (group) => group.href),
      groupSearchError: undefined,
    })),
    storeSearchError: assign({ groupSearchResults: [], groupSearchError: GROUP_SEARCH_FAILED }),
    addGroup: assign(({ context, event }) => {
      assertEvent(event, 'ADD_GROUP');
      return { groups: [...context.groups, { href: event.group.href, name: event.group.name }] };
    }),
    removeGroup: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_GROUP');
      return { groups: context.groups.filter((group) => group.href !== event.href) };
    }),
    storeResult: assign((_, response: InvitationCreateResponse) => ({
      totalInvitationsCreated: response.totalInvitationsCreated,
      invitationLink: typeof response.invitationLink === 'string' && response.invitationLink.trim().length > 0 ? response.invitationLink.trim() : undefined,
    })),
    failSubmit: assign((_, params: { message: string }) => ({ submitError: params.message })),
  },
}).createMachine({
  id: 'inviteWizard',
  initial: 'details',
  context: ({ input }) => ({
    invitationType: input.invitationType ?? 'users',
    emails: uniqueBy((input.emails ?? []).map((email) => email.trim()).filter(isValidPresetEmail), (email) => email.toLowerCase()),
    emailError: undefined,
    pasteSkipped: [],
    organizationDomain: '',
    domainError: undefined,
    message: '',
    description: '',
    groups: uniqueBy(input.groups ?? [], (group) => group.href).map(({ href, name }) => ({ href, name })),
    groupSearchText: '',
    groupSearchResults: [],
    groupSearchError: undefined,
    submitError: undefined,
    totalInvitationsCreated: undefined,
    invitationLink: undefined,
  }),
  states: {
    details: {
      on: {
        SET_TYPE: { actions: 'setType' },
        ADD_EMAIL: [{ guard: 'isEmailAddable?', actions: 'addEmail' }, { actions: 'rejectEmail' }],
        PASTE_EMAILS: { actions: 'addPastedEmails' },
        REMOVE_EMAIL: { actions: 'removeEmail' },
        SET_DOMAIN: { actions: 'setDomain' },
        SET_MESSAGE: { actions: 'setMessage' },
        SET_DESCRIPTION: { actions: 'setDescription' },
        NEXT: [
          // spec 01 §2, §5: Next needs at least one email.
          { guard: and(['isUsersInvitation?', not('hasEmails?')]), actions: 'showEmailListEmpty' },
          // spec 01 §5: an invalid organization domain disables submit.
          { guard: and(['isOrganizationInvitation?', not('isDomainValid?')]), actions: 'showDomainNotValid' },
          { target: 'groups', actions: 'clearStepErrors' },
        ],
        CLOSE: 'closed',
      },
    },
    groups: {
      initial: 'idle',
      exit: 'resetGroupSearch',
      on: {
        // spec 01 §5: the search is sent only for non-empty text, 500 ms after the last keystroke.
        SEARCH_GROUPS: [
          { guard: 'hasSearchText?', target: '.debouncing', reenter: true, actions: 'setSearchText' },
          { target: '.idle', actions: 'clearGroupSearch' },
        ],
        // spec 01 §5: a group cannot be added twice; the default groups cannot be removed.
        ADD_GROUP: { guard: not('isGroupChosen?'), actions: 'addGroup' },
        REMOVE_GROUP: { guard: 'isGroupRemovable?', actions: 'removeGroup' },
        // spec 01 §2: the cancel button of step 2 reads "back".
        BACK: { target: 'details', actions: 'clearSubmitError' },
        SUBMIT: 'submitting',
        CLOSE: 'closed',
      },
      states: {
        idle: {},
        debouncing: {
          after: { groupSearchDelay: 'searching' },
        },
        searching: {
          invoke: {
            id: 'searchGroups',
            src: 'searchGroups',
            input: ({ context }) => ({ q: context.groupSearchText.trim() }),
            onDone: {
              target: 'idle',
              actions: { type: 'storeSearchResults', params: ({ event }) => event.output },
            },
            onError: { target: 'idle', actions: 'storeSearchError' },
          },
        },
      },
    },
    submitting: {
      entry: 'clearSubmitError',
      invoke: {
        id: 'submitInvitations',
        src: 'submitInvitations',
        input: ({ context }) => buildInvitationRequest(context),
        onDone: [
          {
            guard: { type: 'wereNoInvitationsCreated?', params: ({ event }) => event.output },
            target: 'groups',
            actions: { type: 'failSubmit', params: { message: NO_INVITATIONS_SENT } },
          },
          {
            guard: 'isUsersInvitation?',
            target: 'closed',
            actions: { type: 'storeResult', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasInvitationLink?', params: ({ event }) => event.output },
            target: 'link',
            actions: { type: 'storeResult', params: ({ event }) => event.output },
          },
          { target: 'groups', actions: { type: 'failSubmit', params: { message: NO_INVITATION_LINK } } },
        ],
        onError: {
          target: 'groups',
          actions: { type: 'failSubmit', params: ({ event }) => ({ message: invitationErrorMessage(event.error) }) },
        },
      },
    },
    link: {
      on: { CLOSE: 'closed' },
    },
    closed: { type: 'final' },
  },
  output: ({ context }): InviteWizardOutput =>
    context.totalInvitationsCreated === undefined
      ? { status: 'cancelled' }
      : {
          status: 'sent',
          invitationType: context.invitationType,
          totalInvitationsCreated: context.totalInvitationsCreated,
          invitationLink: context.invitationLink,
        },
});

/** A snapshot of {@link inviteWizardMachine}. */
export type InviteWizardSnapshot = SnapshotFrom<typeof inviteWizardMachine>;

/** The wizard step a snapshot shows: 1 details, 2 groups (also while submitting), 3 link; `undefined` once closed. */
export function inviteWizardStep(snapshot: InviteWizardSnapshot): 1 | 2 | 3 | undefined {
  if (snapshot.matches('details')) return 1;
  if (snapshot.matches('groups') || snapshot.matches('submitting')) return 2;
  if (snapshot.matches('link')) return 3;
  return undefined;
}

/** Label of the wizard's cancel button per step: step 2's reads "back" (spec 01 §2); step 3 only closes. */
export const INVITE_WIZARD_CANCEL_LABELS = { 1: 'cancel', 2: 'back', 3: 'close' } as const; // spec 01 §2

/** The cancel button's label for `snapshot` ({@link INVITE_WIZARD_CANCEL_LABELS}); `undefined` once closed. */
export function inviteWizardCancelLabel(snapshot: InviteWizardSnapshot): (typeof INVITE_WIZARD_CANCEL_LABELS)[1 | 2 | 3] | undefined {
  const step = inviteWizardStep(snapshot);
  return step === undefined ? undefined : INVITE_WIZARD_CANCEL_LABELS[step];
}

/**
 * `true` when the primary button of the current step may be pressed: step 1 Next for organization is disabled while
 * the 'domain not valid' tooltip shows (spec 01 §5 "otherwise the tooltip 'domain not valid' shows and submit is
 * disabled": at once for a typed domain, and after Next found it blank); step 2 Submit is disabled while submitting.
 * The users type's empty list is not disabled here: pressing Next shows 'email list empty' (spec 01 §5).
 */
export function inviteWizardCanProceed(snapshot: InviteWizardSnapshot): boolean {
  const { context } = snapshot;
  if (snapshot.matches('details')) {
    return context.invitationType !== 'organization' || context.domainError === undefined;
  }
  return snapshot.matches('groups');
}

/** The search results not already chosen, for the step 2 picker (spec 01 §5: a group cannot be added twice). */
export function groupSearchOptions(context: InviteWizardContext): GroupRef[] {
  const chosen = new Set(context.groups.map((group) => group.href));
  return context.groupSearchResults.filter((group) => !chosen.has(group.href));
}
