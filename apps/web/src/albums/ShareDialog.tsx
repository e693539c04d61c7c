/**
 * An album's Share dialog (issue 13; FotoWeb sharing; spec 01 §8 "Share failed"): the people and groups it is shared
 * with (`PeopleSharing`, with `albums.shareWithUsers` or `albums.shareWithGroups`), and, on the `albumShare` machine
 * (with `albums.shareWithGuests`), the album's share links, each with its expiry, password and download settings, Copy link and Revoke; and a form that
 * makes a new link with an optional expiry date (the link works through that day), an optional password and a
 * download switch. The newest link is shown ready to copy.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, CloseButton, Dialog, Field, HStack, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Copy, Link2 } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { albumShareMachine, type ShareLinkRequest, type ShareLinkView } from '@magpie/machines';
import type { AlbumSharing, ShareLink } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { PeopleSharing, type PeopleSharingProps } from './PeopleSharing.tsx';
import { machineCall } from '../api/requestErrors.ts';

/** Today's date on the user's calendar, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The end of a calendar day on the user's clock, as ISO 8601 (a link works through its expiry date). */
function endOfDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59).toISOString();
}

/** The album's sharing, read once for the links (the machine) and the people (`PeopleSharing`), which it hands on. */
async function loadSharing(sharesHref: string, onSharing?: (sharing: AlbumSharing) => void): Promise<ShareLinkView[]> {
  const sharing = await machineCall(() => api.getAlbumShares(sharesHref));
  onSharing?.(sharing);
  return linksOf(sharing);
}

/** The share links of a sharing, as the machine keeps them. */
function linksOf(sharing: AlbumSharing): ShareLinkView[] {
  return sharing.shares
    .filter((share): share is ShareLink => share.type === 'everyone')
    .map((link) => ({ href: link.href, url: link.sharedHREF, expires: link.expires, hasPassword: link.hasPassword, download: link.acl.includes('download') }));
}

async function createLink(request: ShareLinkRequest): Promise<ShareLinkView> {
  const made = await machineCall(() =>
    api.updateAlbumShares(request.sharesHref, {
      addShares: [
        {
          type: 'everyone',
          acl: request.download ? ['view', 'download'] : ['view'],
          ...(request.expires ? { expires: endOfDay(request.expires) } : {}),
          ...(request.password ? { password: request.password } : {}),
        },
      ],
    }),
  );
  const url = made.addedShares[0]!.sharedHREF;
  const fallback: ShareLinkView = { href: '', url, expires: request.expires ? endOfDay(request.expires) : null, hasPassword: request.password !== '', download: request.download };
  // The link's own href (to revoke it) comes with the sharing; read it back. The link exists even if that read fails.
  const links = await loadSharing(request.sharesHref).catch(() => [] as ShareLinkView[]);
  return links.find((candidate) => candidate.url === url) ?? fallback;
}

async function revokeLink({ sharesHref, href }: { sharesHref: string; href: string }): Promise<void> {
  await machineCall(() => api.updateAlbumShares(sharesHref, { removeShares: [{ type: 'everyone', href }] }));
}

/** A link's expiry as the user's calendar shows it: DD MMM YYYY (spec 03 §9's date format). */
const expiryText = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });

/** The absolute URL of a link, to give to people. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

function LinkRow({ link, fresh, busy, onRevoke }: { readonly link: ShareLinkView; readonly fresh: boolean; readonly busy: boolean; readonly onRevoke: () => void }) {
  const [copied, setCopied] = useState(false);
  const facts = [
    link.expires ? `expires after ${expiryText(link.expires)}` : 'never expires',
    link.hasPassword ? 'password' : 'no password',
    link.download ? 'downloads allowed' : 'view only',
  ];
  return (
    <Box as="li" borderWidth="1px" borderColor={fresh ? 'brand.solid' : 'border'} rounded="md" p="2" data-testid="share-link" data-url={link.url}>
      <HStack justify="space-between" gap="2">
        <Text fontSize="sm" truncate title={absolute(link.url)} data-testid="share-link-url">
          {absolute(link.url)}
        </Text>
        <HStack gap="1">
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(absolute(link.url)).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
            data-testid="share-link-copy"
          >
            <Copy aria-hidden="true" />
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={onRevoke} data-testid="share-link-revoke">
            Revoke
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="xs" color="fg.muted" data-testid="share-link-facts">
        {facts.join(' · ')}
      </Text>
    </Box>
  );
}

/** What the caller may share the album with (spec 03 §3.3): people and groups, links, and downloads through links. */
export interface ShareAbilities {
  /** The people search and the album's owner, when they share with users or groups. */
  readonly people?: Omit<PeopleSharingProps, 'sharesHref' | 'loaded'> | undefined;
  /** `albums.shareWithGuests`: share links. */
  readonly links: boolean;
  /** `albums.delegateDownloads`: links that let visitors download originals. */
  readonly downloads: boolean;
}

function ShareBody({ sharesHref, name, onClose, can }: { readonly sharesHref: string; readonly name: string; readonly onClose: () => void; readonly can: ShareAbilities }) {
  // The sharing as the dialog first read it: the people list starts from it (no second read).
  const [loaded, setLoaded] = useState<AlbumSharing | undefined>(undefined);
  const [state, send] = useMachine(
    albumShareMachine.provide({
      actors: {
        loadLinks: fromPromise(({ input }) => loadSharing(input, setLoaded)),
        createLink: fromPromise(({ input }) => createLink(input)),
        revokeLink: fromPromise(({ input }) => revokeLink(input)),
      },
    }),
    { input: { sharesHref, today: today() } },
  );
  const value = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!;
  const { links, expires, password, download, problem, error, created, revoking } = state.context;
  useEffect(() => {
    if (value === 'closed') onClose();
  }, [value, onClose]);
  const busy = value === 'creating' || value === 'revoking';
  return (
    <Dialog.Content data-testid="share-dialog" data-state={value}>
      <Dialog.Header>
        <Dialog.Title>Share “{name}”</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {value === 'loading' && (
          <HStack>
            <Spinner size="sm" aria-hidden="true" />
            <Text role="status">Loading the album’s sharing…</Text>
          </HStack>
        )}
        {value === 'loadFailed' && (
          <Stack gap="2">
            <Text role="alert" color="fg.error" data-testid="share-load-error">
              {error}
            </Text>
            <Button size="sm" alignSelf="flex-start" onClick={() => send({ type: 'RETRY' })} data-testid="share-retry">
              Try again
            </Button>
          </Stack>
        )}
        {value !== 'loading' && value !== 'loadFailed' && can.people && loaded && <PeopleSharing sharesHref={sharesHref} loaded={loaded} {...can.people} />}
        {value !== 'loading' && value !== 'loadFailed' && can.links && (
          <Stack
            as="section"
            aria-labelledby="share-links-heading"
            gap="4"
            mt={can.people ? '6' : '0'}
            pt={can.people ? '4' : '0'}
            borderTopWidth={can.people ? '1px' : '0'}
            borderColor="border"
          >
            <Text id="share-links-heading" fontWeight="medium">
              Links
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Anyone with a link sees the album’s photos, without an account, until the link expires or you revoke it.
            </Text>
            {links.length === 0 ? (
              <Text fontSize="sm" data-testid="share-no-links">
                No links yet.
              </Text>
            ) : (
              <Stack as="ul" listStyleType="none" p="0" m="0" gap="2" aria-label="Share links">
                {links.map((link) => (
                  <LinkRow
                    key={link.href || link.url}
                    link={link}
                    fresh={link.url === created}
                    busy={busy || revoking === link.href}
                    onRevoke={() => send({ type: 'REVOKE', href: link.href })}
                  />
                ))}
              </Stack>
            )}
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'CREATE' });
              }}
            >
              <Stack gap="3" borderTopWidth="1px" borderColor="border" pt="3">
                <Text fontWeight="medium">New link</Text>
                <HStack gap="3" align="flex-start" wrap="wrap">
                  <Field.Root w="auto">
                    <Field.Label>Expires after</Field.Label>
                    <Input
                      type="date"
                      size="sm"
                      value={expires}
                      min={state.context.today}
                      disabled={busy}
                      onChange={(event) => send({ type: 'SET_EXPIRES', value: event.target.value })}
                      data-testid="share-expires"
                    />
                  </Field.Root>
                  <Field.Root w="auto">
                    <Field.Label>Password (optional)</Field.Label>
                    <Input
                      type="password"
                      size="sm"
                      autoComplete="new-password"
                      value={password}
                      disabled={busy}
                      onChange={(event) => send({ type: 'SET_PASSWORD', value: event.target.value })}
                      data-testid="share-password"
                    />
                  </Field.Root>
                </HStack>
                {can.downloads && (
                  <Checkbox.Root
                    checked={download}
                    disabled={busy}
                    onCheckedChange={(details) => send({ type: 'SET_DOWNLOAD', value: details.checked === true })}
                    data-testid="share-download"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Let visitors download the originals</Checkbox.Label>
                  </Checkbox.Root>
                )}
                {problem !== undefined && (
                  <Text role="alert" color="fg.error" fontSize="sm" data-testid="share-problem">
                    {problem}
                  </Text>
                )}
                {error !== undefined && (
                  <Text role="alert" color="fg.error" fontSize="sm" data-testid="share-error">
                    {error}
                  </Text>
                )}
                <Button type="submit" size="sm" colorPalette="brand" alignSelf="flex-start" loading={value === 'creating'} data-testid="share-create">
                  <Link2 aria-hidden="true" />
                  Create link
                </Button>
              </Stack>
            </form>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} disabled={busy} data-testid="share-close">
          Done
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" disabled={busy} />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

/** See the module comment. `sharesHref` opens it (the album's `.shares/`); `onClose` closes it. */
export function ShareDialog({
  sharesHref,
  name,
  onClose,
  can,
}: {
  readonly sharesHref: string | undefined;
  readonly name: string;
  readonly onClose: () => void;
  readonly can: ShareAbilities;
}) {
  return (
    <Dialog.Root open={sharesHref !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose())} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{sharesHref && <ShareBody sharesHref={sharesHref} name={name} onClose={onClose} can={can} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
