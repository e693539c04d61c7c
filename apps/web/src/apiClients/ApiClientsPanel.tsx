/**
 * The API clients room (issue 11 "Applications"; spec 03 §3.12 "Applications are keyed by clientId"; the screen is
 * not shown in the spec, so this is Magpie's design, see docs/decisions.md): the OAuth clients of integrations, each
 * acting as a user or a group, with Register (the `apiClientRegister` machine, {@link RegisterApiClientDialog}) and
 * Revoke. Shown by the API clients view (`routes/api-clients/`), which the settings menu's "API clients" opens; the
 * descriptor's `views.apiClients` offers it to callers with `manageSettings`.
 */
import { useState } from 'react';
import { Alert, Box, Button, Code, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { Application } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { loadErrorText } from '../api/requestErrors.ts';
import { formatDay } from '../lib/format.ts';
import { RegisterApiClientDialog } from './RegisterApiClientDialog.tsx';

/** See the module comment. */
export function ApiClientsPanel() {
  const { descriptor } = useSession();
  const allowed = typeof descriptor?.views.apiClients === 'string';
  const clients = useResource(allowed ? 'api-clients' : undefined, (signal) => api.listApplications({ signal }));
  const [registering, setRegistering] = useState(false);
  const [revoking, setRevoking] = useState<Application | undefined>(undefined);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | undefined>(undefined);

  if (!allowed) {
    return (
      <Stack p="6" gap="3" data-testid="api-clients-view">
        <Heading as="h1" size="lg">
          API clients
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Registering API clients needs the “Manage settings” permission of a group.</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }

  return (
    <Stack p="6" gap="4" maxW="5xl" data-testid="api-clients-view">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          API clients
        </Heading>
        <Button colorPalette="blue" size="sm" onClick={() => setRegistering(true)} data-testid="api-client-register">
          Register API client
        </Button>
      </HStack>
      <Text color="fg.muted" maxW="3xl">
        An integration (a script, a web shop, a sync job) signs in with its own client id and secret, never with a person’s password. It asks the DAM’s token endpoint (
        <Code>/fotoweb/oauth2/token</Code>, <Code>grant_type=client_credentials</Code>) for a token and may do exactly what the user or group it acts as may; that user or group
        needs the group permission “API access”.
      </Text>
      {notice && (
        <Alert.Root status={notice.status} data-testid="api-clients-notice">
          <Alert.Indicator />
          <Alert.Description>{notice.text}</Alert.Description>
        </Alert.Root>
      )}
      {clients.status === 'error' && (
        <Alert.Root status="error" data-testid="api-clients-error">
          <Alert.Indicator />
          <Alert.Description>{loadErrorText(clients.error)}</Alert.Description>
        </Alert.Root>
      )}
      {clients.status === 'loading' && !clients.data && <Spinner aria-label="Loading the API clients" />}
      {clients.data && (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label="API clients">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Acts as</Table.ColumnHeader>
                <Table.ColumnHeader>Client id</Table.ColumnHeader>
                <Table.ColumnHeader>Registered</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {clients.data.data.map((client) => (
                <Table.Row key={client.clientId} data-testid="api-client-row" data-client-id={client.clientId}>
                  <Table.Cell fontWeight="medium">{client.name}</Table.Cell>
                  <Table.Cell>{client.actingAsName}</Table.Cell>
                  <Table.Cell>
                    <Code>{client.clientId}</Code>
                  </Table.Cell>
                  <Table.Cell>{formatDay(client.created)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setRevoking(client)} aria-label={`Revoke ${client.name}`} data-testid="api-client-revoke">
                      Revoke
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
              {clients.data.data.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={5}>
                    <Text color="fg.muted" data-testid="api-clients-empty">
                      No API clients yet. Register one for each integration, so each can be revoked on its own.
                    </Text>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {registering && descriptor && (
        <RegisterApiClientDialog
          me={{ href: descriptor.user.href, name: descriptor.user.fullName }}
          groupList={descriptor.userManagement?.groupList ?? undefined}
          onClose={(created) => {
            setRegistering(false);
            if (!created) return;
            setNotice({ status: 'success', text: `“${created.name}” is registered. Its secret is not shown again.` });
            clients.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke API client"
        confirmLabel="Revoke"
        onClose={() => setRevoking(undefined)}
        action={async () => {
          if (!revoking) return;
          await api.deleteApplication(revoking.href);
          setNotice({ status: 'success', text: `“${revoking.name}” is revoked: its tokens no longer work.` });
          clients.reload();
        }}
        onFailed={(failure) => setNotice({ status: 'error', text: loadErrorText(failure) })}
        testId="api-client-revoke-confirm"
      >
        <Text>
          Revoke <strong>{revoking?.name}</strong>? The integration can no longer get tokens, and the tokens it holds stop working at once.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
