/**
 * The asset view's history panel (spec 01 §7 Revisions; permissions HistoryView, HistoryRollback, HistoryManage):
 * the asset's revisions newest first with who, when and what changed; compare a revision with the current one;
 * restore the metadata as it was at a revision (`rollback-to`, rollbackType `metadata`); undo what one revision
 * changed (`rollback`); delete an older revision. Each change asks for a confirmation first.
 * The flow runs on `revisionHistoryMachine` (`@magpie/machines`); this component renders its state and sends events.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Box, Button, Dialog, Heading, HStack, IconButton, Portal, Text, chakra } from '@chakra-ui/react';
import { RotateCw } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Asset, FieldChange, Revision, RevisionComparison } from '@magpie/api-types';
import { revisionHistoryMachine, type CompareRevisionsInput, type LoadRevisionsInput, type PendingRevisionChange, type RevisionRef } from '@magpie/machines';
import { formatMetadataDate } from '../lib/format.ts';
import { compareRevisions, deleteRevision, listRevisions, rollbackToRevision, undoRevision } from './metadataApi.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link HistoryPanel}. */
export interface HistoryPanelProps {
  readonly asset: Asset;
  /** Called after a rollback or delete: the asset changed, the view reloads it. */
  readonly onAssetChanged: () => void;
}

/** How a revision came about, for people. */
export const REVISION_KIND_LABELS: Readonly<Record<Revision['kind'], string>> = {
  ingest: 'Uploaded',
  metadata: 'Metadata changed',
  file: 'New version of the file',
  rollback: 'Restored',
};

/** The request of each confirmed change (spec 01 §7 Revisions). */
const APPLY: Readonly<Record<PendingRevisionChange['kind'], (revisionHref: string) => Promise<unknown>>> = {
  rollback: rollbackToRevision,
  undo: undoRevision,
  delete: deleteRevision,
};

/** The confirmation of each change: title, what happens, and the confirm button. */
export const CONFIRMATIONS: Readonly<Record<PendingRevisionChange['kind'], { title: string; text: (number: number | undefined) => string; action: string }>> = {
  rollback: {
    title: 'Restore this version?',
    text: (number) => `Every field gets the value it had at revision #${number}. This makes a new revision; nothing is lost.`,
    action: 'Restore',
  },
  undo: {
    title: 'Undo this change?',
    text: (number) => `The fields revision #${number} changed get the values they had before it. This makes a new revision; nothing is lost.`,
    action: 'Undo',
  },
  delete: {
    title: 'Delete this revision?',
    text: (number) => `Revision #${number} is removed from the history. The asset does not change.`,
    action: 'Delete',
  },
};

/** A field value of a revision change as text: items joined with `, `, nothing as "(empty)". */
export function changeValueText(value: FieldChange['before']): string {
  if (value === null || (Array.isArray(value) && value.length === 0) || value === '') return '(empty)';
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The history panel of `asset` (see the module comment): nothing without HistoryView; restore and undo with
 * HistoryRollback, delete with HistoryManage. Calls `onAssetChanged` after a change so the view reloads the asset.
 */
export function HistoryPanel({ asset, onAssetChanged }: HistoryPanelProps) {
  const permissions = asset.permissions ?? [];
  const revisionsHref = asset.revisions.href;
  const machine = useMemo(
    () =>
      revisionHistoryMachine.provide({
        actors: {
          loadRevisions: fromPromise<readonly RevisionRef[], LoadRevisionsInput>(async ({ input, signal }) => (await listRevisions(input.revisionsHref, signal)).data),
          compareRevisions: fromPromise<unknown, CompareRevisionsInput>(({ input }) =>
            compareRevisions(input.revisionsHref, (input.left as Revision).number, (input.right as Revision).number),
          ),
          applyRevisionChange: fromPromise<unknown, PendingRevisionChange>(({ input }) => APPLY[input.kind](input.revision.href)),
        },
      }),
    [],
  );
  const [snapshot, send, actorRef] = useMachine(machine, {
    input: {
      revisionsHref,
      permissions: { view: permissions.includes('HistoryView'), rollback: permissions.includes('HistoryRollback'), manage: permissions.includes('HistoryManage') },
    },
  });

  const onChangedRef = useRef(onAssetChanged);
  onChangedRef.current = onAssetChanged;
  useEffect(() => {
    const subscription = actorRef.on('assetChanged', () => onChangedRef.current());
    return () => subscription.unsubscribe();
  }, [actorRef]);

  // The asset changed elsewhere (a field saved in this view): the list gains a revision.
  const seenModified = useRef(asset.modified);
  useEffect(() => {
    if (seenModified.current === asset.modified) return;
    seenModified.current = asset.modified;
    send({ type: 'RELOAD' });
  }, [asset.modified, send]);

  const lastConfirmation = useRef<(typeof CONFIRMATIONS)[PendingRevisionChange['kind']]>(undefined);
  const lastNumber = useRef<number>(undefined);

  if (snapshot.matches('unavailable')) return null;
  const { context } = snapshot;
  const revisions = context.revisions as readonly Revision[];
  const current = revisions.find((revision) => revision.current) ?? revisions[0];
  const comparison = context.comparison;
  const confirming = snapshot.matches('confirming') || snapshot.matches('applying');
  const pending = context.pending?.revision as Revision | undefined;
  // The last confirmation stays on screen while the dialog closes.
  const confirmation = context.pending ? CONFIRMATIONS[context.pending.kind] : lastConfirmation.current;
  lastConfirmation.current = confirmation;
  const pendingNumber = pending?.number ?? lastNumber.current;
  lastNumber.current = pendingNumber;

  return (
    <Box as="section" aria-labelledby="history-heading" data-testid="history-panel" data-state={String(snapshot.value)}>
      <HStack justify="space-between" mb="2">
        <Heading as="h2" id="history-heading" size="sm">
          History
        </Heading>
        <HStack gap="1">
          {(snapshot.matches('loading') || snapshot.matches('comparing')) && <LoadingSpinner size="xs" label="Loading the history" />}
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label="Refresh the history"
            data-testid="history-refresh"
            disabled={!snapshot.matches('ready')}
            onClick={() => send({ type: 'RELOAD' })}
          >
            <RotateCw />
          </IconButton>
        </HStack>
      </HStack>
      {snapshot.matches('failed') && (
        <Alert.Root status="error" size="sm" data-testid="history-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{context.error?.message}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {!snapshot.matches('failed') && context.error && (
        <Text role="alert" fontSize="sm" color="fg.error" mb="2" data-testid="history-error-message">
          {context.error.message}
        </Text>
      )}
      {snapshot.matches('ready') && revisions.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No revisions yet.
        </Text>
      )}
      {comparison && (
        <ComparisonView
          comparison={comparison.result as RevisionComparison | undefined}
          left={comparison.left as Revision}
          right={comparison.right as Revision}
          onClose={() => send({ type: 'CLOSE_COMPARISON' })}
        />
      )}
      <chakra.ol listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="2" aria-label="Revisions, newest first">
        {revisions.map((revision) => (
          <chakra.li key={revision.href} borderWidth="1px" borderColor="border" rounded="md" p="2" fontSize="sm" data-testid="revision" data-number={revision.number}>
            <HStack justify="space-between" align="flex-start" gap="2">
              <Box>
                <Text fontWeight="medium">
                  {REVISION_KIND_LABELS[revision.kind]} <chakra.span color="fg.muted">#{revision.number}</chakra.span>
                  {revision.current && <chakra.span color="fg.muted"> · current</chakra.span>}
                </Text>
                <Text color="fg.muted" fontSize="xs">
                  {revision.createdBy} · {formatMetadataDate(revision.created)}
                </Text>
              </Box>
            </HStack>
            {revision.changes.length > 0 && (
              <chakra.ul listStyleType="none" m="0" mt="1" p="0" fontSize="xs" data-testid="revision-changes">
                {revision.changes.map((change) => (
                  <li key={change.field}>
                    <chakra.span color="fg.muted">{change.label}:</chakra.span> {changeValueText(change.before)} → {changeValueText(change.after)}
                  </li>
                ))}
              </chakra.ul>
            )}
            {(!revision.current || (context.permissions.rollback && revision.number > 1)) && (
              <HStack gap="1" mt="2" wrap="wrap">
                {context.permissions.rollback && revision.number > 1 && (
                  <Button size="xs" variant="outline" disabled={!snapshot.matches('ready')} onClick={() => send({ type: 'UNDO', revision })}>
                    Undo this change
                  </Button>
                )}
                {!revision.current && current && (
                  <Button size="xs" variant="outline" disabled={!snapshot.matches('ready')} onClick={() => send({ type: 'COMPARE', left: revision, right: current })}>
                    Compare with current
                  </Button>
                )}
                {context.permissions.rollback && !revision.current && (
                  <Button size="xs" variant="outline" disabled={!snapshot.matches('ready')} onClick={() => send({ type: 'ROLLBACK', revision })}>
                    Restore this version
                  </Button>
                )}
                {context.permissions.manage && !revision.current && (
                  <Button size="xs" variant="ghost" colorPalette="red" disabled={!snapshot.matches('ready')} onClick={() => send({ type: 'DELETE', revision })}>
                    Delete
                  </Button>
                )}
              </HStack>
            )}
          </chakra.li>
        ))}
      </chakra.ol>
      <Dialog.Root role="alertdialog" open={confirming} onOpenChange={(details) => !details.open && send({ type: 'CANCEL' })} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="history-confirm">
              <Dialog.Header>
                <Dialog.Title>{confirmation?.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm">{confirmation?.text(pendingNumber)}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" size="sm" disabled={snapshot.matches('applying')} data-testid="history-confirm-cancel" onClick={() => send({ type: 'CANCEL' })}>
                  Cancel
                </Button>
                <Button
                  size="sm"
                  colorPalette={context.pending?.kind === 'delete' ? 'red' : 'brand'}
                  loading={snapshot.matches('applying')}
                  data-testid="history-confirm-ok"
                  onClick={() => send({ type: 'CONFIRM' })}
                >
                  {confirmation?.action}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}

/** The differences between two revisions (field by field), or "comparing…" while the answer is on its way. */
function ComparisonView(props: { comparison: RevisionComparison | undefined; left: Revision; right: Revision; onClose(): void }) {
  const { comparison, left, right, onClose } = props;
  return (
    <Box borderWidth="1px" borderColor="border.emphasized" bg="bg.subtle" rounded="md" p="3" mb="3" fontSize="sm" data-testid="revision-comparison" aria-live="polite">
      <HStack justify="space-between" mb="1">
        <Text fontWeight="medium">
          #{left.number} compared with #{right.number}
        </Text>
        <Button size="xs" variant="ghost" onClick={onClose} data-testid="revision-comparison-close">
          Close
        </Button>
      </HStack>
      {!comparison ? (
        <Text color="fg.muted">Comparing…</Text>
      ) : comparison.differences.length === 0 && !comparison.fileDiffers ? (
        <Text color="fg.muted">No differences.</Text>
      ) : (
        <chakra.ul listStyleType="none" m="0" p="0">
          {comparison.differences.map((change) => (
            <li key={change.field} data-testid="revision-difference">
              <chakra.span color="fg.muted">{change.label}:</chakra.span> {changeValueText(change.before)} → {changeValueText(change.after)}
            </li>
          ))}
          {comparison.fileDiffers && <li>The file differs.</li>}
        </chakra.ul>
      )}
    </Box>
  );
}
