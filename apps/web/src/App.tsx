import { lazy, useEffect } from 'react';
import { CREATE_INVITATIONS_PATH, MANAGE_INVITATIONS_PATH } from './invitations/paths.ts';
import { PENDING_SIGNUPS_PATH, SIGNUP_SETTINGS_PATH, SIGNUP_VIEW_PATH } from './signups/paths.ts';
import { CONSENT_VIEW_PATH } from './consent/paths.ts';
import { CART_PATH, ORDER_HISTORY_PATH, ORDER_SETTINGS_PATH, PENDING_ORDERS_PATH } from './orders/paths.ts';
import { COOKIE_POLICY_PATH } from './privacy/paths.ts';
import { CustomCssLink } from './appearance/CustomCssLink.tsx';
import { NavigationCacheKeeper } from './navigation/NavigationCacheKeeper.tsx';
import { MANAGEMENT_PATH } from './management/paths.ts';
import { DESKTOP_TOOL_PATH } from './desktopTool/paths.ts';
import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { LazyBoundary } from './components/LazyBoundary.tsx';
import { LoadingState } from './components/States.tsx';
import { api, onPasswordChangeRequired } from './api/client.ts';
import { CHANGE_PASSWORD_PATH, forcedChangeRedirect } from './routes/change-password/forcedChange.ts';
import { LoginView } from './routes/login/LoginView.tsx';
import { NotFoundView } from './routes/NotFoundView.tsx';
import { SessionProvider, useSession } from './session/SessionProvider.tsx';
import { isGuestAddress } from './session/sessionMachineSource.ts';
import { ColorModeProvider } from './theme/ColorModeProvider.tsx';
import { system } from './theme/system.ts';
import { ALBUMS_PATH, ARCHIVES_PATH, currentAddress, FORGOT_PASSWORD_PATH, LOGIN_PATH, PINS_PATH, RESET_PASSWORD_PATH, TRASH_PATH } from './lib/urls.ts';

// Route-level code splitting (issue 10): the login view ships in the entry chunk; the shell (header, upload, actions;
// also the guests' shell, issue 12) and the archive pages load on first use, so a first visit to the login page
// downloads neither. The budget is checked by scripts/check-bundle-budget.mjs in `npm test`.
const AppShell = lazy(() => import('./shell/AppShell.tsx').then((module) => ({ default: module.AppShell })));
const ArchivePathView = lazy(() => import('./routes/ArchivePathView.tsx').then((module) => ({ default: module.ArchivePathView })));
const PinsView = lazy(() => import('./pins/PinsView.tsx').then((module) => ({ default: module.PinsView })));
const AlbumsView = lazy(() => import('./albums/AlbumsView.tsx').then((module) => ({ default: module.AlbumsView })));
const CollectionView = lazy(() => import('./routes/collection/CollectionView.tsx').then((module) => ({ default: module.CollectionView })));
const SharedAlbumView = lazy(() => import('./albums/SharedAlbumView.tsx').then((module) => ({ default: module.SharedAlbumView })));
const TrashView = lazy(() => import('./trash/TrashView.tsx').then((module) => ({ default: module.TrashView })));
const ApiClientsView = lazy(() => import('./routes/api-clients/ApiClientsView.tsx').then((module) => ({ default: module.ApiClientsView })));
const ApiKeysView = lazy(() => import('./integrations/ApiKeysView.tsx').then((module) => ({ default: module.ApiKeysView })));
const ProcessingProfilesView = lazy(() => import('./processingProfiles/ProcessingProfilesView.tsx').then((module) => ({ default: module.ProcessingProfilesView })));
const WatermarksView = lazy(() => import('./watermarks/WatermarksView.tsx').then((module) => ({ default: module.WatermarksView })));
const WebhooksView = lazy(() => import('./integrations/WebhooksView.tsx').then((module) => ({ default: module.WebhooksView })));
const OutboxView = lazy(() => import('./routes/outbox/OutboxView.tsx').then((module) => ({ default: module.OutboxView })));
const ActivityExportsView = lazy(() => import('./activity/ActivityExportsView.tsx').then((module) => ({ default: module.ActivityExportsView })));
const InvitationWizardView = lazy(() => import('./invitations/InvitationWizard.tsx').then((module) => ({ default: module.InvitationWizardView })));
const InvitationsView = lazy(() => import('./invitations/InvitationsView.tsx').then((module) => ({ default: module.InvitationsView })));
const SignupView = lazy(() => import('./signups/SignupView.tsx').then((module) => ({ default: module.SignupView })));
const PendingSignupsView = lazy(() => import('./signups/PendingSignupsView.tsx').then((module) => ({ default: module.PendingSignupsView })));
const SignupSettingsView = lazy(() => import('./signups/SignupSettingsView.tsx').then((module) => ({ default: module.SignupSettingsView })));
const ManageSiteView = lazy(() => import('./management/ManageSiteView.tsx').then((module) => ({ default: module.ManageSiteView })));
const ConsentView = lazy(() => import('./consent/ConsentView.tsx').then((module) => ({ default: module.ConsentView })));
const OrderSettingsView = lazy(() => import('./orders/OrderSettingsView.tsx').then((module) => ({ default: module.OrderSettingsView })));
const DesktopToolView = lazy(() => import('./desktopTool/DesktopToolInstall.tsx').then((module) => ({ default: module.DesktopToolView })));
const CartView = lazy(() => import('./orders/CartView.tsx').then((module) => ({ default: module.CartView })));
const OrderHistoryView = lazy(() => import('./orders/OrderHistoryView.tsx').then((module) => ({ default: module.OrderHistoryView })));
const PendingOrdersView = lazy(() => import('./orders/PendingOrdersView.tsx').then((module) => ({ default: module.PendingOrdersView })));
const ChangePasswordView = lazy(() => import('./routes/change-password/ChangePasswordView.tsx').then((module) => ({ default: module.ChangePasswordView })));
const ForgotPasswordView = lazy(() => import('./routes/password-reset/ForgotPasswordView.tsx').then((module) => ({ default: module.ForgotPasswordView })));
// The cookie banner (issue 15) loads after the page, for every visitor; the cookie policy page on first visit.
const CookieBanner = lazy(() => import('./privacy/CookieBanner.tsx').then((module) => ({ default: module.CookieBanner })));
// The floating footer (issue 15): on every page, logged in or not; its chunk (with the Markdown renderer) loads after the page.
const FloatingFooter = lazy(() => import('./footer/FloatingFooter.tsx').then((module) => ({ default: module.FloatingFooter })));
const CookiePolicyView = lazy(() => import('./privacy/CookiePolicyView.tsx').then((module) => ({ default: module.CookiePolicyView })));
const ResetPasswordView = lazy(() => import('./routes/password-reset/ResetPasswordView.tsx').then((module) => ({ default: module.ResetPasswordView })));

/**
 * The routes that need a session, or guest browsing (issue 12). With a descriptor: the routes, except that while the
 * descriptor says a password change is forced, every route but the change-password view goes there, keeping the
 * address in `to` (spec 03 §2.11), before the shell mounts and asks the DAM for anything it would refuse. As a guest:
 * the archives (the shell shows them without a session). Otherwise the session machine is deciding (checking guest
 * access) or on its way to the login view with `to` (spec 01 §4 Session; `SessionProvider` navigates): a status
 * shows meanwhile, and the shell's chunk is not fetched, so a first visit that ends on the login page costs only the
 * login page's JavaScript.
 */
function RequireSession() {
  const { descriptor, guest } = useSession();
  const location = useLocation();
  useForcedChangeFromAnyCall();
  const address = currentAddress(location);
  if (descriptor) {
    const forced = forcedChangeRedirect(descriptor, address);
    if (forced !== undefined) return <Navigate to={forced} replace />;
    return <Outlet />;
  }
  // The machine leaves `guest` for any other address as soon as it hears of it; until then nothing else mounts.
  if (guest && isGuestAddress(address)) return <Outlet />;
  return <LoadingState label="Checking access…" />;
}

/**
 * A 403 `PasswordChangeRequired` from any call means the change was forced after this page got its descriptor:
 * fetch the descriptor again, and when it says so, the guard above takes the user to the view. Only while the held
 * descriptor does not say so already, and one fetch at a time, so refusals cannot start a loop.
 */
function useForcedChangeFromAnyCall(): void {
  const { descriptor, establish } = useSession();
  const known = descriptor === undefined || descriptor.isForcePasswordChangeSet === true;
  useEffect(() => {
    if (known) return;
    let fetching = false;
    return onPasswordChangeRequired(() => {
      if (fetching) return;
      fetching = true;
      api
        .getDescriptor()
        .then((fresh) => {
          if (fresh.isForcePasswordChangeSet) establish(fresh);
        })
        .catch(() => {
          // The session's own checks handle a lost session; nothing else to do here.
        })
        .finally(() => {
          fetching = false;
        });
    });
  }, [known, establish]);
}

/** A route's chunk on its way: an accessible status where the page will be. */
function PageLoading() {
  return <LoadingState label="Loading the page…" />;
}

/**
 * Routes (spec 01 §2): the login view, the change-password view (spec 03 §2.9, outside the shell), the archives list
 * and everything below it (collections and assets, whose page addresses are their API hrefs; guests browse the
 * public ones, issue 12). `/` and `/fotoweb/` land on the archives list.
 */
export function App() {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <BrowserRouter>
          <SessionProvider>
            <Routes>
              <Route path={LOGIN_PATH} element={<LoginView />} />
              {/* "Forgot password?" and the mail's reset link (issue 14): for anyone, with or without a session. */}
              <Route
                path={FORGOT_PASSWORD_PATH}
                element={
                  <LazyBoundary fallback={<PageLoading />}>
                    <ForgotPasswordView />
                  </LazyBoundary>
                }
              />
              <Route
                path={RESET_PASSWORD_PATH}
                element={
                  <LazyBoundary fallback={<PageLoading />}>
                    <ResetPasswordView />
                  </LazyBoundary>
                }
              />
              {/* The cookie policy (issue 15; spec 02 §1): for anyone, with or without a session. */}
              <Route
                path={COOKIE_POLICY_PATH}
                element={
                  <LazyBoundary fallback={<PageLoading />}>
                    <CookiePolicyView />
                  </LazyBoundary>
                }
              />
              {/* The sign-up page of an invitation's link (issue 14): for anyone, with or without a session. */}
              <Route
                path={SIGNUP_VIEW_PATH}
                element={
                  <LazyBoundary fallback={<PageLoading />}>
                    <SignupView />
                  </LazyBoundary>
                }
              />
              {/* A share link's page (issue 13): for anyone, with or without a session. */}
              <Route
                path="/fotoweb/shares/:token/"
                element={
                  <LazyBoundary fallback={<PageLoading />}>
                    <SharedAlbumView />
                  </LazyBoundary>
                }
              />
              <Route element={<RequireSession />}>
                <Route
                  path={CHANGE_PASSWORD_PATH}
                  element={
                    <LazyBoundary fallback={<PageLoading />}>
                      <ChangePasswordView />
                    </LazyBoundary>
                  }
                />
                <Route
                  element={
                    <LazyBoundary fallback={<PageLoading />}>
                      <AppShell />
                    </LazyBoundary>
                  }
                >
                  <Route
                    path="/fotoweb/archives/*"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ArchivePathView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={PINS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <PinsView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={ALBUMS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <AlbumsView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path="/fotoweb/users/:userId/albums/:albumId/"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <CollectionView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={TRASH_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <TrashView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path="/fotoweb/views/api-clients"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ApiClientsView />
                      </LazyBoundary>
                    }
                  />
                  {/* Legacy API keys and webhooks (issue 16; spec 03 §2.1 "Webhooks"). */}
                  <Route
                    path="/fotoweb/views/api-keys"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ApiKeysView />
                      </LazyBoundary>
                    }
                  />
                  {/* Processing profiles (issue 16): the renditions every asset offers. */}
                  <Route
                    path="/fotoweb/views/processing-profiles"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ProcessingProfilesView />
                      </LazyBoundary>
                    }
                  />
                  {/* Watermarks (issue 16): what the processing profiles stamp on an archive's renditions. */}
                  <Route
                    path="/fotoweb/views/watermarks"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <WatermarksView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path="/fotoweb/views/admin/webhooks"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <WebhooksView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path="/fotoweb/views/outbox"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <OutboxView />
                      </LazyBoundary>
                    }
                  />
                  {/* Activity exports (issue 15, spec 03 §2.1): the activity log, its filters and its CSV download. */}
                  <Route
                    path="/fotoweb/views/activity-exports"
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ActivityExportsView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={CREATE_INVITATIONS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <InvitationWizardView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={PENDING_SIGNUPS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <PendingSignupsView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={CONSENT_VIEW_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ConsentView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={SIGNUP_SETTINGS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <SignupSettingsView />
                      </LazyBoundary>
                    }
                  />
                  {/* Manage site (issue 15; spec 03 §2.1): the site's configuration sections, e.g. Appearance. */}
                  <Route
                    path={MANAGEMENT_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <ManageSiteView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={MANAGE_INVITATIONS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <InvitationsView />
                      </LazyBoundary>
                    }
                  />
                  {/* The cart and orders (issue 15): the cart page, the order history, the approvers' orders. */}
                  <Route
                    path={CART_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <CartView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={ORDER_HISTORY_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <OrderHistoryView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={PENDING_ORDERS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <PendingOrdersView />
                      </LazyBoundary>
                    }
                  />
                  <Route
                    path={ORDER_SETTINGS_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <OrderSettingsView />
                      </LazyBoundary>
                    }
                  />
                  {/* The desktop tool's how-to install page (issue 15; the offer opens the same content in a modal). */}
                  <Route
                    path={DESKTOP_TOOL_PATH}
                    element={
                      <LazyBoundary fallback={<PageLoading />}>
                        <DesktopToolView />
                      </LazyBoundary>
                    }
                  />
                </Route>
              </Route>
              <Route path="/" element={<Navigate to={ARCHIVES_PATH} replace />} />
              <Route path="/fotoweb" element={<Navigate to={ARCHIVES_PATH} replace />} />
              <Route path="*" element={<NotFoundView />} />
            </Routes>
            {/* For every visitor who is not logged in, on any page (issue 15); its chunk loads after the page. */}
            <LazyBoundary fallback={null}>
              <CookieBanner />
            </LazyBoundary>
            <LazyBoundary fallback={null}>
              <FloatingFooter />
            </LazyBoundary>
            {/* The site's custom CSS (issue 15), on every page while the descriptor names it. */}
            <CustomCssLink />
            {/* The navigation cache's hourly sweep and its clearing at logout (issue 15, spec 01 §9). */}
            <NavigationCacheKeeper />
          </SessionProvider>
        </BrowserRouter>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
