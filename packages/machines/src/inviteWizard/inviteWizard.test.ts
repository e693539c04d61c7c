import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { isDefaultGroup, type GroupRef } from './groups.ts';
import {
  buildInvitationRequest,
  GROUP_SEARCH_DELAY_MS,
  GROUP_SEARCH_FAILED,
  groupSearchOptions,
  INVITATION_DATA_VALIDATION_FAILED,
  INVITATION_INSERT_FAILED,
  invitationErrorMessage,
  inviteWizardCancelLabel,
  inviteWizardCanProceed,
  inviteWizardMachine,
  inviteWizardStep,
  NO_INVITATION_LINK,
  NO_INVITATIONS_SENT,
  type GroupSearchInput,
  type InvitationCreateRequest,
  type InvitationCreateResponse,
  type InviteWizardContext,
  type InviteWizardEvent,
  type InviteWizardInput,
} from './inviteWizard.machine.ts';
import { inviteModelInput, inviteWizardModel, MODEL_EDITORS, MODEL_PHOTOGRAPHERS, MODEL_REGISTERED_USERS } from './inviteWizard.model.ts';
import { DOMAIN_NOT_VALID, EMAIL_IN_LIST, EMAIL_LIST_EMPTY, EMAIL_NOT_VALID, isValidDomain, isValidEmail } from './validation.ts';

const shortestPaths = inviteWizardModel.testModel('shortest').getShortestPaths();
const simplePaths = inviteWizardModel.testModel('simple').getSimplePaths();

const SUBMIT_MESSAGES = new Set([NO_INVITATIONS_SENT, NO_INVITATION_LINK, INVITATION_DATA_VALIDATION_FAILED, INVITATION_INSERT_FAILED, DEFAULT_ERROR_MESSAGE]);

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

type Snapshot = ReturnType<ReturnType<typeof startWizard>['actor']['getSnapshot']>;

function startWizard(input: InviteWizardInput, coverage?: CoverageTracker) {
  const searches = createControlledPromiseActor<readonly GroupRef[], GroupSearchInput>();
  const submits = createControlledPromiseActor<InvitationCreateResponse, InvitationCreateRequest>();
  const clock = new SimulatedClock();
  const actor = createActor(inviteWizardMachine.provide({ actors: { searchGroups: searches.logic, submitInvitations: submits.logic } }), {
    input,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return { actor, searches, submits, clock };
}

/** Spec oracles for one step, from the snapshots before and after it (independent of the machine's own guards). */
function checkStep(event: EventObject, before: Snapshot, after: Snapshot): void {
  const was = before.context;
  const now = after.context;
  switch (event.type) {
    case 'ADD_EMAIL': {
      const { email } = event as Extract<InviteWizardEvent, { type: 'ADD_EMAIL' }>;
      const listed = was.emails.some((e) => e.toLowerCase() === email.trim().toLowerCase());
      // spec 01 §5: invalid → 'email not valid'; duplicate → 'email in list'; otherwise added.
      if (!isValidEmail(email)) expect([now.emails, now.emailError]).toEqual([was.emails, EMAIL_NOT_VALID]);
      else if (listed) expect([now.emails, now.emailError]).toEqual([was.emails, EMAIL_IN_LIST]);
      else expect(now.emails).toEqual([...was.emails, email.trim()]);
      break;
    }
    case 'PASTE_EMAILS': {
      // spec 01 §5: only valid, new addresses are added.
      const added = now.emails.slice(was.emails.length);
      expect(now.emails.slice(0, was.emails.length)).toEqual(was.emails);
      for (const email of added) {
        expect(isValidEmail(email)).toBe(true);
        expect(was.emails.map((e) => e.toLowerCase())).not.toContain(email.toLowerCase());
      }
      break;
    }
    case 'NEXT':
      if (was.invitationType === 'users' && was.emails.length === 0) {
        expect(after.value).toBe('details');
        expect(now.emailError).toBe(EMAIL_LIST_EMPTY);
      } else if (was.invitationType === 'organization' && !isValidDomain(was.organizationDomain)) {
        expect(after.value).toBe('details');
        expect(now.domainError).toBe(DOMAIN_NOT_VALID);
      } else {
        expect(after.matches('groups')).toBe(true);
      }
      break;
    case 'ADD_GROUP': {
      const { group } = event as Extract<InviteWizardEvent, { type: 'ADD_GROUP' }>;
      // spec 01 §5: a group cannot be added twice.
      if (was.groups.some((g) => g.href === group.href)) expect(now.groups).toBe(was.groups);
      else expect(now.groups).toEqual([...was.groups, group]);
      break;
    }
    case 'REMOVE_GROUP': {
      const { href } = event as Extract<InviteWizardEvent, { type: 'REMOVE_GROUP' }>;
      const group = was.groups.find((g) => g.href === href);
      // spec 01 §5: the default groups cannot be removed.
      if (group && isDefaultGroup(group)) expect(now.groups).toBe(was.groups);
      else expect(now.groups).toEqual(was.groups.filter((g) => g.href !== href));
      break;
    }
    case 'BACK':
      // spec 01 §2: step 2's cancel button reads "back" and returns to step 1.
      expect(inviteWizardCancelLabel(before)).toBe('back');
      expect(after.value).toBe('details');
      break;
    case 'xstate.done.actor.submitInvitations': {
      const output = (event as unknown as { output: InvitationCreateResponse }).output;
      if (output.totalInvitationsCreated === 0) expect(now.submitError).toBe(NO_INVITATIONS_SENT);
      // spec 01 §2: the users type closes on success; organization and link show the resulting link.
      else if (was.invitationType === 'users') expect(after.value).toBe('closed');
      else if (output.invitationLink) expect([after.value, now.invitationLink]).toEqual(['link', output.invitationLink]);
      else expect(now.submitError).toBe(NO_INVITATION_LINK);
      break;
    }
    case 'xstate.error.actor.submitInvitations': {
      const { status } = (event as unknown as { error: { status: number } }).error;
      // spec 01 §8: 400 'data validation failed', 500 'insert failed'; the dialog stays on step 2.
      const expected = status === 400 ? 'data validation failed' : status === 500 ? 'insert failed' : DEFAULT_ERROR_MESSAGE;
      expect([inviteWizardStep(after), now.submitError]).toEqual([2, expected]);
      break;
    }
    case 'CLOSE':
      expect(after.value).toBe('closed');
      break;
  }
}

function createWizardDriver(input: InviteWizardInput, coverage?: CoverageTracker): PathDriver {
  const { actor, searches, submits, clock } = startWizard(input, coverage);
  const presetDefaults = (input.groups ?? []).filter(isDefaultGroup).map((g) => g.href);

  async function stimulate(event: EventObject): Promise<void> {
    const payload = event as unknown as { output?: never; error?: unknown };
    switch (event.type) {
      case 'xstate.done.actor.searchGroups':
        searches.current().resolve(payload.output as never);
        return flushPromises();
      case 'xstate.error.actor.searchGroups':
        searches.current().reject(payload.error);
        return flushPromises();
      case 'xstate.done.actor.submitInvitations':
        submits.current().resolve(payload.output as never);
        return flushPromises();
      case 'xstate.error.actor.submitInvitations':
        submits.current().reject(payload.error);
        return flushPromises();
      case 'xstate.after.groupSearchDelay.inviteWizard.groups.debouncing': {
        // spec 01 §5, §9: the search goes out exactly 500 ms after the last keystroke, not 1 ms earlier.
        const sent = searches.invocations.length;
        clock.increment(GROUP_SEARCH_DELAY_MS - 1);
        await flushPromises();
        expect(actor.getSnapshot().matches({ groups: 'debouncing' })).toBe(true);
        expect(searches.invocations).toHaveLength(sent);
        clock.increment(1);
        await flushPromises();
        expect(searches.invocations).toHaveLength(sent + 1);
        return;
      }
      default:
        actor.send(event as InviteWizardEvent);
    }
  }

  return {
    async exec(event) {
      const before = actor.getSnapshot();
      await stimulate(event);
      checkStep(event, before, actor.getSnapshot());
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // Emails: all valid, unique case-insensitively (spec 01 §5).
      for (const email of context.emails) expect(isValidEmail(email)).toBe(true);
      expect(new Set(context.emails.map((e) => e.toLowerCase())).size).toBe(context.emails.length);
      // Groups: unique; the preset default groups are still there (spec 01 §5).
      expect(new Set(context.groups.map((g) => g.href)).size).toBe(context.groups.length);
      for (const href of presetDefaults) expect(context.groups.map((g) => g.href)).toContain(href);
      // Every search ever sent had non-empty, trimmed text (spec 01 §5).
      for (const { input: search } of searches.invocations) {
        expect(search.q.length).toBeGreaterThan(0);
        expect(search.q).toBe(search.q.trim());
      }
      if (context.submitError !== undefined) expect(SUBMIT_MESSAGES.has(context.submitError)).toBe(true);
      const step = inviteWizardStep(snapshot);
      expect(inviteWizardCancelLabel(snapshot)).toBe(step === undefined ? undefined : ({ 1: 'cancel', 2: 'back', 3: 'close' } as const)[step]);

      const searching = snapshot.matches({ groups: 'searching' });
      expect(searches.pending()).toHaveLength(searching ? 1 : 0);
      expect(submits.pending()).toHaveLength(snapshot.matches('submitting') ? 1 : 0);
      expect(pendingTimers(clock)).toBe(snapshot.matches({ groups: 'debouncing' }) ? 1 : 0);
      if (!snapshot.matches('groups')) {
        expect([context.groupSearchText, context.groupSearchResults, context.groupSearchError]).toEqual(['', [], undefined]);
      }

      if (snapshot.matches({ groups: 'debouncing' })) expect(context.groupSearchText.trim()).not.toBe('');
      if (searching) expect(searches.current().input).toEqual({ q: context.groupSearchText.trim() });
      if (context.groupSearchError !== undefined) expect(context.groupSearchError).toBe(GROUP_SEARCH_FAILED);
      if (snapshot.matches('submitting')) {
        const request = submits.current().input;
        expect(request).toEqual(buildInvitationRequest(context));
        expect(request.groups).toEqual(context.groups.map((g) => g.href));
        // Only a valid step 1 reaches the server (spec 01 §2, §5).
        if (context.invitationType === 'users') expect(request.emails.length).toBeGreaterThan(0);
        if (context.invitationType === 'organization') expect(isValidDomain(request.organizationDomain)).toBe(true);
        expect(request.link).toBe(context.invitationType !== 'users');
      }
      if (snapshot.matches('link')) {
        expect(context.invitationType).not.toBe('users');
        expect(context.invitationLink).toBeTruthy();
        expect(context.totalInvitationsCreated).toBeGreaterThan(0);
      }
      if (snapshot.matches('closed')) {
        expect(snapshot.status).toBe('done');
        expect(snapshot.output).toEqual(
          context.totalInvitationsCreated === undefined
            ? { status: 'cancelled' }
            : {
                status: 'sent',
                invitationType: context.invitationType,
                totalInvitationsCreated: context.totalInvitationsCreated,
                invitationLink: context.invitationLink,
              },
        );
      } else {
        expect(snapshot.status).toBe('active');
      }
    },
  };
}

describeModelPaths('inviteWizard model: shortest paths (three types, every event and outcome)', shortestPaths, 150, () => createWizardDriver(inviteModelInput('shortest')));

describeModelPaths('inviteWizard model: simple paths (three types, no step extras)', simplePaths, 100, () => createWizardDriver(inviteModelInput('simple')));

describe('inviteWizard coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(inviteWizardMachine);
    for (const path of shortestPaths) await runPath(path, createWizardDriver(inviteModelInput('shortest'), coverage));
    for (const path of simplePaths) await runPath(path, createWizardDriver(inviteModelInput('simple'), coverage));
    const report = coverage.report();
    console.log(formatCoverage('inviteWizard', report));
    assertFullCoverage('inviteWizard', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

describe('invitation errors and request (spec 01 §3, §7, §8)', () => {
  it('maps 400 and 500 to their messages, anything else to the default message', () => {
    expect(invitationErrorMessage({ status: 400 })).toBe('data validation failed');
    expect(invitationErrorMessage({ status: 500 })).toBe('insert failed');
    expect(invitationErrorMessage({ status: 403 })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(invitationErrorMessage(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(invitationErrorMessage(undefined)).toBe(DEFAULT_ERROR_MESSAGE);
    expect(NO_INVITATIONS_SENT).toBe('no invitations sent');
    expect(NO_INVITATION_LINK).toBe('no link');
  });

  it('fills only the fields of the chosen type', () => {
    const base = createActor(inviteWizardMachine, {
      input: { emails: ['ann@example.com'], groups: [MODEL_REGISTERED_USERS] },
    }).getSnapshot().context;
    const context: InviteWizardContext = { ...base, organizationDomain: ' Photo.Example.COM ', message: ' Hi ', description: ' note ' };
    expect(buildInvitationRequest(context)).toEqual({
      groups: ['/fotoweb/groups/10001'],
      emails: ['ann@example.com'],
      organizationDomain: '',
      link: false,
      message: 'Hi',
      description: 'note',
    });
    expect(buildInvitationRequest({ ...context, invitationType: 'organization' })).toMatchObject({
      emails: [],
      organizationDomain: 'photo.example.com',
      link: true,
    });
    expect(buildInvitationRequest({ ...context, invitationType: 'link' })).toMatchObject({
      emails: [],
      organizationDomain: '',
      link: true,
    });
  });
});

describe('inviteWizard behaviour', () => {
  it('keeps only valid preset emails (stricter rule) and preset groups once', () => {
    const { context } = createActor(inviteWizardMachine, {
      input: {
        emails: ['ann@example.com', 'ANN@example.com', "o'brien@example.ie", 'bad'],
        groups: [MODEL_REGISTERED_USERS, MODEL_REGISTERED_USERS],
      },
    }).getSnapshot();
    expect(context.emails).toEqual(['ann@example.com']);
    expect(context.groups).toEqual([MODEL_REGISTERED_USERS]);
    expect(context.invitationType).toBe('users');
  });

  it('restarts the 500 ms group search delay on every keystroke and never sends blank text', async () => {
    const { actor, searches, clock } = startWizard({ groups: [MODEL_REGISTERED_USERS] });
    actor.send({ type: 'ADD_EMAIL', email: 'ann@example.com' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SEARCH_GROUPS', text: 'p' });
    clock.increment(400);
    actor.send({ type: 'SEARCH_GROUPS', text: 'ph' });
    clock.increment(400);
    await flushPromises();
    expect(searches.invocations).toHaveLength(0);
    clock.increment(100);
    await flushPromises();
    expect(searches.invocations.map((i) => i.input)).toEqual([{ q: 'ph' }]);
    actor.send({ type: 'SEARCH_GROUPS', text: '   ' });
    expect(searches.invocations[0]?.signal.aborted).toBe(true);
    clock.increment(10_000);
    await flushPromises();
    expect(searches.invocations).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ groups: 'idle' });
  });

  it('offers only search results not already chosen, and the cancel label follows the step', async () => {
    const { actor, searches, clock } = startWizard({ invitationType: 'link', groups: [MODEL_REGISTERED_USERS] });
    expect(inviteWizardCancelLabel(actor.getSnapshot())).toBe('cancel');
    actor.send({ type: 'NEXT' });
    expect(inviteWizardCancelLabel(actor.getSnapshot())).toBe('back');
    actor.send({ type: 'ADD_GROUP', group: MODEL_PHOTOGRAPHERS });
    actor.send({ type: 'SEARCH_GROUPS', text: 'e' });
    clock.increment(GROUP_SEARCH_DELAY_MS);
    searches.current().resolve([MODEL_PHOTOGRAPHERS, MODEL_EDITORS, MODEL_EDITORS]);
    await flushPromises();
    expect(groupSearchOptions(actor.getSnapshot().context)).toEqual([MODEL_EDITORS]);
  });

  it('disables Next for an organization while the tooltip says the domain is not valid: once typed, or once Next found it blank', () => {
    const { actor } = startWizard({ invitationType: 'organization' });
    expect(inviteWizardCanProceed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.domainError).toBeUndefined();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('details');
    expect(actor.getSnapshot().context.domainError).toBe(DOMAIN_NOT_VALID);
    expect(inviteWizardCanProceed(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SET_DOMAIN', domain: 'example' });
    expect(actor.getSnapshot().context.domainError).toBe(DOMAIN_NOT_VALID);
    expect(inviteWizardCanProceed(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SET_DOMAIN', domain: 'example.com' });
    expect(actor.getSnapshot().context.domainError).toBeUndefined();
    expect(inviteWizardCanProceed(actor.getSnapshot())).toBe(true);
  });

  it('ignores CLOSE while submitting, and Submit is disabled then', () => {
    const { actor, submits } = startWizard({ invitationType: 'link' });
    actor.send({ type: 'NEXT' });
    expect(inviteWizardCanProceed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(inviteWizardCanProceed(actor.getSnapshot())).toBe(false);
    expect(submits.current().signal.aborted).toBe(false);
  });

  it('shows the default message when no submit actor is provided, and cancels with status cancelled', async () => {
    const actor = createActor(inviteWizardMachine, { input: { invitationType: 'link' } }).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().context.submitError).toBe(DEFAULT_ERROR_MESSAGE);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ status: 'cancelled' });
  });

  it('closes a users invitation with the count created, and keeps the dialog on a 0 count', async () => {
    const submitted: InvitationCreateRequest[] = [];
    let created = 0;
    const actor = createActor(
      inviteWizardMachine.provide({
        actors: {
          submitInvitations: fromPromise<InvitationCreateResponse, InvitationCreateRequest>(async ({ input }) => {
            submitted.push(input);
            return { totalInvitationsCreated: created };
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'PASTE_EMAILS', text: 'ann@example.com, bob@example.org' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().context.submitError).toBe(NO_INVITATIONS_SENT);
    created = 2;
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().output).toEqual({
      status: 'sent',
      invitationType: 'users',
      totalInvitationsCreated: 2,
      invitationLink: undefined,
    });
    expect(submitted.map((r) => r.emails)).toEqual([
      ['ann@example.com', 'bob@example.org'],
      ['ann@example.com', 'bob@example.org'],
    ]);
  });
});
