/**
 * Whether the asset's metadata is written into its file (Magpie `metadataWriteback`; issue 5 "Formats ExifTool cannot
 * write keep the change in the database and say so in the asset").
 *
 * While the write-back job runs, the asset is polled until its status is no longer `pending`: `pollUntilDoneMachine`
 * (`@magpie/machines`) provided with the write-back's rules. The task is the asset itself (the PATCH started the job),
 * so it is given by its `location`; `pending` polls again after 1 s, any other write-back status (written,
 * unsupported, failed) is the end, at most 15 polls (spec 01 §9). When the machine gives up, "Check again" starts a
 * new poll.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Asset } from '@magpie/api-types';
import { pollAnswerOf, pollUntilDoneMachine, type PollTaskInput, type PollTaskOutput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { writebackNotice } from './metadataView.ts';

/** The write-back status that means "still writing: poll again" (Magpie `metadataWriteback.status`). */
const WRITEBACK_PENDING = 'pending';

/** Wait between two reads of the asset, in ms. */
const WRITEBACK_POLL_INTERVAL_MS = 1_000; // spec 01 §9 "15 attempts at 1 s"

/** The poll-until-done machine reading the asset's write-back status (see the module comment). */
export const writebackPollingMachine = pollUntilDoneMachine.provide({
  actors: {
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async ({ input, signal }) => {
      const asset = await api.getAsset(input.location, { signal });
      // An asset without a write-back status has nothing left to wait for.
      return { status: asset.metadataWriteback?.status ?? 'none', result: asset };
    }),
  },
  guards: {
    'isJobRunning?': ({ event }) => pollAnswerOf(event).status === WRITEBACK_PENDING,
    'isJobFinished?': ({ event }) => pollAnswerOf(event).status !== WRITEBACK_PENDING,
  },
  delays: {
    pollInterval: WRITEBACK_POLL_INTERVAL_MS,
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
  const [snapshot] = useMachine(writebackPollingMachine, { input: { location: props.href } });
  const propsRef = useRef(props);
  propsRef.current = props;
  const { output } = snapshot;
  useEffect(() => {
    if (!output) return;
    if (output.status === 'succeeded') propsRef.current.onDone(output.result as Asset);
    else propsRef.current.onGaveUp();
  }, [output]);
  return null;
}
