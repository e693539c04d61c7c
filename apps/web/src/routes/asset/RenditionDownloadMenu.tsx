/**
 * "Download as…" beside "Download original" on the asset page (issue 16: the processing profiles every asset offers
 * as renditions). Lists the asset's `renditions` other than the original; choosing one asks FotoWeb's rendition
 * service for it (`POST /fotoweb/services/renditions {href}` → 202 with the file's `Location`; fotoweb-api-notes §6.3)
 * and polls that location (202 with `Retry-After` while the file is made, 200 once it is) with
 * {@link renditionPollingMachine} (`pollUntilDoneMachine` provided with the rendition service's rules), then lets
 * the browser download it from the location. Nothing shows when the asset offers no rendition but the original.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, HStack, Menu, Portal, Spinner, Text } from '@chakra-ui/react';
import { ChevronDown, Download } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Asset } from '@magpie/api-types';
import { pollUntilDoneMachine, type CreateTaskInput, type CreateTaskOutput, type PollTaskInput, type PollTaskOutput } from '@magpie/machines';
import { api } from '../../api/client.ts';
import { loadErrorText } from '../../api/requestErrors.ts';

/** The rendition service's answer to a request (dam.yaml `requestRendition`: 202 Accepted with `Location`). */
const RENDITION_ACCEPTED_STATUS = 202;
/** Polls of the file's location before giving up: a minute at the default second between polls. */
const RENDITION_MAX_POLLS = 60;

/**
 * The poll-until-done machine for one rendition: the task is the rendition's href; `createTask` requests it,
 * `pollTask` reads whether the file is made (`pending` on 202, after its `Retry-After`; `done` on 200).
 */
export const renditionPollingMachine = pollUntilDoneMachine.provide({
  actors: {
    createTask: fromPromise<CreateTaskOutput, CreateTaskInput>(async ({ input, signal }) => {
      const requested = await api.requestRendition(String(input.task), { signal });
      return { status: requested.status, ...(requested.location !== undefined ? { location: requested.location } : {}) };
    }),
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async ({ input, signal }) => {
      const file = await api.renditionStatus(input.location, { signal });
      return file.ready ? { status: 'done' } : { status: 'pending', ...(file.retryAfterMs !== undefined ? { updates: { frequency: file.retryAfterMs } } : {}) };
    }),
  },
  guards: {
    'isTaskCreated?': (_, created: CreateTaskOutput) => created.status === RENDITION_ACCEPTED_STATUS && typeof created.location === 'string' && created.location !== '',
  },
});

/** A rendition the menu offers: its href and the profile's name. */
interface Offered {
  readonly href: string;
  readonly name: string;
}

/** The renditions of `asset` other than the original, by the DAM's order. */
export function offeredRenditions(asset: Pick<Asset, 'renditions'>): Offered[] {
  return (asset.renditions ?? [])
    .filter((rendition) => !rendition.original && rendition.profile !== 'ORIGINAL' && typeof rendition.href === 'string' && rendition.href !== '')
    .map((rendition) => ({ href: rendition.href, name: rendition.display_name || rendition.description || rendition.profile }));
}

/** Starts the browser's download of `href` (same origin; the DAM answers it `Content-Disposition: attachment`). */
function startDownload(href: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** One rendition being prepared: polls it, downloads it when made, says why when it failed. */
function RenditionJob({ rendition, onEnd }: { readonly rendition: Offered; readonly onEnd: (error: string | undefined) => void }) {
  const [state] = useMachine(renditionPollingMachine, { input: { task: rendition.href, maxAttempts: RENDITION_MAX_POLLS } });
  const ended = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || ended.current) return;
    ended.current = true;
    const output = state.output;
    if (output?.status === 'succeeded' && state.context.location) {
      startDownload(state.context.location);
      onEnd(undefined);
      return;
    }
    const error = output?.status === 'failed' ? output.error : undefined;
    onEnd(error?.value === 'requestFailed' ? loadErrorText(error.cause) : `“${rendition.name}” could not be prepared. Try again later.`);
  }, [state, rendition.name, onEnd]);
  return (
    <HStack gap="2" role="status" data-testid="rendition-preparing">
      <Spinner size="xs" aria-hidden="true" />
      <Text fontSize="sm">Preparing “{rendition.name}”…</Text>
    </HStack>
  );
}

/** See the module comment. */
export function RenditionDownloadMenu({ asset }: { readonly asset: Pick<Asset, 'renditions'> }) {
  const offered = offeredRenditions(asset);
  const [job, setJob] = useState<{ readonly rendition: Offered; readonly key: number } | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const jobs = useRef(0);
  if (offered.length === 0) return null;

  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-start' }}
        onSelect={(details) => {
          const rendition = offered.find((candidate) => candidate.href === details.value);
          if (!rendition) return;
          setError(undefined);
          jobs.current += 1;
          setJob({ rendition, key: jobs.current });
        }}
      >
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" disabled={job !== undefined} data-testid="asset-download-as">
            <Download aria-hidden="true" />
            Download as…
            <ChevronDown aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content data-testid="asset-download-as-menu" minW="48">
              {offered.map((rendition) => (
                <Menu.Item key={rendition.href} value={rendition.href} data-testid="asset-download-as-item">
                  {rendition.name}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {job && (
        <RenditionJob
          key={job.key}
          rendition={job.rendition}
          onEnd={(failure) => {
            setJob(undefined);
            setError(failure);
          }}
        />
      )}
      {error && (
        <Text fontSize="sm" color={{ _light: 'red.700', _dark: 'red.300' }} role="alert" data-testid="asset-download-as-error">
          {error}
        </Text>
      )}
    </>
  );
}
