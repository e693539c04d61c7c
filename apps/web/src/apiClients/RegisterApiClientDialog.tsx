/**
 * Registering an API client (issue 11 "Applications": name, acting as a chosen user or group, the secret shown
 * once), on the `apiClientRegister` machine. Whom it acts as: the caller, a group the caller is in (their own
 * `member-of`), or, for callers who administer users, any group found by name; the DAM refuses a principal with more
 * rights than the caller (403, shown in the form).
 */
import { useCallback, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { apiClientRegisterMachine, type ApiClientDraft, type RegisteredApiClient } from '@magpie/machines';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ActingAsFields, usePrincipalSearch, type Principal } from '../components/ActingAsFields.tsx';
import { SecretRegisterDialog, SecretValue } from '../components/SecretRegisterDialog.tsx';

/** Props of {@link RegisterApiClientDialog}. */
export interface RegisterApiClientDialogProps {
  /** The caller (the descriptor's `user`). */
  readonly me: Principal;
  /** The descriptor's `userManagement.groupList` when the caller administers users: any group can then be searched. */
  readonly groupList: string | undefined;
  /** Called once the dialog ends: the new client, or undefined when cancelled. */
  readonly onClose: (created: RegisteredApiClient | undefined) => void;
}

/** The caller and the groups they are in (their own user's `member-of`, which every caller may read). */
async function ownPrincipals(me: Principal, signal: AbortSignal): Promise<Principal[]> {
  const user = await api.getUser(me.href, { signal });
  const memberOf = await api.getMemberOf(user.memberOfHref, { signal });
  return [{ href: me.href, name: `Me (${me.name})` }, ...memberOf.groups.map((group) => ({ href: group.href, name: `Group: ${group.name}` }))];
}

/** Groups whose name matches `q` in the group list `list`. */
async function findGroups(list: string, q: string, signal: AbortSignal): Promise<Principal[]> {
  const groups = await api.listGroups(list, { q }, { signal });
  return groups.data.map((group) => ({ href: group.href, name: `Group: ${group.name}` }));
}

/** See the module comment. */
export function RegisterApiClientDialog({ me, groupList, onClose }: RegisterApiClientDialogProps) {
  const [state, send] = useMachine(
    apiClientRegisterMachine.provide({
      actors: {
        register: fromPromise<RegisteredApiClient, ApiClientDraft>(({ input }) => machineCall(() => api.createApplication({ name: input.name, actingAs: input.actingAs }))),
      },
    }),
  );
  const own = useResource<Principal[]>(me.href, (signal) => ownPrincipals(me, signal));
  const [name, setName] = useState('');
  const [actingAs, setActingAs] = useState('');
  const { found, query, setQuery } = usePrincipalSearch(groupList, findGroups);

  const choices = [...(own.data ?? [{ href: me.href, name: `Me (${me.name})` }]), ...found.filter((f) => !(own.data ?? []).some((o) => o.href === f.href))];
  const register = useCallback(() => send({ type: 'REGISTER', draft: { name, actingAs } }), [send, name, actingAs]);

  return (
    <SecretRegisterDialog
      testId="api-client"
      state={state}
      send={send}
      onClose={onClose}
      title="Register API client"
      createdTitle="API client registered"
      submitLabel="Register"
      onSubmit={register}
      warning="Copy the secret now and keep it in the integration’s secret store: it is not shown again."
      doneLabel="I have stored the secret"
      createdBody={(created) => (
        <>
          <Text>
            <strong>{created.name}</strong> acts as {created.actingAsName}.
          </Text>
          <SecretValue label="Client id" value={created.clientId} testId="api-client-id" />
          <SecretValue label="Client secret" value={created.clientSecret} testId="api-client-secret" />
        </>
      )}
    >
      <ActingAsFields
        testId="api-client"
        name={name}
        onName={setName}
        namePlaceholder="Web shop sync"
        problems={state.context.problems}
        actingAs={actingAs}
        onActingAs={setActingAs}
        choices={choices}
        choose="Choose a user or group…"
        helper="The client may do exactly what this user or group may. A group made for the integration is the safest choice."
        search={
          groupList
            ? {
                label: 'Find another group',
                placeholder: 'Group name',
                helper: 'Matching groups are added to “Acts as”.',
                testId: 'api-client-group-search',
                query,
                onQuery: setQuery,
              }
            : undefined
        }
      />
    </SecretRegisterDialog>
  );
}
