/**
 * The API clients room (issue 11 "Applications"; spec 03 §3.12 "Applications are keyed by clientId"; the screen is
 * not shown in the spec, so this is Magpie's design, see docs/decisions.md): the OAuth clients of integrations, each
 * acting as a user or a group, with Register (the `apiClientRegister` machine, {@link RegisterApiClientDialog}) and
 * Revoke. Shown by the API clients view (`routes/api-clients/`), which the settings menu's "API clients" opens; the
 * descriptor's `views.apiClients` offers it to callers with `manageSettings`.
 */
import { useState } from 'react';
import { Button, Code, Table, Text } from '@chakra-ui/react';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { AdminListPage, type PageNotice } from '../components/AdminListPage.tsx';
import { formatDay } from '../lib/format.ts';
import { RegisterApiClientDialog } from './RegisterApiClientDialog.tsx';

/** See the module comment. */
export function ApiClientsPanel() {
  const { descriptor } = useSession();
  const allowed = typeof descriptor?.views.apiClients === 'string';
  const clients = useResource(allowed ? 'api-clients' : undefined, (signal) => api.listApplications({ signal }));
  const [registering, setRegistering] = useState(false);
  const [notice, setNotice] = useState<PageNotice | undefined>(undefined);

  return (
    <AdminListPage
      testId="api-clients"
      title="API clients"
      allowed={allowed}
      notAllowed="Registering API clients needs the “Manage settings” permission of a group."
      maxW="5xl"
      actions={
        <Button colorPalette="blue" size="sm" onClick={() => setRegistering(true)} data-testid="api-client-register">
          Register API client
        </Button>
      }
      intro={
        <>
          An integration (a script, a web shop, a sync job) signs in with its own client id and secret, never with a person’s password. It asks the DAM’s token endpoint (
          <Code>/fotoweb/oauth2/token</Code>, <Code>grant_type=client_credentials</Code>) for a token and may do exactly what the user or group it acts as may; that user or group
          needs the group permission “API access”.
        </>
      }
      notice={notice}
      onNotice={setNotice}
      list={clients}
      loadingLabel="Loading the API clients"
      tableLabel="API clients"
      columns={['Name', 'Acts as', 'Client id', 'Registered']}
      row={(client, removeButton) => (
        <Table.Row key={client.clientId} data-testid="api-client-row" data-client-id={client.clientId}>
          <Table.Cell fontWeight="medium">{client.name}</Table.Cell>
          <Table.Cell>{client.actingAsName}</Table.Cell>
          <Table.Cell>
            <Code>{client.clientId}</Code>
          </Table.Cell>
          <Table.Cell>{formatDay(client.created)}</Table.Cell>
          <Table.Cell textAlign="end">{removeButton}</Table.Cell>
        </Table.Row>
      )}
      empty="No API clients yet. Register one for each integration, so each can be revoked on its own."
      removal={{
        label: 'Revoke',
        ariaLabel: (client) => `Revoke ${client.name}`,
        buttonTestId: 'api-client-revoke',
        title: 'Revoke API client',
        confirmLabel: 'Revoke',
        testId: 'api-client-revoke-confirm',
        remove: async (client) => {
          await api.deleteApplication(client.href);
          return `“${client.name}” is revoked: its tokens no longer work.`;
        },
        question: (revoking) => (
          <Text>
            Revoke <strong>{revoking?.name}</strong>? The integration can no longer get tokens, and the tokens it holds stop working at once.
          </Text>
        ),
      }}
    >
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
    </AdminListPage>
  );
}
