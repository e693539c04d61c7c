/**
 * The header's Albums item (issue 13): opens the Albums view while the descriptor offers albums (`albums_own`);
 * nothing for guests, who have none.
 */
import { Button } from '@chakra-ui/react';
import { Images } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ALBUMS_PATH } from '../lib/urls.ts';
import { useSession } from '../session/SessionProvider.tsx';

export function AlbumsLink() {
  const { descriptor } = useSession();
  const location = useLocation();
  if (!descriptor?.albums_own) return null;
  return (
    <Button asChild size="sm" variant="ghost" aria-current={location.pathname === ALBUMS_PATH ? 'page' : undefined}>
      <RouterLink to={ALBUMS_PATH} data-testid="albums-link">
        <Images aria-hidden="true" />
        <span>Albums</span>
      </RouterLink>
    </Button>
  );
}
