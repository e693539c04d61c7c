/**
 * A movie in the asset view (issue 16): its web-playable copy in the browser's player (seeking through byte ranges),
 * with the poster frame as the picture before it plays. While the DAM's `web-video` background job makes the copy,
 * the poster shows with a progress bar, and the asset is polled until the copy is ready or failed:
 * `pollUntilDoneMachine` (`@magpie/machines`) provided with the web video's rules (`pending`/`running` poll again
 * every 2 s; anything else ends), as the write-back status does. A failed or unavailable copy says why, and the
 * poster stays.
 */
import { useEffect, useRef } from 'react';
import { Box, chakra, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Asset } from '@magpie/api-types';
import { pollAnswerOf, pollUntilDoneMachine, type PollTaskInput, type PollTaskOutput } from '@magpie/machines';
import { api } from '../../api/client.ts';

/** The web video states that mean "still being made: poll again" (dam.yaml `WebVideo.status`). */
const WEB_VIDEO_RUNNING = new Set(['pending', 'running']);

/** Wait between two reads of the asset while its video is made, in ms. */
export const WEB_VIDEO_POLL_INTERVAL_MS = 2_000;

/** Reads of the asset before the page stops waiting (30 min at 2 s): long videos take a while. */
export const WEB_VIDEO_POLL_MAX_ATTEMPTS = 900;

/** The poll-until-done machine reading the asset's web video state (see the module comment). */
export const webVideoPollingMachine = pollUntilDoneMachine.provide({
  actors: {
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async ({ input, signal }) => {
      const asset = await api.getAsset(input.location, { signal });
      const progress = asset.webVideo?.progress;
      return {
        status: asset.webVideo?.status ?? 'none',
        result: asset,
        ...(progress === undefined ? {} : { progress: { done: Math.round(progress * 100), total: 100 } }),
      };
    }),
  },
  guards: {
    'isJobRunning?': ({ event }) => WEB_VIDEO_RUNNING.has(pollAnswerOf(event).status),
    'isJobFinished?': ({ event }) => !WEB_VIDEO_RUNNING.has(pollAnswerOf(event).status),
  },
  delays: {
    pollInterval: WEB_VIDEO_POLL_INTERVAL_MS,
  },
});

/** Props of {@link AssetVideo}. */
export interface AssetVideoProps {
  readonly asset: Asset;
  /** The poster frame (the asset's largest preview), when it has one. */
  readonly poster: string | undefined;
  /** Receives the asset once its web video is ready or failed. */
  readonly onAssetChange: (asset: Asset) => void;
}

/** The player, or the poster with the state of the copy being made. */
export function AssetVideo({ asset, poster, onAssetChange }: AssetVideoProps) {
  const state = asset.webVideo;
  if (state?.status === 'ready' && state.href) {
    return (
      <chakra.video
        key={state.href}
        src={state.href}
        poster={poster}
        controls
        preload="metadata"
        playsInline
        maxW="full"
        maxH="78vh"
        rounded="md"
        bg="black"
        data-testid="asset-video"
        aria-label={`Video: ${asset.filename}`}
      />
    );
  }
  const running = state !== undefined && WEB_VIDEO_RUNNING.has(state.status);
  return (
    <Stack align="center" gap="3" w="full" data-testid="asset-video-state" data-status={state?.status ?? 'none'}>
      {poster && <chakra.img src={poster} alt={`Poster frame of ${asset.filename}`} maxW="full" maxH="70vh" objectFit="contain" rounded="md" />}
      {running && <WebVideoProgress key={`${asset.href}@${asset.modified}`} asset={asset} onDone={onAssetChange} />}
      {(state?.status === 'failed' || state?.status === 'unavailable') && (
        <Text color="fg.muted" fontSize="sm" role="status" data-testid="asset-video-message">
          {state.status === 'unavailable' ? 'This server cannot make videos playable in the browser. ' : ''}
          {state.message ?? 'The video could not be made playable in the browser.'} The original can still be downloaded.
        </Text>
      )}
    </Stack>
  );
}

/** Polls the asset while its video is made and shows how far it is. */
function WebVideoProgress(props: { asset: Asset; onDone(asset: Asset): void }) {
  const [snapshot] = useMachine(webVideoPollingMachine, { input: { location: props.asset.href, maxAttempts: WEB_VIDEO_POLL_MAX_ATTEMPTS } });
  const propsRef = useRef(props);
  propsRef.current = props;
  const { output } = snapshot;
  useEffect(() => {
    if (output?.status === 'succeeded') propsRef.current.onDone(output.result as Asset);
  }, [output]);
  const done = snapshot.context.progress?.done ?? Math.round((props.asset.webVideo?.progress ?? 0) * 100);
  const label = output?.status === 'failed' ? 'Still preparing the video; reload the page to check again.' : `Preparing the video for the browser: ${done} %`;
  return (
    <Box w="full" maxW="md" data-testid="asset-video-progress" data-done={done}>
      <Progress.Root value={done} max={100} size="sm" colorPalette="brand" aria-label={label}>
        <HStack gap="2">
          <Progress.Track flex="1">
            <Progress.Range />
          </Progress.Track>
          <Progress.ValueText fontSize="xs">{done} %</Progress.ValueText>
        </HStack>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" mt="1" role="status">
        {label}
      </Text>
    </Box>
  );
}
