/**
 * The invitation wizard's test model (spec 01 §2 Invitation wizard, §3, §5, §8, §9): the payload cases and scopes
 * that `inviteWizard.test.ts` runs on real actors and `npm run paths -- inviteWizard` prints for QA.
 *
 * The `searchGroups` and `submitInvitations` invocations become their done/error events and the 500 ms group search
 * delay becomes its `xstate.after.groupSearchDelay.…` event (testing/modelMachine.ts). Every payload is plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import type { GroupRef } from './groups.ts';
import { inviteWizardMachine, type InvitationType, type InviteWizardContext, type InviteWizardInput } from './inviteWizard.machine.ts';

/** The preset default group (it can never be removed, spec 01 §5). */
export const MODEL_REGISTERED_USERS: GroupRef = { href: '/fotoweb/groups/10001', name: 'Registered Users' };
/** A group the model adds and removes. */
export const MODEL_PHOTOGRAPHERS: GroupRef = { href: '/fotoweb/groups/21', name: 'Photographers' };
/** A second search result. */
export const MODEL_EDITORS: GroupRef = { href: '/fotoweb/groups/22', name: 'Editors' };

/** The address the model types. */
export const MODEL_EMAIL = 'ann@example.com';
/** The same address in other case: rejected as 'email in list'. */
export const MODEL_DUPLICATE_EMAIL = 'ANN@example.com';
/** Not an address: rejected as 'email not valid'. */
export const MODEL_INVALID_EMAIL = 'ann.example.com';
/** Pasted from a mail client: adds bob (and ann when not listed), skips the name and the invalid token. */
export const MODEL_PASTE = 'Bob <bob@example.org>; ann.example.com, ann@example.com';
/** A valid organization domain and an invalid one. */
export const MODEL_DOMAIN = 'photo.example.com';
export const MODEL_INVALID_DOMAIN = 'example';
/** The invitation link the server answers for organization and link types. */
export const MODEL_LINK = 'https://dam.example.com/fotoweb/invitations/redeem/7f3a';
/** The search text the model types in step 2. */
export const MODEL_SEARCH_TEXT = 'pho';

/** How much of the wizard a model explores. */
export interface InviteWizardModelScope {
  /** Invitation types the model selects (the first is the input's). */
  readonly types: readonly InvitationType[];
  /** Explore email errors, paste, remove, message and description in step 1. */
  readonly detailsEdits: boolean;
  /** Explore group search (delay, results, failure) and adding/removing groups in step 2. */
  readonly groupEdits: boolean;
  /** Explore every submit outcome (each §8 error), or only success and one HTTP error. */
  readonly allOutcomes: boolean;
}

/**
 * The scope per path variant:
 * - `shortest`: all three types and every event and outcome (every state and context by its shortest route);
 * - `simple`: all three types with every submit outcome, but no step 1 extras and no group edits or search: every
 *   loop-free route through the steps (including BACK after each failure) stays a bounded list.
 */
export const INVITE_MODEL_SCOPES: Readonly<Record<PathVariant, InviteWizardModelScope>> = {
  shortest: { types: ['users', 'organization', 'link'], detailsEdits: true, groupEdits: true, allOutcomes: true },
  simple: { types: ['users', 'organization', 'link'], detailsEdits: false, groupEdits: false, allOutcomes: true },
};

/** The machine input per variant: the first type of the scope and the preset Registered Users group. */
export function inviteModelInput(variant: PathVariant): InviteWizardInput {
  return { invitationType: INVITE_MODEL_SCOPES[variant].types[0] ?? 'users', groups: [MODEL_REGISTERED_USERS] };
}

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** Step 1 context that nobody touched yet, apart from the type. */
function isPristine(context: InviteWizardContext): boolean {
  return (
    context.emails.length === 0 &&
    context.organizationDomain === '' &&
    context.message === '' &&
    context.description === '' &&
    context.emailError === undefined &&
    context.domainError === undefined
  );
}

/** Step 1 is filled in the canonical way for its type: the state from which step 2 is explored in depth. */
function isCanonicalDetails(context: InviteWizardContext): boolean {
  switch (context.invitationType) {
    case 'users':
      return context.emails.length === 1 && context.emails[0] === MODEL_EMAIL && context.message === '';
    case 'organization':
      return context.organizationDomain === MODEL_DOMAIN;
    case 'link':
      return context.message === '';
  }
}

function detailsEvents(context: InviteWizardContext, scope: InviteWizardModelScope): EventObject[] {
  const events: EventObject[] = [event('NEXT'), event('CLOSE')];
  // Step 1 extras only with the preset groups: coming back from step 2 with other groups adds nothing new.
  if (context.groups.length !== 1) return events;
  if (isPristine(context)) {
    for (const type of scope.types) {
      if (type !== context.invitationType) events.push(event('SET_TYPE', { invitationType: type }));
    }
  }
  const { emails } = context;
  switch (context.invitationType) {
    case 'users':
      if (emails.length === 0) events.push(event('ADD_EMAIL', { email: MODEL_EMAIL }));
      if (!scope.detailsEdits) break;
      if (emails.length === 0 && context.pasteSkipped.length === 0) {
        events.push(event('ADD_EMAIL', { email: MODEL_INVALID_EMAIL }));
        events.push(event('PASTE_EMAILS', { text: MODEL_PASTE }));
      }
      if (emails.length === 1 && emails[0] === MODEL_EMAIL && context.emailError === undefined) {
        events.push(event('ADD_EMAIL', { email: MODEL_DUPLICATE_EMAIL }));
        events.push(event('REMOVE_EMAIL', { email: MODEL_EMAIL }));
        if (context.message === '') events.push(event('SET_MESSAGE', { message: 'Welcome to the photo archive.' }));
      }
      break;
    case 'organization':
      if (context.organizationDomain === '') events.push(event('SET_DOMAIN', { domain: MODEL_DOMAIN }));
      if (scope.detailsEdits && context.organizationDomain === '' && context.domainError === undefined) {
        events.push(event('SET_DOMAIN', { domain: MODEL_INVALID_DOMAIN }));
      }
      if (scope.detailsEdits && context.organizationDomain === MODEL_INVALID_DOMAIN) {
        events.push(event('SET_DOMAIN', { domain: MODEL_DOMAIN }));
      }
      break;
    case 'link':
      if (scope.detailsEdits && context.description === '') {
        events.push(event('SET_DESCRIPTION', { description: 'Spring campaign freelancers' }));
      }
      break;
  }
  return events;
}

function groupsEvents(snapshot: AnyMachineSnapshot, scope: InviteWizardModelScope): EventObject[] {
  const context = snapshot.context as InviteWizardContext;
  const chosen = context.groups.some((group) => group.href === MODEL_PHOTOGRAPHERS.href);
  const editors = context.groups.some((group) => group.href === MODEL_EDITORS.href);
  // Submitting or going back with Editors chosen reaches nothing Photographers alone does not.
  const events: EventObject[] = editors ? [event('CLOSE')] : [event('SUBMIT'), event('BACK'), event('CLOSE')];
  // Group edits only for users, from the canonical step 1 and before any failed submit: enough for every transition.
  if (!scope.groupEdits || context.invitationType !== 'users' || !isCanonicalDetails(context) || context.submitError !== undefined) return events;
  if (context.groupSearchResults.length === 0) {
    // Groups are picked from the search's results, as on screen: search first (and clear a search before it goes out).
    if (!chosen && context.groupSearchText !== MODEL_SEARCH_TEXT) events.push(event('SEARCH_GROUPS', { text: MODEL_SEARCH_TEXT }));
    if (context.groupSearchText !== '') events.push(event('SEARCH_GROUPS', { text: '  ' }));
    if (snapshot.matches({ groups: 'debouncing' })) events.push(event('xstate.after.groupSearchDelay.inviteWizard.groups.debouncing'));
    if (snapshot.matches({ groups: 'searching' })) {
      events.push(event('xstate.done.actor.searchGroups', { output: [MODEL_PHOTOGRAPHERS, MODEL_EDITORS] }));
      events.push(event('xstate.error.actor.searchGroups', { error: { status: 500 } }));
    }
    return events;
  }
  // With results: Photographers, then Editors, then Photographers removed (a new vertex: {Registered, Editors}); the
  // preset Registered Users cannot be removed.
  if (!chosen && !editors) events.push(event('ADD_GROUP', { group: MODEL_PHOTOGRAPHERS }));
  if (chosen && !editors) events.push(event('ADD_GROUP', { group: MODEL_EDITORS }));
  if (chosen) events.push(event('REMOVE_GROUP', { href: MODEL_PHOTOGRAPHERS.href }));
  events.push(event('REMOVE_GROUP', { href: MODEL_REGISTERED_USERS.href }));
  return events;
}

function submitEvents(context: InviteWizardContext, scope: InviteWizardModelScope): EventObject[] {
  const done = (output: Record<string, unknown>) => event('xstate.done.actor.submitInvitations', { output });
  const error = (status: number) => event('xstate.error.actor.submitInvitations', { error: { status } });
  const users = context.invitationType === 'users';
  const success = done(users ? { totalInvitationsCreated: context.emails.length } : { totalInvitationsCreated: 1, invitationLink: MODEL_LINK });
  if (!scope.allOutcomes) return [success, error(500)];
  return [success, done({ totalInvitationsCreated: 0 }), ...(users ? [] : [done({ totalInvitationsCreated: 1, invitationLink: null })]), error(400), error(500), error(503)];
}

function modelEvents(scope: InviteWizardModelScope) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as InviteWizardContext;
    if (snapshot.matches('details')) return detailsEvents(context, scope);
    if (snapshot.matches('groups')) return groupsEvents(snapshot, scope);
    if (snapshot.matches('submitting')) return submitEvents(context, scope);
    if (snapshot.matches('link')) return [event('CLOSE')];
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(scope: InviteWizardModelScope) {
  const events = modelEvents(scope);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(inviteWizardMachine);

/** The `xstate/graph` test model of the wizard for `scope`, starting from `input`. A vertex is value + context. */
export function createInviteWizardTestModel(scope: InviteWizardModelScope, input: InviteWizardInput) {
  return createTestModel(modelMachine, {
    input,
    events: modelEvents(scope),
    filterEvents: modelFilter(scope),
    serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
  });
}

/**
 * The invitation wizard's {@link MachineModel} (spec 01 §2 Invitation wizard, §3, §5, §8, §9): see
 * {@link INVITE_MODEL_SCOPES} and {@link inviteModelInput} for what each variant explores.
 */
export const inviteWizardModel: MachineModel = {
  name: 'inviteWizard',
  title: 'Invite users, an organization or anyone with a link: emails or domain, groups, submit, show the link',
  spec: 'spec 01 §2 Invitation wizard, §3 Invitation (create), §5 email and domain rules, §8 invitation errors, §9',
  machine: inviteWizardMachine,
  testModel(variant: PathVariant) {
    return createInviteWizardTestModel(INVITE_MODEL_SCOPES[variant], inviteModelInput(variant));
  },
};
