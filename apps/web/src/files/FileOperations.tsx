/**
 * The selection's file operations (issue 13; spec 01 §2 asset selection, §4 Background job, §7, §8): Rename… (one
 * asset), Move to…, Copy to…, Rotate left and right, Duplicate, Download and Delete…. Their buttons and shortcuts are
 * actions of the registry (`actions/actionRenameAsset.ts` and the others, on the selection bar; offered by
 * `fileOperationRules.ts`), which start one here through the collection view's `selection.start`. One `fileOperation`
 * machine drives the dialog: the new name, the destination (archives of the move or copy list, then their folders),
 * or the confirmation; then the task's progress; then the outcome, shown as a notice once the dialog closes (a failure
 * stays in the dialog with Try again).
 */
import { useCallback, useEffect } from 'react';
import { Box, Button, Dialog, Field, HStack, Input, Link, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronRight, CornerLeftUp } from 'lucide-react';
import type { Asset, FullApiDescriptor } from '@magpie/api-types';
import {
  fileOperationMachine,
  fileOperationOutcome,
  type FileDestination,
  type FileOperationInput,
  type FileOperationKind,
  type FileRotation,
  type FileTaskResult,
} from '@magpie/machines';
import { loadFileDestinations, runFileTask } from './fileTasks.ts';
import { TRASH_PATH } from '../lib/urls.ts';
import { formatFileSize } from '../lib/format.ts';

/** What a finished operation did, for the notice the collection view shows. */
export interface FileOperationOutcome {
  readonly kind: FileOperationKind;
  readonly done: number;
  readonly failed: readonly FileTaskResult[];
  /** Where the assets went (move, copy), or the renamed asset's href. */
  readonly destination?: { readonly href: string; readonly name: string };
  /** A download's ZIP (href, file name, size in bytes). */
  readonly download?: { readonly href: string; readonly name: string; readonly size: number };
  /** The file names of the assets, by href, to name failures. */
  readonly names: Readonly<Record<string, string>>;
}

/** An operation to start: the machine's `START` and the file names of its assets, by href (to name failures). */
export type FileOperationStart = FileOperationInput & { readonly names: Readonly<Record<string, string>> };

/**
 * The start of `kind` on the selected `assets` (offered by `fileOperationOffered`, so the descriptor has the move or
 * copy list it needs): Rename starts from the one asset's file name, Move and Copy from the descriptor's `move_to` and
 * `copy_to`, Rotate in `direction`.
 */
export function fileOperationStart(
  kind: FileOperationKind,
  assets: readonly Asset[],
  descriptor: FullApiDescriptor | undefined,
  options: { readonly direction?: FileRotation } = {},
): FileOperationStart {
  return {
    kind,
    assets: assets.map((asset) => asset.href),
    names: Object.fromEntries(assets.map((asset) => [asset.href, asset.filename])),
    ...(kind === 'rename' && assets[0] ? { filename: assets[0].filename } : {}),
    ...(kind === 'move' && descriptor?.move_to ? { destinations: descriptor.move_to } : {}),
    ...(kind === 'copy' && descriptor?.copy_to ? { destinations: descriptor.copy_to } : {}),
    ...(kind === 'rotate' ? { direction: options.direction ?? 'cw' } : {}),
  };
}

const VERBS: Readonly<Record<FileOperationKind, { title: string; submit: string; running: string }>> = {
  rename: { title: 'Rename', submit: 'Rename', running: 'Renaming' },
  move: { title: 'Move', submit: 'Move here', running: 'Moving' },
  copy: { title: 'Copy', submit: 'Copy here', running: 'Copying' },
  rotate: { title: 'Rotate', submit: 'Rotate', running: 'Rotating' },
  delete: { title: 'Delete', submit: 'Move to trash', running: 'Moving to the trash' },
  download: { title: 'Download', submit: 'Download', running: 'Preparing the download of' },
  duplicate: { title: 'Duplicate', submit: 'Duplicate', running: 'Duplicating' },
};

const count = (n: number) => (n === 1 ? '1 asset' : `${n} assets`);

/** Starts the browser's download of `href` (same origin), named `name`. */
function startBrowserDownload(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The dialog for one operation, from START to its end (done or cancelled, reported through `onEnd`). */
function FileOperationRun({ start, onEnd }: { readonly start: FileOperationInput; readonly onEnd: (outcome: Omit<FileOperationOutcome, 'names'> | undefined) => void }) {
  const [state, send] = useMachine(
    fileOperationMachine.provide({
      actors: { loadDestinations: fromPromise(({ input, signal }) => loadFileDestinations(input.href, signal)), runTask: runFileTask },
    }),
  );
  useEffect(() => {
    send({ type: 'START', ...start });
  }, [send, start]);
  const value = String(state.value);
  const context = state.context;
  useEffect(() => {
    if (value === 'cancelled') onEnd(undefined);
    if (value === 'done') {
      const { done, failed } = fileOperationOutcome(context);
      const renamed = context.kind === 'rename' ? context.results.find((r) => r.done)?.resultHref : undefined;
      const destination = context.destination
        ? { href: context.destination.href, name: context.destination.name }
        : renamed
          ? { href: renamed, name: context.name.trim() }
          : undefined;
      // A download starts in the browser (its own progress in the downloads bar), as a link to the ZIP would.
      if (context.download) startBrowserDownload(context.download.href, context.download.name);
      onEnd({ kind: context.kind, done, failed, ...(destination ? { destination } : {}), ...(context.download ? { download: context.download } : {}) });
    }
  }, [value, context, onEnd]);
  if (value === 'idle' || value === 'done' || value === 'cancelled') return null;
  const verbs = VERBS[context.kind];
  const running = value === 'running';
  // Escape or the backdrop: Cancel before the task runs, Close after it failed; nothing while it runs.
  const cancel = () => send({ type: value === 'failed' ? 'CLOSE' : 'CANCEL' });
  const title =
    context.kind === 'rename'
      ? `Rename “${context.filename}”`
      : context.kind === 'delete'
        ? `Delete ${count(context.assets.length)}?`
        : `${verbs.title} ${count(context.assets.length)}`;
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || running ? undefined : cancel())} size="sm" role={context.kind === 'delete' ? 'alertdialog' : 'dialog'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="file-operation-dialog" data-state={value} data-kind={context.kind} asChild>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (value === 'editing' || value === 'choosing') send({ type: 'SUBMIT' });
                else if (value === 'confirming') send({ type: 'CONFIRM' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {value === 'editing' && (
                  <Field.Root invalid={context.problem !== undefined}>
                    <Field.Label>New file name</Field.Label>
                    <Input
                      autoFocus
                      value={context.name}
                      onChange={(event) => send({ type: 'CHANGE_NAME', name: event.target.value })}
                      data-testid="file-rename-name"
                      maxLength={300}
                    />
                    {context.problem !== undefined && <Field.ErrorText data-testid="file-operation-problem">{context.problem}</Field.ErrorText>}
                  </Field.Root>
                )}
                {value === 'loading' && (
                  <HStack>
                    <Spinner size="sm" aria-hidden="true" />
                    <Text role="status">Loading the folders…</Text>
                  </HStack>
                )}
                {value === 'loadFailed' && (
                  <Stack gap="3" align="flex-start">
                    <Text role="alert" color="fg.error" data-testid="file-operation-load-error">
                      {context.error}
                    </Text>
                    <Button size="sm" onClick={() => send({ type: 'RETRY' })} data-testid="file-operation-retry">
                      Try again
                    </Button>
                  </Stack>
                )}
                {value === 'choosing' && (
                  <DestinationChooser choices={context.choices} chosen={context.destination} canGoUp={context.trail.length > 0} send={send} problem={context.problem} />
                )}
                {value === 'confirming' && (
                  <Text data-testid="file-operation-confirm-text">
                    {context.assets.length === 1 ? 'The asset goes' : `The ${context.assets.length} assets go`} to the trash, from where they can be restored until they are purged.
                  </Text>
                )}
                {running && (
                  <Stack gap="2" data-testid="file-operation-progress" data-done={context.progress?.done ?? 0} data-total={context.progress?.total ?? 0}>
                    <Text role="status">
                      {verbs.running} {count(context.assets.length)}…{' '}
                      {context.progress && context.kind !== 'download' ? `${context.progress.done} of ${context.progress.total} done` : ''}
                    </Text>
                    <Progress.Root
                      value={context.progress ? (100 * context.progress.done) / Math.max(1, context.progress.total) : null}
                      size="sm"
                      aria-label={`${verbs.running} progress`}
                    >
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Stack>
                )}
                {value === 'failed' && (
                  <Text role="alert" color="fg.error" data-testid="file-operation-error">
                    {context.error}
                  </Text>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {value === 'failed' ? (
                  <>
                    <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} data-testid="file-operation-close">
                      Close
                    </Button>
                    <Button onClick={() => send({ type: 'RETRY' })} data-testid="file-operation-retry">
                      Try again
                    </Button>
                  </>
                ) : (
                  <>
                    <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={running} data-testid="file-operation-cancel">
                      Cancel
                    </Button>
                    {(value === 'editing' || value === 'choosing' || value === 'confirming') && (
                      <Button type="submit" colorPalette={context.kind === 'delete' ? 'red' : 'brand'} data-testid="file-operation-submit">
                        {verbs.submit}
                      </Button>
                    )}
                  </>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The destination list: each archive or folder to choose, with Open for one that has folders, and Up. */
function DestinationChooser({
  choices,
  chosen,
  canGoUp,
  send,
  problem,
}: {
  readonly choices: readonly FileDestination[];
  readonly chosen: FileDestination | undefined;
  readonly canGoUp: boolean;
  readonly send: (event: { type: 'CHOOSE' | 'OPEN'; href: string } | { type: 'UP' }) => void;
  readonly problem: string | undefined;
}) {
  return (
    <Field.Root invalid={problem !== undefined}>
      <Text data-testid="file-operation-destination" aria-live="polite">
        {chosen ? (
          <>
            Into <strong>{chosen.name}</strong>
          </>
        ) : (
          'Choose where the assets go.'
        )}
      </Text>
      {canGoUp && (
        <Button size="xs" variant="ghost" onClick={() => send({ type: 'UP' })} data-testid="file-operation-up">
          <CornerLeftUp aria-hidden="true" />
          Up
        </Button>
      )}
      <Box as="fieldset" border="0" p="0" m="0" w="full">
        <Text as="legend" srOnly>
          Destination
        </Text>
        <Stack gap="1" maxH="260px" overflowY="auto" data-testid="file-operation-choices">
          {choices.length === 0 && <Text color="fg.muted">No folders here.</Text>}
          {choices.map((choice) => (
            <HStack key={choice.href} justify="space-between" data-testid="file-operation-choice" data-href={choice.href}>
              <label>
                <input type="radio" name="destination" checked={chosen?.href === choice.href} onChange={() => send({ type: 'CHOOSE', href: choice.href })} /> {choice.name}
              </label>
              {choice.hasChildren && (
                <Button size="xs" variant="ghost" onClick={() => send({ type: 'OPEN', href: choice.href })} aria-label={`Open ${choice.name}`} data-testid="file-operation-open">
                  <ChevronRight aria-hidden="true" />
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      </Box>
      {problem !== undefined && <Field.ErrorText data-testid="file-operation-problem">{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The dialog of the operation `start` describes (nothing while it is undefined), on its own `fileOperation` machine;
 * `onEnd` once it ends: with what it did when done, undefined when cancelled.
 */
export function FileOperations({ start, onEnd }: { readonly start: FileOperationStart | undefined; readonly onEnd: (outcome: FileOperationOutcome | undefined) => void }) {
  const ended = useCallback((outcome: Omit<FileOperationOutcome, 'names'> | undefined) => onEnd(outcome && start ? { ...outcome, names: start.names } : undefined), [onEnd, start]);
  return start ? <FileOperationRun start={start} onEnd={ended} /> : null;
}

const DONE_TEXT: Readonly<Record<FileOperationKind, (n: string) => string>> = {
  rename: () => 'Renamed to',
  move: (n) => `${n} moved to`,
  copy: (n) => `${n} copied to`,
  rotate: (n) => `${n} rotated.`,
  delete: (n) => `${n} moved to the trash.`,
  download: (n) => `${n} downloading as`,
  duplicate: (n) => `${n} duplicated.`,
};

/** The notice of a finished operation: what was done (with a link to where), and each asset that failed with why. */
export function FileOperationNotice({ outcome }: { readonly outcome: FileOperationOutcome }) {
  const { kind, done, failed, destination, names } = outcome;
  return (
    <Stack gap="1" data-testid="file-operation-notice" data-kind={kind}>
      {done > 0 && (
        <Text>
          {DONE_TEXT[kind](count(done))}{' '}
          {destination && (kind === 'move' || kind === 'copy' || kind === 'rename') && (
            <Link asChild color="brand.fg">
              <RouterLink to={destination.href}>{destination.name}</RouterLink>
            </Link>
          )}
          {kind === 'download' && outcome.download && (
            <>
              <Link href={outcome.download.href} download={outcome.download.name} color="brand.fg" data-testid="file-download-link">
                {outcome.download.name}
              </Link>{' '}
              ({formatFileSize(outcome.download.size)}).
            </>
          )}
          {kind === 'delete' && (
            <Link asChild color="brand.fg">
              <RouterLink to={TRASH_PATH}>Open the trash</RouterLink>
            </Link>
          )}
        </Text>
      )}
      {failed.map((result) => (
        <Text key={result.href} color="fg.error" data-testid="file-operation-failure">
          {names[result.href] ?? result.href}: {result.message ?? 'not done'}
        </Text>
      ))}
    </Stack>
  );
}
