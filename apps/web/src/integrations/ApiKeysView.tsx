/**
 * The legacy API keys page (`/fotoweb/views/api-keys`, the descriptor's `views.apiKeys`; issue 16 "Legacy API keys:
 * administrators create and revoke keys"; fotoweb-api-notes §10): the live keys (name, the user each acts as, who
 * created it and when, when it was last used), Create (the `apiClientRegister` flow, {@link CreateApiKeyDialog}, the
 * key shown once) and Revoke after a confirmation. The settings menu's "API keys" opens it; the DAM offers it to
 * callers with `manageSettings`. Built like the API clients page (`apiClients/ApiClientsPanel.tsx`).
 */
import { useState } from 'react';
import { Button, Code, Table, Text } from '@chakra-ui/react';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { AdminListPage, type PageNotice } from '../components/AdminListPage.tsx';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';
import { formatWhen } from './formatWhen.ts';

/** See the module comment. */
export function ApiKeysView() {
  const { descriptor } = useSession();
  const allowed = typeof (descriptor?.views as Record<string, unknown> | undefined)?.apiKeys === 'string';
  const keys = useResource(allowed ? 'api-keys' : undefined, (signal) => api.listApiKeys({ signal }));
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<PageNotice | undefined>(undefined);

  return (
    <AdminListPage
      testId="api-keys"
      title="API keys"
      allowed={allowed}
      notAllowed="Creating API keys needs the “Manage settings” permission of a group."
      maxW="5xl"
      actions={
        <Button colorPalette="blue" size="sm" onClick={() => setCreating(true)} data-testid="api-key-create">
          Create API key
        </Button>
      }
      intro={
        <>
          A legacy API key lets an older integration call the API with the header <Code>FWAPIToken: &lt;key&gt;</Code>, acting as a user with that user’s permissions. Prefer an API
          client for new integrations; revoke a key as soon as it is no longer used.
        </>
      }
      notice={notice}
      onNotice={setNotice}
      list={keys}
      loadingLabel="Loading the API keys"
      tableLabel="API keys"
      columns={['Name', 'Acts as', 'Created', 'Last used']}
      row={(key, removeButton) => (
        <Table.Row key={key.id} data-testid="api-key-row" data-key-id={key.id}>
          <Table.Cell fontWeight="medium">{key.name}</Table.Cell>
          <Table.Cell>{key.actingAsName}</Table.Cell>
          <Table.Cell>
            {formatWhen(key.created)}
            {key.createdBy && <Text color="fg.muted">by {key.createdBy}</Text>}
          </Table.Cell>
          <Table.Cell data-testid="api-key-last-used">{key.lastUsed ? formatWhen(key.lastUsed) : 'Never'}</Table.Cell>
          <Table.Cell textAlign="end">{removeButton}</Table.Cell>
        </Table.Row>
      )}
      empty="No API keys. Create one for each integration, so each can be revoked on its own."
      removal={{
        label: 'Revoke',
        ariaLabel: (key) => `Revoke ${key.name}`,
        buttonTestId: 'api-key-revoke',
        title: 'Revoke API key',
        confirmLabel: 'Revoke',
        testId: 'api-key-revoke-confirm',
        remove: async (key) => {
          await api.revokeApiKey(key.href);
          return `“${key.name}” is revoked: requests with it are refused.`;
        },
        question: (revoking) => (
          <Text>
            Revoke <strong>{revoking?.name}</strong>? Requests with this key are refused at once; this cannot be undone.
          </Text>
        ),
      }}
    >
      {creating && descriptor && (
        <CreateApiKeyDialog
          me={{ href: descriptor.user.href, name: descriptor.user.fullName }}
          userList={descriptor.userManagement?.userList ?? undefined}
          onClose={(created) => {
            setCreating(false);
            if (!created) return;
            setNotice({ status: 'success', text: `“${created.name}” is created. Its key is not shown again.` });
            keys.reload();
          }}
        />
      )}
    </AdminListPage>
  );
}
