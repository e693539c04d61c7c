/**
 * The trash (issue 13; spec 03 §1 "trash can"; the descriptor's `trash`): the assets deleted from the archives where
 * the user holds Delete, most recently deleted first, each with its thumbnail, where it was, who deleted it and when
 * it will be purged. Restore puts entries back where they were (a name taken there meanwhile is refused, nothing is
 * restored); Delete for good asks first, then removes them with their revisions and files. Reached from the user
 * menu's Trash item.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, HStack, Heading, Image, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { TrashEntry, TrashList, TrashUpdate } from '@magpie/api-types';
import { api, describeError } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { DocTypeIcon } from '../components/DocTypeIcon.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { formatDay, formatFileSize } from '../lib/format.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The smallest preview at least `px` wide, else the largest (undefined without previews). */
function thumbnailOf(entry: TrashEntry, px = 100): string | undefined {
  const sorted = [...entry.previews].filter((p) => !p.square).sort((a, b) => a.size - b.size);
  return (sorted.find((p) => p.size >= px) ?? sorted.at(-1))?.href;
}

/** What one restore or purge did, for the notice. */
function outcomeText(update: TrashUpdate): string {
  const count = (n: number) => (n === 1 ? '1 asset' : `${n} assets`);
  if (update.restore?.length) return `${count(update.restore.length)} restored.`;
  return `${count(update.purge?.length ?? 0)} deleted for good.`;
}

export function TrashView() {
  const { descriptor } = useSession();
  const href = descriptor?.trash ?? undefined;
  useDocumentTitle('Trash');
  const resource = useResource(href, (signal) => api.getTrash(href!, { signal }));
  const [shown, setShown] = useState<TrashList | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [confirmPurge, setConfirmPurge] = useState<readonly number[] | undefined>(undefined);
  const trash = shown ?? resource.data;
  const entries = useMemo(() => trash?.data ?? [], [trash]);

  if (!href) return <EmptyView icon={<Trash2 aria-hidden="true" />} title="No trash" description="Log in to see the assets deleted from your archives." />;
  if (resource.status === 'error' && !trash) return <ErrorState error={resource.error} onRetry={resource.reload} />;
  if (!trash) return <LoadingState label="Loading the trash…" />;

  const apply = async (update: TrashUpdate) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const after = await api.updateTrash(href, update);
      setShown(after);
      setSelected(new Set());
      setNotice(outcomeText(update));
    } catch (failure) {
      setError(describeError(failure).message);
      throw failure;
    } finally {
      setBusy(false);
    }
  };
  const restore = (ids: readonly number[]) => void apply({ restore: [...ids] }).catch(() => undefined);
  const toggle = (id: number, on: boolean) => setSelected((current) => new Set(on ? [...current, id] : [...current].filter((x) => x !== id)));
  const chosen = entries.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const allChosen = entries.length > 0 && chosen.length === entries.length;

  return (
    <Stack gap="5" data-testid="trash-view" data-busy={busy}>
      <Box>
        <Heading as="h1" size="2xl">
          Trash
        </Heading>
        <Text color="fg.muted" data-testid="trash-summary">
          {trash.total === 0
            ? 'Nothing is in the trash.'
            : `${trash.total === 1 ? '1 deleted asset' : `${trash.total} deleted assets`}. Each is deleted for good ${trash.retentionDays} days after it was deleted.`}
        </Text>
      </Box>
      {notice && (
        <Alert.Root status="success" data-testid="trash-notice" maxW="2xl">
          <Alert.Indicator />
          <Alert.Description>{notice}</Alert.Description>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error" data-testid="trash-error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      {entries.length === 0 ? (
        <EmptyView icon={<Trash2 aria-hidden="true" />} title="The trash is empty" description="Assets you delete wait here, so you can restore them." />
      ) : (
        <>
          <HStack gap="3">
            <Button size="sm" onClick={() => restore(chosen)} disabled={chosen.length === 0 || busy} loading={busy} data-testid="trash-restore-selected">
              <RotateCcw aria-hidden="true" />
              Restore{chosen.length > 0 ? ` ${chosen.length}` : ''}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirmPurge(chosen)}
              disabled={chosen.length === 0 || busy}
              data-testid="trash-purge-selected"
            >
              <Trash2 aria-hidden="true" />
              Delete for good…
            </Button>
          </HStack>
          <Table.Root size="sm" data-testid="trash-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="8">
                  <Checkbox.Root
                    checked={allChosen ? true : chosen.length > 0 ? 'indeterminate' : false}
                    onCheckedChange={(details) => setSelected(new Set(details.checked === true ? entries.map((entry) => entry.id) : []))}
                    aria-label="Select every entry"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Asset</Table.ColumnHeader>
                <Table.ColumnHeader>Was in</Table.ColumnHeader>
                <Table.ColumnHeader>Deleted</Table.ColumnHeader>
                <Table.ColumnHeader>Purged after</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => {
                const thumbnail = thumbnailOf(entry);
                return (
                  <Table.Row key={entry.id} data-testid="trash-entry" data-id={entry.id} data-href={entry.href}>
                    <Table.Cell>
                      <Checkbox.Root
                        checked={selected.has(entry.id)}
                        onCheckedChange={(details) => toggle(entry.id, details.checked === true)}
                        aria-label={`Select ${entry.filename}`}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="3">
                        {thumbnail ? (
                          <Image src={thumbnail} alt="" boxSize="48px" objectFit="cover" rounded="sm" loading="lazy" />
                        ) : (
                          <Box boxSize="48px" display="grid" placeItems="center" color="fg.muted">
                            <DocTypeIcon doctype="generic" size={28} />
                          </Box>
                        )}
                        <Box>
                          <Text fontWeight="medium" data-testid="trash-entry-name">
                            {entry.filename}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {formatFileSize(entry.filesize)}
                          </Text>
                        </Box>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <Link asChild color="brand.fg">
                        <RouterLink to={entry.archiveHREF}>{[entry.archiveName, entry.folderPath].filter(Boolean).join(' / ')}</RouterLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell>
                      <Text>{formatDay(entry.deleted)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        by {entry.deletedBy}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{formatDay(entry.purgeAfter)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => restore([entry.id])} disabled={busy} data-testid="trash-restore" aria-label={`Restore ${entry.filename}`}>
                        <RotateCcw aria-hidden="true" />
                        Restore
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </>
      )}
      <ConfirmDialog
        open={confirmPurge !== undefined}
        title="Delete for good?"
        confirmLabel="Delete for good"
        onClose={() => setConfirmPurge(undefined)}
        action={() => apply({ purge: [...(confirmPurge ?? [])] })}
        onFailed={() => undefined}
        testId="trash-purge-confirm"
      >
        <Text>
          {confirmPurge?.length === 1 ? 'This asset' : `These ${confirmPurge?.length ?? 0} assets`} and every revision of {confirmPurge?.length === 1 ? 'it' : 'them'} will be
          removed for good. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
