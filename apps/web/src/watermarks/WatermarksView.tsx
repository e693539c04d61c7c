/**
 * The watermarks page (`/fotoweb/views/watermarks`, the descriptor's `views.watermarks`; issue 16 watermarks; dam.yaml
 * `listWatermarks`): the watermarks by name with a thumbnail of each image (on a checkerboard, so transparent PNGs
 * show), the position in words, the opacity and the width in percent of the image; New and Edit in
 * {@link WatermarkDialog} (the `watermarkSave` machine), and Delete after a confirmation saying processing profiles stop
 * stamping it. The DAM refuses to delete a watermark an archive uses (409 `WatermarkInUse`); its message, which names
 * the archive, shows as the page's error notice. The settings menu's "Watermarks" opens it; the DAM offers it to
 * callers with `manageArchives`. Built like the processing profiles page (`processingProfiles/ProcessingProfilesView.tsx`).
 */
import { useState } from 'react';
import { Alert, Box, Button, Heading, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import type { Dam } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { loadErrorText, refusedDeleteText } from '../api/requestErrors.ts';
import { WatermarkDialog } from './WatermarkDialog.tsx';
import { checkerboard, watermarkOpacityText, watermarkPositionText, watermarkScaleText } from './watermarks.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** A watermark as the DAM lists it (dam.yaml `Watermark`). */
type Watermark = Dam.components['schemas']['Watermark'];

/** See the module comment. */
export function WatermarksView() {
  const { descriptor } = useSession();
  const allowed = typeof (descriptor?.views as Record<string, unknown> | undefined)?.watermarks === 'string';
  const watermarks = useResource(allowed ? 'watermarks' : undefined, (signal) => api.listWatermarks({ signal }));
  // undefined: no dialog; null: a new watermark; a watermark: editing it.
  const [editing, setEditing] = useState<Watermark | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Watermark | undefined>(undefined);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | undefined>(undefined);

  if (!allowed) {
    return (
      <Stack p="6" gap="3" data-testid="watermarks-view">
        <Heading as="h1" size="lg">
          Watermarks
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Configuring watermarks needs the “Manage archives” permission of a group.</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }

  return (
    <Stack p="6" gap="4" maxW="5xl" data-testid="watermarks-view">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          Watermarks
        </Heading>
        <Button colorPalette="blue" size="sm" onClick={() => setEditing(null)} data-testid="watermark-create">
          New watermark
        </Button>
      </HStack>
      <Text color="fg.muted" maxW="3xl">
        An archive chooses one of these watermarks; the processing profiles that stamp the archive’s watermark put it on the renditions they make, where and how strongly it is set
        here.
      </Text>
      {notice && (
        <Alert.Root status={notice.status} data-testid="watermarks-notice">
          <Alert.Indicator />
          <Alert.Description>{notice.text}</Alert.Description>
        </Alert.Root>
      )}
      {watermarks.status === 'error' && (
        <Alert.Root status="error" data-testid="watermarks-error">
          <Alert.Indicator />
          <Alert.Description>{loadErrorText(watermarks.error)}</Alert.Description>
        </Alert.Root>
      )}
      {watermarks.status === 'loading' && !watermarks.data && <LoadingSpinner label="Loading the watermarks" />}
      {watermarks.data && (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label="Watermarks">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Image</Table.ColumnHeader>
                <Table.ColumnHeader>Position</Table.ColumnHeader>
                <Table.ColumnHeader>Opacity</Table.ColumnHeader>
                <Table.ColumnHeader>Width</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {watermarks.data.data.map((watermark) => (
                <Table.Row key={watermark.id} data-testid="watermark-row" data-watermark-id={watermark.id}>
                  <Table.Cell fontWeight="medium" data-testid="watermark-row-name">
                    {watermark.name}
                  </Table.Cell>
                  <Table.Cell>
                    <Box display="inline-flex" p="1" rounded="sm" borderWidth="1px" {...checkerboard(6)}>
                      <Image
                        src={watermark.imageHref}
                        alt={`The image of ${watermark.name} (${watermark.width} × ${watermark.height} px)`}
                        maxH="12"
                        maxW="24"
                        objectFit="contain"
                        loading="lazy"
                        data-testid="watermark-row-image"
                      />
                    </Box>
                  </Table.Cell>
                  <Table.Cell data-testid="watermark-row-position">{watermarkPositionText(watermark.position)}</Table.Cell>
                  <Table.Cell data-testid="watermark-row-opacity">{watermarkOpacityText(watermark.opacity)}</Table.Cell>
                  <Table.Cell data-testid="watermark-row-scale">{watermarkScaleText(watermark.scale)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="end" gap="1">
                      <Button size="xs" variant="ghost" onClick={() => setEditing(watermark)} aria-label={`Edit ${watermark.name}`} data-testid="watermark-edit">
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => setDeleting(watermark)}
                        aria-label={`Delete ${watermark.name}`}
                        data-testid="watermark-delete"
                      >
                        Delete
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
              {watermarks.data.data.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={6}>
                    <Text color="fg.muted" data-testid="watermarks-empty">
                      No watermarks: renditions are made without one. Create one from a logo or a stamp, then choose it for an archive.
                    </Text>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {editing !== undefined && (
        <WatermarkDialog
          watermark={editing ?? undefined}
          onClose={(saved) => {
            const name = editing?.name;
            setEditing(undefined);
            if (!saved) return;
            setNotice({ status: 'success', text: name === undefined ? 'The watermark is created.' : `“${name}” is saved.` });
            watermarks.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete watermark"
        confirmLabel="Delete"
        onClose={() => setDeleting(undefined)}
        action={async () => {
          if (!deleting) return;
          await api.deleteWatermark(deleting.href);
          setNotice({ status: 'success', text: `“${deleting.name}” is deleted.` });
          watermarks.reload();
        }}
        onFailed={(failure) => setNotice({ status: 'error', text: refusedDeleteText(failure) })}
        testId="watermark-delete-confirm"
      >
        <Text>
          Delete <strong>{deleting?.name}</strong>? Processing profiles stop stamping it on the renditions they make from now on. An archive that uses it must choose another
          watermark, or none, first.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
