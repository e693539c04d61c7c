/**
 * Registering an API client (issue 11 "Applications": name, acting as a chosen user or group, the secret shown
 * once), on the `apiClientRegister` machine. Whom it acts as: the caller, a group the caller is in (their own
 * `member-of`), or, for callers who administer users, any group found by name; the DAM refuses a principal with more
 * rights than the caller (403, shown in the form).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Clipboard, Code, Dialog, Field, HStack, IconButton, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { apiClientRegisterMachine, type ApiClientDraft, type RegisteredApiClient } from '@magpie/machines';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { machineCall } from '../api/requestErrors.ts';
import { useDebouncedValue } from '../components/useDebouncedValue.ts';
import { SEARCH_DEBOUNCE_MS } from '../components/useDebouncedValue.ts';

/** A principal the client can act as: an href and the name shown. */
interface Principal {
  readonly href: string;
  readonly name: string;
}

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
  const [found, setFound] = useState<readonly Principal[]>([]);
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!groupList || q === '') return setFound([]);
    const controller = new AbortController();
    api
      .listGroups(groupList, { q }, { signal: controller.signal })
      .then((list) => setFound(list.data.map((group) => ({ href: group.href, name: `Group: ${group.name}` }))))
      .catch(() => setFound([]));
    return () => controller.abort();
  }, [groupList, q]);

  const reported = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || reported.current) return;
    reported.current = true;
    onClose(state.output.created);
  }, [state, onClose]);

  const value = String(state.value);
  const { problems, error, created } = state.context;
  const choices = [...(own.data ?? [{ href: me.href, name: `Me (${me.name})` }]), ...found.filter((f) => !(own.data ?? []).some((o) => o.href === f.href))];
  const register = useCallback(() => send({ type: 'REGISTER', draft: { name, actingAs } }), [send, name, actingAs]);
  const messages = [...problems, ...(error ? [error] : [])];

  return (
    <Dialog.Root
      open
      onOpenChange={(d) => (d.open || value === 'registering' ? undefined : send({ type: value === 'created' ? 'DONE' : 'CANCEL' }))}
      closeOnInteractOutside={false}
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-client-dialog" data-state={value}>
            <Dialog.Header>
              <Dialog.Title>{created ? 'API client registered' : 'Register API client'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {created ? (
                <Stack gap="3" data-testid="api-client-created">
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Description>Copy the secret now and keep it in the integration’s secret store: it is not shown again.</Alert.Description>
                  </Alert.Root>
                  <Text>
                    <strong>{created.name}</strong> acts as {created.actingAsName}.
                  </Text>
                  <SecretLine label="Client id" value={created.clientId} testId="api-client-id" />
                  <SecretLine label="Client secret" value={created.clientSecret} testId="api-client-secret" />
                </Stack>
              ) : (
                <Stack gap="4">
                  {messages.length > 0 && (
                    <Alert.Root status="error" role="alert" data-testid="api-client-problems">
                      <Alert.Indicator />
                      <Alert.Content>
                        {messages.map((message) => (
                          <Alert.Description key={message} data-testid="api-client-problem">
                            {message}
                          </Alert.Description>
                        ))}
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={problems.some((p) => p.startsWith('Name') || p.startsWith('The name'))}>
                    <Field.Label>
                      Name
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Web shop sync" data-testid="api-client-name" autoComplete="off" />
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      Acts as
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={actingAs} onChange={(e) => setActingAs(e.target.value)} data-testid="api-client-acting-as">
                        <option value="">Choose a user or group…</option>
                        {choices.map((choice) => (
                          <option key={choice.href} value={choice.href}>
                            {choice.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.HelperText>The client may do exactly what this user or group may. A group made for the integration is the safest choice.</Field.HelperText>
                  </Field.Root>
                  {groupList && (
                    <Field.Root>
                      <Field.Label>Find another group</Field.Label>
                      <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Group name" data-testid="api-client-group-search" />
                      <Field.HelperText>Matching groups are added to “Acts as”.</Field.HelperText>
                    </Field.Root>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {created ? (
                <Button colorPalette="blue" onClick={() => send({ type: 'DONE' })} data-testid="api-client-done">
                  I have stored the secret
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={value === 'registering'} data-testid="api-client-cancel">
                    Cancel
                  </Button>
                  <Button colorPalette="blue" onClick={register} loading={value === 'registering'} data-testid="api-client-submit">
                    Register
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A value to copy: its label, the value in monospace, and a copy button. */
function SecretLine({ label, value, testId }: { readonly label: string; readonly value: string; readonly testId: string }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <HStack>
        <Code flex="1" py="1" px="2" wordBreak="break-all" data-testid={testId}>
          {value}
        </Code>
        <Clipboard.Root value={value}>
          <Clipboard.Trigger asChild>
            <IconButton size="xs" variant="outline" aria-label={`Copy the ${label.toLowerCase()}`}>
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </Clipboard.Root>
      </HStack>
    </Stack>
  );
}
