/**
 * What a guest sees instead of the user's controls (issue 12; spec 02 §6 "Guests: … no pin icon; no cart; no
 * alerts", spec 01 §6 "Not logged in: shopping cart, pins and alert controls are hidden"): a "Log in" link to the
 * login view that keeps the current address in `to` (spec 01 §2), and the archives list's empty state when no archive
 * is public (spec 02 §2 "An empty-list message (no public albums or archives)").
 */
import { Button } from '@chakra-ui/react';
import { Archive, LogIn } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EmptyView } from '../components/States.tsx';
import { currentAddress, loginUrl } from '../lib/urls.ts';

/** The login view's address for the current page: logging in comes back here (spec 01 §2 `to`). */
function useLoginHref(): string {
  return loginUrl(currentAddress(useLocation()));
}

/** The header's "Log in" link for guests, in place of upload, the settings menu and the user menu. */
export function GuestLogInLink() {
  const href = useLoginHref();
  return (
    <Button asChild size="sm" colorPalette="brand">
      <RouterLink to={href} data-testid="guest-login">
        <LogIn aria-hidden="true" />
        Log in
      </RouterLink>
    </Button>
  );
}

/** The guests' archives list without any public archive: says so and offers to log in. */
export function NoPublicArchives() {
  const href = useLoginHref();
  return (
    <EmptyView
      icon={<Archive aria-hidden="true" />}
      title="No public archives"
      description="No archive is open to guests. Log in to see the archives and albums you have access to."
    >
      <Button asChild colorPalette="brand" variant="outline">
        <RouterLink to={href} data-testid="empty-login">
          Log in
        </RouterLink>
      </Button>
    </EmptyView>
  );
}
