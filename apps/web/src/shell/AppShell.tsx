import { Box, chakra, Link } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ActionsProvider } from '../actions/ActionsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { ViewProvider } from '../session/ViewContext.tsx';
import { UploadProvider } from '../upload/UploadProvider.tsx';
import { currentAddress, loginUrl } from '../lib/urls.ts';
import { AppHeader } from './AppHeader.tsx';

/**
 * The logged-in layout: skip link, header (banner), main. Without a stored descriptor it goes to the login view,
 * keeping the current address in `to` (spec 01 §4 Session).
 */
export function AppShell() {
  const { descriptor } = useSession();
  const location = useLocation();
  if (!descriptor) return <Navigate to={loginUrl(currentAddress(location))} replace />;
  return (
    <ViewProvider>
      <UploadProvider>
        <ActionsProvider>
          <Link
            href="#main"
            srOnly
            _focus={{
              position: 'fixed',
              top: '2',
              left: '2',
              zIndex: 'skipLink',
              bg: 'bg',
              p: '2',
              rounded: 'md',
              width: 'auto',
              height: 'auto',
              clip: 'auto',
              overflow: 'visible',
              whiteSpace: 'normal',
              margin: '0',
            }}
          >
            Skip to content
          </Link>
          <AppHeader />
          <chakra.main id="main" tabIndex={-1} px={{ base: '3', md: '6' }} py="5" outline="none">
            <Box maxW="none">
              <Outlet />
            </Box>
          </chakra.main>
        </ActionsProvider>
      </UploadProvider>
    </ViewProvider>
  );
}
