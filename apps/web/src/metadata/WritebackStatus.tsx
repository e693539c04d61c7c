/**
 * Whether the asset's metadata is written into its file (Magpie `metadataWriteback`; issue 5 "Formats ExifTool cannot
 * write keep the change in the database and say so in the asset").
 *
 * While the write-back job runs, the asset is polled until its status is no longer `pending`. That is the
 * poll-until-done flow of `duplicateRevisionPollingMachine` (`@magpie/machines`: `pending` polls again after 1 s, at
 * most 15 polls, spec 01 §9), run here on the asset: its actor reads the asset and answers `pending` or `done`. When
 * the machine gives up, "Check again" starts a new poll.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Asset } from '@magpie/api-types';
import { DUPLICATE_DONE_STATUS, DUPLICATE_PENDING_STATUS, duplicateRevisionPollingMachine, type PollDuplicateInput, type PollDuplicateOutput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { writebackNotice } from './metadataView.ts';

/** The poll-until-done machine reading the asset's write-back status (see the module comment). */
export const writebackPollingMachine = duplicateRevisionPollingMachine.provide({
  actors: {
    pollDuplicate: fromPromise<PollDuplicateOutput, PollDuplicateInput>(async ({ input, signal }) => {
      const asset = await api.getAsset(input.href, { signal });
      return { status: asset.metadataWriteback?.status === 'pending' ? DUPLICATE_PENDING_STATUS : DUPLICATE_DONE_STATUS, result: asset };
    }),
  },
});

/** Props of {@link WritebackStatus}. */
export interface WritebackStatusProps {
  readonly asset: Asset;
  /** Receives the asset once its write-back finished (written, unsupported or failed). */
  readonly onAssetChange: (asset: Asset) => void;
}

/** The write-back notice of `asset` (nothing when the asset has no status), polling while it is pending. */
export function WritebackStatus({ asset, onAssetChange }: WritebackStatusProps) {
  const notice = writebackNotice(asset.metadataWriteback);
  const pending = asset.metadataWriteback?.status === 'pending';
  // A new poll per pending state of the asset (its `modified` changes with each edit) and per "Check again".
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState<string>();
  const pollKey = `${asset.href}@${asset.modified}#${round}`;

  if (!notice) return null;
  return (
    <Alert.Root status={notice.tone} size="sm" data-testid="writeback-status" data-status={asset.metadataWriteback?.status} aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{notice.text}</Alert.Description>
      </Alert.Content>
      {pending && gaveUp !== pollKey && <WritebackPoller key={pollKey} href={asset.href} onDone={onAssetChange} onGaveUp={() => setGaveUp(pollKey)} />}
      {pending && gaveUp === pollKey && (
        <Button size="xs" variant="outline" onClick={() => setRound((n) => n + 1)}>
          Check again
        </Button>
      )}
    </Alert.Root>
  );
}

/** Runs one poll of the asset until its write-back is no longer pending; renders nothing. */
function WritebackPoller(props: { href: string; onDone(asset: Asset): void; onGaveUp(): void }) {
  const [snapshot] = useMachine(writebackPollingMachine, { input: { href: props.href } });
  const propsRef = useRef(props);
  propsRef.current = props;
  const { output } = snapshot;
  useEffect(() => {
    if (!output) return;
    if (output.status === 'done') propsRef.current.onDone(output.result as Asset);
    else propsRef.current.onGaveUp();
  }, [output]);
  return null;
}
