import { lazy } from 'react';
import { Box, chakra, Link } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { ActionsProvider } from '../actions/ActionsProvider.tsx';
import { LazyBoundary } from '../components/LazyBoundary.tsx';
import { LoadingState } from '../components/States.tsx';
import { ViewProvider } from '../session/ViewContext.tsx';
import { UploadProvider } from '../upload/UploadProvider.tsx';
import { NotificationOutlet, NotificationsProvider } from '../notifications/NotificationsProvider.tsx';
import { PinNotice } from '../pins/PinNotice.tsx';
import { PinsProvider } from '../pins/PinsProvider.tsx';
import { CartProvider } from '../orders/CartProvider.tsx';
import { CustomCssResetProvider } from '../appearance/CustomCssReset.tsx';
import { AppHeader } from './AppHeader.tsx';
import { DesktopToolProvider } from '../desktopTool/DesktopToolProvider.tsx';
import { DesktopToolOffer } from '../desktopTool/DesktopToolOffer.tsx';
import { DisplayPreferencesProvider } from './DisplayPreferencesProvider.tsx';
import { SettingsProvider, useSettings } from './SettingsProvider.tsx';

// The users-and-groups administration is its own chunk, fetched the first time the modal opens (bundle budget).
const UsersAndGroupsModal = lazy(() => import('../users/UsersAndGroupsModal.tsx').then((module) => ({ default: module.UsersAndGroupsModal })));

/**
 * The "Manage users and groups" modal (spec 03 §2.3) while the settings state says it is open: loaded on first open,
 * unmounted when closed (so each opening loads fresh lists).
 */
function UserManagementHost() {
  const { userManagementOpen, closeUserManagement } = useSettings();
  if (!userManagementOpen) return null;
  return (
    <LazyBoundary
      fallback={
        <Box position="fixed" inset="0" zIndex="modal" bg="bg/80">
          <LoadingState label="Loading user management…" />
        </Box>
      }
    >
      <UsersAndGroupsModal open onClose={closeUserManagement} />
    </LazyBoundary>
  );
}

/**
 * The layout of the logged-in user and of the guest (issue 12): skip link, header (banner), main, and the
 * administration modal. `App`'s `RequireSession` mounts it only with a descriptor, or for a guest on the archives.
 * A guest's header offers "Log in" instead of the user's controls (`AppHeader`); what needs a session stays hidden by
 * itself (no upload targets, no user preferences, no pins (`pins/`), no cart (`orders/`), no settings; the registry's
 * actions need `loggedIn`; editing follows the `permissions` the DAM answers for the guest user). Notices and the error modal of every screen
 * come from `NotificationsProvider` (spec 01 §2).
 */
export function AppShell() {
  return (
    <ViewProvider>
      <NotificationsProvider>
        <UploadProvider>
          <SettingsProvider>
            <DisplayPreferencesProvider>
              <PinsProvider>
                <CartProvider>
                  <DesktopToolProvider>
                    <CustomCssResetProvider>
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
                            <NotificationOutlet />
                            <DesktopToolOffer />
                            <Outlet />
                          </Box>
                        </chakra.main>
                        <UserManagementHost />
                        <PinNotice />
                      </ActionsProvider>
                    </CustomCssResetProvider>
                  </DesktopToolProvider>
                </CartProvider>
              </PinsProvider>
            </DisplayPreferencesProvider>
          </SettingsProvider>
        </UploadProvider>
      </NotificationsProvider>
    </ViewProvider>
  );
}
