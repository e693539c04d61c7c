/**
 * What an empty list offers (issue 15; spec 02 §2 "An empty-list message (no public albums or archives) links to find
 * content"): the ways to content from where the visitor is, for the archives list, a search without results and the
 * albums. Guests are offered to log in (the guests' archives list has its own message, `NoPublicArchives`).
 */
import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionProvider.tsx';
import { ALBUMS_PATH, ARCHIVES_PATH, currentAddress, loginUrl } from '../lib/urls.ts';

/** Where the empty list is: the archives list, a search of the archives, or the albums. */
export type EmptyListPlace = 'archives' | 'search' | 'albums';

/** The links to content from an empty list at `place`; nothing when there is nowhere else to look. */
export function FindContentLinks({ place }: { readonly place: EmptyListPlace }) {
  const { descriptor } = useSession();
  const location = useLocation();
  const links: { to: string; label: string; testId: string }[] = [];
  if (!descriptor) links.push({ to: loginUrl(currentAddress(location)), label: 'Log in', testId: 'find-content-login' });
  if (place !== 'archives') links.push({ to: ARCHIVES_PATH, label: place === 'search' ? 'Show all archives' : 'Browse the archives', testId: 'find-content-archives' });
  if (place !== 'albums' && descriptor?.albums_own) links.push({ to: ALBUMS_PATH, label: 'Open albums', testId: 'find-content-albums' });
  if (links.length === 0) return null;
  return (
    <HStack gap="3" wrap="wrap" justify="center" data-testid="find-content">
      {links.map((link, index) => (
        <Button key={link.testId} asChild colorPalette="brand" variant={index === 0 ? 'solid' : 'outline'} size="sm">
          <RouterLink to={link.to} data-testid={link.testId}>
            {link.label}
          </RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
