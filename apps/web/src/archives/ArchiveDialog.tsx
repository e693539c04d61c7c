/**
 * The archive add/edit dialog (spec 03 §2.12, §4 archive dialog, §5 Archive save, §7, §8), loaded lazily by the
 * archives listing. Static: a click outside or Escape does not close it, only its Close and Cancel buttons do.
 * Opening shows a loading state until the configuration loads finish, and a general error if they fail (spec 03
 * §2.11). The title is "Add archive" or "Archive details"; four tabs (General, Export/Import, Access list, Custom
 * properties); Save shows its progress. The save runs on the `archiveSave` machine, provided with the typed client's
 * POST or PUT: every §5 problem and every problem the server lists (§8) show together and the dialog stays open;
 * a save closes it with the archive as saved. In edit mode, Delete archive asks first and shows the server's refusal
 * (an archive that still holds assets) in the dialog.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CloseButton, Dialog, Field, HStack, NativeSelect, Portal, Stack, Tabs, Text } from '@chakra-ui/react';
import { CircleAlert } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { archiveSaveMachine, newArchiveDraft, type ArchiveDraft, type ArchiveField, type ArchiveSaveOutput } from '@magpie/machines';
import type { ArchiveConfig } from '@magpie/api-types';
import { api, describeError } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { LoadingState } from '../components/States.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { AccessList } from './AccessList.tsx';
import { archiveDraftOf, permissionOffer, tabOfField, type Choice } from './archiveForm.ts';
import { NewMetadataViewDialog } from './NewMetadataViewDialog.tsx';
import { loadArchiveSetup, memberListLinks, saveArchiveCall, type ArchiveSetup } from './archivesApi.ts';
import { ExportImportTab, GeneralTab, PropertiesTab } from './ArchiveSettings.tsx';

/** spec 03 §2.11 "If loading fails, a general error is shown." */
export const ARCHIVE_SETUP_FAILED_TEXT = 'The archive settings could not be loaded. Try again later.';

/** How the dialog ended: saved (with the archive as saved), deleted, or closed without a change. */
export type ArchiveDialogResult = ArchiveSaveOutput | { readonly status: 'deleted' };

/** Props of {@link ArchiveDialog}. */
export interface ArchiveDialogProps {
  /** The archive to edit (its id, as the archive's collection `id` gives it), or undefined to add one. */
  readonly archiveId: string | undefined;
  readonly onClose: (result: ArchiveDialogResult) => void;
}

type TabId = 'general' | 'export' | 'access' | 'properties';

const TAB_LABELS: Readonly<Record<TabId, string>> = { general: 'General', export: 'Export/Import', access: 'Access list', properties: 'Custom properties' };

/** See the module comment. */
export function ArchiveDialog({ archiveId, onClose }: ArchiveDialogProps) {
  const { descriptor } = useSession();
  const setup = useResource<ArchiveSetup>('archive-setup', (signal) => loadArchiveSetup(descriptor, signal));
  const title = archiveId === undefined ? 'Add archive' : 'Archive details';
  const config = archiveId === undefined ? undefined : setup.data?.archives.find((archive) => String(archive.Id) === archiveId);
  const cancel = () => onClose({ status: 'cancelled' });

  if (!setup.data || (archiveId !== undefined && !config)) {
    const failed = setup.status === 'error' || (setup.data !== undefined && !config);
    return (
      <DialogFrame title={title} onCloseButton={cancel} closeDisabled={false} state={failed ? 'failed' : 'loading'}>
        <Dialog.Body>
          {failed ? (
            <Alert.Root status="error" data-testid="archive-dialog-error">
              <Alert.Indicator />
              <Alert.Description>{setup.data ? 'This archive no longer exists.' : ARCHIVE_SETUP_FAILED_TEXT}</Alert.Description>
            </Alert.Root>
          ) : (
            <LoadingState label="Loading the archive settings…" />
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={cancel}>
            Close
          </Button>
        </Dialog.Footer>
      </DialogFrame>
    );
  }
  return <ArchiveForm setup={setup.data} config={config} title={title} onClose={onClose} />;
}

/** The dialog's frame: static (spec 03 §2.12 "Static backdrop, no keyboard close"), its title and Close button. */
function DialogFrame({
  title,
  onCloseButton,
  closeDisabled,
  state,
  children,
}: {
  readonly title: string;
  readonly onCloseButton: () => void;
  readonly closeDisabled: boolean;
  readonly state: string;
  readonly children: ReactNode;
}) {
  return (
    <Dialog.Root open closeOnInteractOutside={false} closeOnEscape={false} size="xl" scrollBehavior="inside" onOpenChange={() => undefined}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="archive-dialog" data-save-state={state}>
            <Dialog.Header>
              <Dialog.Title data-testid="archive-dialog-title">{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Box position="absolute" top="2" insetEnd="2">
              <CloseButton size="sm" aria-label="Close" onClick={onCloseButton} disabled={closeDisabled} data-testid="archive-dialog-close" />
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The dialog once loaded: the `archiveSave` actor, the tabs, the problems, Save and Delete. */
function ArchiveForm({ setup, config, title, onClose }: { setup: ArchiveSetup; config: ArchiveConfig | undefined; title: string; onClose: (result: ArchiveDialogResult) => void }) {
  const { descriptor } = useSession();
  const href = config?.href;
  const machine = useMemo(() => archiveSaveMachine.provide({ actors: { saveArchive: fromPromise(saveArchiveCall(href)) } }), [href]);
  const [snapshot, send] = useMachine(machine, {
    input: {
      archive: config ? archiveDraftOf(config) : newArchiveDraft(setup.pools.length === 1 ? setup.pools[0]!.id : null),
      existingNames: setup.archives.filter((archive) => archive !== config).map((archive) => archive.Name),
    },
  });
  const [tab, setTab] = useState<TabId>('general');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<{ heading: string; message: string } | undefined>(undefined);
  /** The archive (id) that receives the assets of an archive being deleted ('' while none is chosen). */
  const [moveTo, setMoveTo] = useState('');
  // Views made here (issue 12): offered beside the loaded ones, the new one chosen for the archive.
  const [newViewOpen, setNewViewOpen] = useState(false);
  const [madeViews, setMadeViews] = useState<Choice[]>([]);
  const { archive, validationErrors, serverErrors } = snapshot.context;
  const saving = snapshot.matches('saving');
  const edit = (changes: Partial<ArchiveDraft>) => send({ type: 'EDIT', changes });

  // spec 03 §4: the dialog closes when the machine does, with the archive as saved (or cancelled).
  const reported = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || reported.current) return;
    reported.current = true;
    onClose(snapshot.output);
  }, [snapshot, onClose]);

  const invalid = new Set<ArchiveField>(validationErrors.map((problem) => problem.field));
  const tabsWithProblems = new Set<TabId>(validationErrors.map((problem) => tabOfField(problem.field)));
  const messages = [...validationErrors.map((problem) => problem.message), ...serverErrors];
  const links = memberListLinks(descriptor);
  const offer = permissionOffer(descriptor, archive.EnableConsentManagement === true, setup.consentFormsEnabled);
  const props = { archive, edit, invalid, disabled: saving };

  return (
    <DialogFrame title={title} onCloseButton={() => send({ type: 'CLOSE' })} closeDisabled={saving} state={String(snapshot.value)}>
      <Dialog.Body>
        <Stack gap="4">
          {messages.length > 0 && (
            <Alert.Root status="error" role="alert" data-testid="archive-problems">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The archive cannot be saved yet</Alert.Title>
                <Box as="ul" ps="4" listStyleType="disc">
                  {messages.map((message) => (
                    <Box as="li" key={message} data-testid="archive-problem" css={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                      {message}
                    </Box>
                  ))}
                </Box>
              </Alert.Content>
            </Alert.Root>
          )}
          {deleteError && (
            <Alert.Root status="error" role="alert" data-testid="archive-delete-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{deleteError.heading}</Alert.Title>
                <Alert.Description>{deleteError.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Tabs.Root value={tab} onValueChange={({ value }) => setTab(value as TabId)} variant="line">
            <Tabs.List>
              {(Object.keys(TAB_LABELS) as TabId[]).map((id) => (
                <Tabs.Trigger key={id} value={id} data-testid={`archive-tab-${id}`} data-problem={tabsWithProblems.has(id) || undefined}>
                  {TAB_LABELS[id]}
                  {tabsWithProblems.has(id) && (
                    <>
                      <Box as="span" color="fg.error" display="inline-flex">
                        <CircleAlert size={14} aria-hidden="true" />
                      </Box>
                      <Text as="span" srOnly>
                        (needs attention)
                      </Text>
                    </>
                  )}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="general">
              <GeneralTab {...props} metadataViews={[...setup.metadataViews, ...madeViews]} pools={setup.pools} onNewView={() => setNewViewOpen(true)} />
              <NewMetadataViewDialog
                open={newViewOpen}
                views={[...setup.metadataViews, ...madeViews]}
                copyFrom={archive.MetadataSetId === null || archive.MetadataSetId === '' ? null : String(archive.MetadataSetId)}
                onClose={(view) => {
                  setNewViewOpen(false);
                  if (!view) return;
                  setMadeViews((views) => [...views, { id: view.id, label: view.name }]);
                  edit({ MetadataSetId: view.id });
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="export">
              <ExportImportTab {...props} processingProfiles={setup.processingProfiles} watermarks={setup.watermarks} />
            </Tabs.Content>
            <Tabs.Content value="access">
              <AccessList members={archive.MemberList} offer={offer} links={links} onChange={(MemberList) => edit({ MemberList })} disabled={saving} />
            </Tabs.Content>
            <Tabs.Content value="properties">
              <PropertiesTab {...props} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Box>
          {config && (
            <Button variant="outline" colorPalette="red" onClick={() => setDeleting(true)} disabled={saving} data-testid="archive-delete">
              Delete archive
            </Button>
          )}
        </Box>
        <HStack gap="2">
          <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} disabled={saving} data-testid="archive-cancel">
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={() => send({ type: 'SAVE' })} loading={saving} loadingText="Saving…" data-testid="archive-save">
            Save
          </Button>
        </HStack>
      </Dialog.Footer>
      {config && (
        <ConfirmDialog
          open={deleting}
          title="Delete archive"
          confirmLabel="Delete archive"
          onClose={() => setDeleting(false)}
          action={async () => {
            setDeleteError(undefined);
            await api.deleteArchiveConfig(config.href, config.assetCount > 0 && moveTo !== '' ? Number(moveTo) : undefined);
            reported.current = true;
            onClose({ status: 'deleted' });
          }}
          onFailed={(failure) => setDeleteError(describeError(failure))}
          testId="archive-delete-confirm"
        >
          <Stack gap="3">
            <Text>
              Delete the archive <strong>{config.Name}</strong> and its access list?
            </Text>
            {config.assetCount > 0 && (
              <Field.Root required>
                <Field.Label>
                  Move its {config.assetCount} asset{config.assetCount === 1 ? '' : 's'} to
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={moveTo} onChange={(event) => setMoveTo(event.target.value)} data-testid="archive-delete-move-to">
                    <option value="">Choose an archive…</option>
                    {setup.archives
                      .filter((other) => other.Id !== config.Id)
                      .map((other) => (
                        <option key={other.Id} value={String(other.Id)}>
                          {other.Name}
                        </option>
                      ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>The assets keep their folders, metadata and history. Nothing is deleted with the archive.</Field.HelperText>
              </Field.Root>
            )}
          </Stack>
        </ConfirmDialog>
      )}
    </DialogFrame>
  );
}
