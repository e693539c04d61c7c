/**
 * Creating and saving the `memberEditList` actors of the forms (spec 03 §4 add and remove lists, §7 PATCH
 * `{add, remove}`): the actor provided with the client's `updateMemberships`, and "save and wait" for a form's Save.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { memberEditListMachine, type ApplyMemberChangesInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { memberListErrorText } from './errors.ts';
import { machineCall } from '../api/requestErrors.ts';

/** A member list actor. */
export type MemberListActor = ActorRefFrom<typeof memberEditListMachine>;

/** The machine with its PATCH provided: `updateMemberships(href, {add, remove})` through the app's client. */
export const appMemberEditListMachine = memberEditListMachine.provide({
  actors: {
    applyMemberChanges: fromPromise<unknown, ApplyMemberChangesInput>(({ input }) =>
      machineCall(() => api.updateMemberships(input.href, { add: [...input.add], remove: [...input.remove] })),
    ),
  },
});

/**
 * Sends the list's pending changes (to `href` when given: a user or group created just before) and waits: resolves
 * when saved (at once when nothing changed, spec 03 §4), rejects with the list's message (spec 03 §8) when the PATCH
 * failed; the list keeps its changes for another try.
 */
export async function saveMemberList(actor: MemberListActor, href?: string): Promise<void> {
  actor.send(href === undefined ? { type: 'SAVE' } : { type: 'SAVE', href });
  const snapshot = await waitFor(actor, (s) => s.status === 'done' || (s.matches('editing') && s.context.error !== undefined));
  if (snapshot.status !== 'done') throw new Error(memberListErrorText(snapshot.context.error));
}

/** True when the list has changes to send. */
export function hasMemberChanges(actor: MemberListActor): boolean {
  const { added, removed } = actor.getSnapshot().context;
  return added.length + removed.length > 0;
}
