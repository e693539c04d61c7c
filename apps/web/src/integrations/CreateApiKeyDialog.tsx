/**
 * Creating a legacy API key (issue 16 "Legacy API keys": a name and the user the key acts as, the key shown once;
 * fotoweb-api-notes §10 `FWAPIToken`; dam.yaml `createApiKey`), on the `apiClientRegister` machine: the same flow as
 * an API client (name and principal checked together, the secret shown once until DONE, 403/400 with the DAM's
 * reason), with the key as its secret. Whom it acts as: the caller; the site owner may also search for another user
 * (the DAM allows only the site owner to choose someone else, and never someone with more rights: 403 in the form).
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

/** Props of {@link CreateApiKeyDialog}. */
export interface CreateApiKeyDialogProps {
  /** The caller (the descriptor's `user`). */
  readonly me: Principal;
  /** The descriptor's `userManagement.userList` when the caller administers users; searched when they own the site. */
  readonly userList: string | undefined;
  /** Called once the dialog ends: the new key (its `clientSecret` the key), or undefined when cancelled. */
  readonly onClose: (created: RegisteredApiClient | undefined) => void;
}

/** The DAM's new key as the machine's registered secret: the key's id and the key itself. */
async function createKey(draft: ApiClientDraft): Promise<RegisteredApiClient> {
  const created = await api.createApiKey({ name: draft.name, actingAs: draft.actingAs });
  return { clientId: String(created.id), clientSecret: created.key, name: created.name, actingAsName: created.actingAsName, href: created.href };
}

/** Users whose name matches `q` in the user list `list`. */
async function findUsers(list: string, q: string, signal: AbortSignal): Promise<Principal[]> {
  const users = await api.listUsers(list, { q }, { signal });
  return users.data.map((user) => ({ href: user.href, name: user.fullName || user.username }));
}

/** See the module comment. */
export function CreateApiKeyDialog({ me, userList, onClose }: CreateApiKeyDialogProps) {
  const [state, send] = useMachine(
    apiClientRegisterMachine.provide({
      actors: { register: fromPromise<RegisteredApiClient, ApiClientDraft>(({ input }) => machineCall(() => createKey(input))) },
    }),
  );
  const self = useResource(me.href, (signal) => api.getUser(me.href, { signal }));
  const mayChooseOthers = Boolean(userList) && self.data?.isSiteOwner === true;
  const [name, setName] = useState('');
  const [actingAs, setActingAs] = useState(me.href);
  const { found, query, setQuery } = usePrincipalSearch(mayChooseOthers ? userList : undefined, findUsers);

  const choices = [{ href: me.href, name: `Me (${me.name})` }, ...found.filter((user) => user.href !== me.href)];
  const create = useCallback(() => send({ type: 'REGISTER', draft: { name, actingAs } }), [send, name, actingAs]);

  return (
    <SecretRegisterDialog
      testId="api-key"
      state={state}
      send={send}
      onClose={onClose}
      title="Create API key"
      createdTitle="API key created"
      submitLabel="Create"
      onSubmit={create}
      warning="Copy the key now and keep it in the integration’s secret store: it is not shown again."
      doneLabel="I have stored the key"
      createdBody={(created) => (
        <>
          <Text>
            <strong>{created.name}</strong> acts as {created.actingAsName}. Send it as the <code>FWAPIToken</code> header.
          </Text>
          <SecretValue label="API key" value={created.clientSecret} testId="api-key-value" />
        </>
      )}
    >
      <ActingAsFields
        testId="api-key"
        name={name}
        onName={setName}
        namePlaceholder="Nightly export"
        problems={state.context.problems}
        actingAs={actingAs}
        onActingAs={setActingAs}
        choices={choices}
        choose="Choose a user…"
        helper={
          <>
            The key may do exactly what this user may; the user needs the group permission “API access”.{' '}
            {mayChooseOthers ? 'As the site owner you may choose another user.' : 'Only the site owner may choose another user.'}
          </>
        }
        search={
          mayChooseOthers
            ? {
                label: 'Find another user',
                placeholder: 'Name or user name',
                helper: 'Matching users are added to “Acts as”.',
                testId: 'api-key-user-search',
                query,
                onQuery: setQuery,
              }
            : undefined
        }
      />
    </SecretRegisterDialog>
  );
}
