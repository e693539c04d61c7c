/**
 * A share link's public page (issue 13): anyone with the link, signed in or not, sees the album's name, description
 * and photos (previews from the link), and downloads the originals when the link allows it. A password link asks for
 * its password first; an expired, revoked or unknown link says so and shows nothing of the album. On the
 * `sharedAlbum` machine.
 */
import { Box, Button, chakra, Field, Flex, Grid, Heading, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { Clock, Download, Images, Link2Off, Lock } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { sharedAlbumMachine, type SharedAlbumAsset, type SharedAlbumPage } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { LogoMark } from '../components/Logo.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { pickPreview } from '../lib/assetFields.ts';

function SharedTile({ asset }: { readonly asset: SharedAlbumAsset }) {
  const preview = pickPreview(asset.previews, 400);
  const label = asset.title || asset.filename;
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="md" overflow="hidden" bg="bg.panel" data-testid="shared-asset">
      <Box aspectRatio={4 / 3} bg="bg.muted">
        {preview && <Image src={preview.href} alt={label} loading="lazy" w="full" h="full" objectFit="contain" />}
      </Box>
      <HStack justify="space-between" px="2" py="1" gap="1">
        <Text fontSize="sm" truncate title={label}>
          {label}
        </Text>
        {asset.download && (
          <Button asChild size="xs" variant="ghost" aria-label={`Download ${asset.filename}`}>
            <a href={asset.download} download data-testid="shared-download">
              <Download aria-hidden="true" />
            </a>
          </Button>
        )}
      </HStack>
    </Box>
  );
}

/** See the module comment. The page's address is the link (`/fotoweb/shares/{token}/`). */
export function SharedAlbumView() {
  const location = useLocation();
  const href = location.pathname;
  const [state, send] = useMachine(
    sharedAlbumMachine.provide({
      actors: {
        loadPage: fromPromise<SharedAlbumPage, { href: string; access: string }>(({ input }) => machineCall(() => api.getSharedAlbum(input.href, input.access || undefined))),
        unlock: fromPromise<string, { href: string; password: string }>(async ({ input }) => (await machineCall(() => api.unlockSharedAlbum(input.href, input.password))).access),
      },
    }),
    { input: { href } },
  );
  const value = typeof state.value === 'string' ? state.value : `shown.${(state.value as { shown: string }).shown}`;
  const { album, error, password, next } = state.context;
  useDocumentTitle(album?.name ?? 'Shared album');

  let content;
  if (value === 'loading' || value === 'unlocking') content = <LoadingState label={value === 'unlocking' ? 'Checking the password…' : 'Opening the shared album…'} />;
  else if (value === 'expired')
    content = <EmptyView icon={<Clock aria-hidden="true" />} title="This link has expired" description="Ask the person who shared it for a new link." />;
  else if (value === 'missing')
    content = (
      <EmptyView
        icon={<Link2Off aria-hidden="true" />}
        title="This link does not work"
        description="It may have been revoked or mistyped. Ask the person who shared it for a new link."
      />
    );
  else if (value === 'failed') content = <ErrorState error={{ message: error }} onRetry={() => send({ type: 'RETRY' })} />;
  else if (value === 'locked')
    content = (
      <chakra.form
        maxW="sm"
        mx="auto"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
        data-testid="shared-password-form"
      >
        <Stack gap="3" borderWidth="1px" borderColor="border" rounded="lg" p="5" bg="bg.panel">
          <HStack>
            <Lock aria-hidden="true" />
            <Heading as="h2" size="md">
              This album has a password
            </Heading>
          </HStack>
          <Field.Root invalid={error !== undefined}>
            <Field.Label>Password</Field.Label>
            <Input
              type="password"
              autoFocus
              autoComplete="off"
              value={password}
              onChange={(event) => send({ type: 'CHANGE', password: event.target.value })}
              data-testid="shared-password"
            />
            {error !== undefined && <Field.ErrorText data-testid="shared-password-error">{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="brand" data-testid="shared-open">
            Open album
          </Button>
        </Stack>
      </chakra.form>
    );
  else if (album)
    content = (
      <Stack gap="4">
        <Box>
          <Heading as="h1" size="2xl" data-testid="shared-name">
            {album.name}
          </Heading>
          {album.description && <Text color="fg.muted">{album.description}</Text>}
          <Text fontSize="sm" color="fg.muted" data-testid="shared-count">
            {album.assetCount === 1 ? '1 photo' : `${album.assetCount} photos`}
            {album.expires && ` · this link works until ${new Date(album.expires).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' })}`}
          </Text>
        </Box>
        {album.assets.length === 0 ? (
          <EmptyView icon={<Images aria-hidden="true" />} title="This album is empty" description="The person who shared it has not added anything yet." />
        ) : (
          <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(200px, 1fr))" gap="3" aria-label="Photos">
            {album.assets.map((asset) => (
              <SharedTile key={asset.id} asset={asset} />
            ))}
          </Grid>
        )}
        {error !== undefined && (
          <Text role="alert" color="fg.error" data-testid="shared-more-error">
            {error}
          </Text>
        )}
        {next !== undefined && (
          <Button alignSelf="center" variant="outline" loading={value === 'shown.loadingMore'} onClick={() => send({ type: 'LOAD_MORE' })} data-testid="shared-more">
            Show more
          </Button>
        )}
      </Stack>
    );

  return (
    <Flex direction="column" minH="100vh" data-testid="shared-album-view" data-state={value}>
      <chakra.header borderBottomWidth="1px" borderColor="border" px="6" py="3">
        <HStack gap="2">
          <LogoMark />
          <Text fontWeight="semibold">Magpie</Text>
          <Text color="fg.muted" fontSize="sm">
            · shared album
          </Text>
        </HStack>
      </chakra.header>
      <chakra.main id="main" flex="1" p="6">
        {value !== 'shown.idle' && value !== 'shown.loadingMore' && <chakra.h1 srOnly>Shared album</chakra.h1>}
        {content}
      </chakra.main>
    </Flex>
  );
}
