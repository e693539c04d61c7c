/**
 * The processing profiles page (`/fotoweb/views/processing-profiles`, the descriptor's `views.processingProfiles`;
 * issue 16 "processing profiles (size, format, quality …) are configured by administrators"; dam.yaml
 * `listProcessingProfiles`): the profiles by name (size in px or "Original size", format, quality), New and Edit in
 * {@link ProcessingProfileDialog} (the `processingProfileSave` machine), and Delete after a confirmation saying assets
 * stop offering that rendition. The settings menu's "Processing profiles" opens it; the DAM offers it to callers with
 * `manageArchives`. Built like the API keys page (`integrations/ApiKeysView.tsx`).
 */
import { useState } from 'react';
import { Alert, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Dam } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { loadErrorText, refusedDeleteText } from '../api/requestErrors.ts';
import { ProcessingProfileDialog } from './ProcessingProfileDialog.tsx';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** A profile as the DAM lists it (dam.yaml `ProcessingProfile`). */
type ProcessingProfile = Dam.components['schemas']['ProcessingProfile'];

/** A profile's size as the table shows it: "400 px", or "Original size" for null. */
export function profileSizeText(size: number | null): string {
  return size === null ? 'Original size' : `${size.toLocaleString('en')} px`;
}

/** See the module comment. */
export function ProcessingProfilesView() {
  const { descriptor } = useSession();
  const allowed = typeof (descriptor?.views as Record<string, unknown> | undefined)?.processingProfiles === 'string';
  const profiles = useResource(allowed ? 'processing-profiles' : undefined, (signal) => api.listProcessingProfiles({ signal }));
  // undefined: no dialog; null: a new profile; a profile: editing it.
  const [editing, setEditing] = useState<ProcessingProfile | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ProcessingProfile | undefined>(undefined);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | undefined>(undefined);

  if (!allowed) {
    return (
      <Stack p="6" gap="3" data-testid="processing-profiles-view">
        <Heading as="h1" size="lg">
          Processing profiles
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Configuring processing profiles needs the “Manage archives” permission of a group.</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }

  return (
    <Stack p="6" gap="4" maxW="5xl" data-testid="processing-profiles-view">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          Processing profiles
        </Heading>
        <Button colorPalette="blue" size="sm" onClick={() => setEditing(null)} data-testid="processing-profile-create">
          New profile
        </Button>
      </HStack>
      <Text color="fg.muted" maxW="3xl">
        Every asset offers each profile as a rendition beside its original, made in the size, format and quality set here when someone requests it.
      </Text>
      {notice && (
        <Alert.Root status={notice.status} data-testid="processing-profiles-notice">
          <Alert.Indicator />
          <Alert.Description>{notice.text}</Alert.Description>
        </Alert.Root>
      )}
      {profiles.status === 'error' && (
        <Alert.Root status="error" data-testid="processing-profiles-error">
          <Alert.Indicator />
          <Alert.Description>{loadErrorText(profiles.error)}</Alert.Description>
        </Alert.Root>
      )}
      {profiles.status === 'loading' && !profiles.data && <LoadingSpinner label="Loading the processing profiles" />}
      {profiles.data && (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label="Processing profiles">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Size</Table.ColumnHeader>
                <Table.ColumnHeader>Format</Table.ColumnHeader>
                <Table.ColumnHeader>Quality</Table.ColumnHeader>
                <Table.ColumnHeader>Watermark</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {profiles.data.data.map((profile) => (
                <Table.Row key={profile.id} data-testid="processing-profile-row" data-profile-id={profile.id}>
                  <Table.Cell fontWeight="medium" data-testid="processing-profile-row-name">
                    {profile.name}
                  </Table.Cell>
                  <Table.Cell data-testid="processing-profile-row-size">{profileSizeText(profile.size)}</Table.Cell>
                  <Table.Cell data-testid="processing-profile-row-format">{profile.format}</Table.Cell>
                  <Table.Cell data-testid="processing-profile-row-quality">{profile.quality}</Table.Cell>
                  <Table.Cell data-testid="processing-profile-row-watermark">{profile.watermark ? 'The archive’s' : 'None'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="end" gap="1">
                      <Button size="xs" variant="ghost" onClick={() => setEditing(profile)} aria-label={`Edit ${profile.name}`} data-testid="processing-profile-edit">
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => setDeleting(profile)}
                        aria-label={`Delete ${profile.name}`}
                        data-testid="processing-profile-delete"
                      >
                        Delete
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
              {profiles.data.data.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={6}>
                    <Text color="fg.muted" data-testid="processing-profiles-empty">
                      No processing profiles: assets offer only their original. Create one for each size and format people need.
                    </Text>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {editing !== undefined && (
        <ProcessingProfileDialog
          profile={editing ?? undefined}
          onClose={(saved) => {
            const name = editing?.name;
            setEditing(undefined);
            if (!saved) return;
            setNotice({ status: 'success', text: name === undefined ? 'The processing profile is created.' : `“${name}” is saved.` });
            profiles.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete processing profile"
        confirmLabel="Delete"
        onClose={() => setDeleting(undefined)}
        action={async () => {
          if (!deleting) return;
          await api.deleteProcessingProfile(deleting.href);
          setNotice({ status: 'success', text: `“${deleting.name}” is deleted.` });
          profiles.reload();
        }}
        onFailed={(failure) => setNotice({ status: 'error', text: refusedDeleteText(failure) })}
        testId="processing-profile-delete-confirm"
      >
        <Text>
          Delete <strong>{deleting?.name}</strong>? Assets stop offering this rendition: it is no longer listed for download or through the API. Renditions already requested are
          still delivered.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
