/**
 * The trash (issue 13; spec 03 §1 "trash can"; the descriptor's `trash`): the assets deleted from the archives where
 * the user holds Delete, most recently deleted first, each with its thumbnail, where it was, who deleted it and when
 * it will be purged. Restore puts entries back where they were (a name taken there meanwhile is refused, nothing is
 * restored); Delete for good asks first (spec 01 §2 prompt modal), then removes them with their revisions and files.
 * The outcome's notice closes after 15 s (spec 01 §2 notifications) or when dismissed; an error stays until dismissed
 * or the next request. Reached from the user menu's Trash item.
 *
 * The flow (the entries chosen, the prompt, the request, the notice or error, the trash as the DAM answered it) is
 * the `trashAction` machine of `@magpie/machines`: this screen loads the trash, draws the machine's state and sends
 * it the user's events. `data-state` on the view names the machine's state (`idle`, `confirming`, `submitting`,
 * `done`, `failed`).
 */
import { Alert, Box, Button, Checkbox, CloseButton, Dialog, HStack, Heading, Image, Link, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { RotateCcw, Trash2 } from 'lucide-react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { TrashEntry, TrashList } from '@magpie/api-types';
import { trashActionMachine, type TrashActionEvent, type TrashUpdateInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { useResource } from '../api/useResource.ts';
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

/** The machine's state as one word: `idle`, `done` and `failed` (inside `ready`), `confirming` or `submitting`. */
function stateName(state: SnapshotFrom<typeof trashActionMachine>): string {
  return typeof state.value === 'string' ? state.value : state.value.ready;
}

/** The `update` actor: `PATCH` the trash (dam.yaml `updateTrash`), rejecting with `{status, responseJSON}`. */
const trashMachine = trashActionMachine.provide({
  actors: { update: fromPromise<TrashList, TrashUpdateInput>(({ input }) => machineCall(() => api.updateTrash(input.href, input.update))) },
});

export function TrashView() {
  const { descriptor } = useSession();
  const href = descriptor?.trash ?? undefined;
  useDocumentTitle('Trash');
  const resource = useResource(href, (signal) => api.getTrash(href!, { signal }));

  if (!href) return <EmptyView icon={<Trash2 aria-hidden="true" />} title="No trash" description="Log in to see the assets deleted from your archives." />;
  if (resource.status === 'error' && !resource.data) return <ErrorState error={resource.error} onRetry={resource.reload} />;
  if (!resource.data) return <LoadingState label="Loading the trash…" />;
  return <TrashEntries key={href} href={href} loaded={resource.data} />;
}

/** The loaded trash on the `trashAction` machine (see the module comment). */
function TrashEntries({ href, loaded }: { readonly href: string; readonly loaded: TrashList }) {
  const [state, send] = useMachine(trashMachine, { input: { href, trash: loaded } });
  const { trash, selected, request, notice, error } = state.context;
  const entries = trash.data;
  const submitting = state.matches('submitting');
  const chosen = new Set(selected);
  const allChosen = entries.length > 0 && selected.length === entries.length;
  const select = (ids: readonly number[]) => send({ type: 'SELECT', ids });
  const toggle = (id: number, on: boolean) => select(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <Stack gap="5" data-testid="trash-view" data-state={stateName(state)} data-busy={submitting}>
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
      {state.matches({ ready: 'done' }) && (
        <Alert.Root status="success" data-testid="trash-notice" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{notice}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss the notice" onClick={() => send({ type: 'DISMISS' })} data-testid="trash-notice-dismiss" />
        </Alert.Root>
      )}
      {state.matches({ ready: 'failed' }) && (
        <Alert.Root status="error" data-testid="trash-error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid="trash-error-dismiss" />
        </Alert.Root>
      )}
      {entries.length === 0 ? (
        <EmptyView icon={<Trash2 aria-hidden="true" />} title="The trash is empty" description="Assets you delete wait here, so you can restore them." />
      ) : (
        <>
          <HStack gap="3">
            <Button
              size="sm"
              onClick={() => send({ type: 'RESTORE', ids: selected })}
              disabled={selected.length === 0 || submitting}
              loading={submitting && request?.kind === 'restore'}
              data-testid="trash-restore-selected"
            >
              <RotateCcw aria-hidden="true" />
              Restore{selected.length > 0 ? ` ${selected.length}` : ''}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => send({ type: 'PURGE', ids: selected })}
              disabled={selected.length === 0 || submitting}
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
                    checked={allChosen ? true : selected.length > 0 ? 'indeterminate' : false}
                    onCheckedChange={(details) => select(details.checked === true ? entries.map((entry) => entry.id) : [])}
                    disabled={submitting}
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
                  <Table.Row key={entry.id} data-testid="trash-entry" data-id={entry.id} data-href={entry.href} data-selected={chosen.has(entry.id)}>
                    <Table.Cell>
                      <Checkbox.Root
                        checked={chosen.has(entry.id)}
                        onCheckedChange={(details) => toggle(entry.id, details.checked === true)}
                        disabled={submitting}
                        aria-label={`Select ${entry.filename}`}
                        data-testid="trash-entry-select"
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
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => send({ type: 'RESTORE', ids: [entry.id] })}
                        disabled={submitting}
                        data-testid="trash-restore"
                        aria-label={`Restore ${entry.filename}`}
                      >
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
      <PurgePrompt open={state.matches('confirming') || (submitting && request?.kind === 'purge')} count={request?.ids.length ?? 0} submitting={submitting} send={send} />
    </Stack>
  );
}

/**
 * The prompt before a purge (spec 01 §2 prompt modal, yes/cancel): open while the machine is `confirming` and while
 * the purge is sent (Delete for good pending, Cancel and Escape doing nothing then). `count` is the entries to purge.
 */
function PurgePrompt({ open, count, submitting, send }: { open: boolean; count: number; submitting: boolean; send: (event: TrashActionEvent) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => (details.open ? undefined : send({ type: 'CANCEL' }))} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="trash-purge-confirm">
            <Dialog.Header>
              <Dialog.Title>Delete for good?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {count === 1 ? 'This asset' : `These ${count} assets`} and every revision of {count === 1 ? 'it' : 'them'} will be removed for good. This cannot be undone.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={submitting} data-testid="trash-purge-confirm-cancel">
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => send({ type: 'CONFIRM' })} loading={submitting} data-testid="trash-purge-confirm-ok">
                Delete for good
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
