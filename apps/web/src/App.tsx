import { lazy } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { LazyBoundary } from './components/LazyBoundary.tsx';
import { LoadingState } from './components/States.tsx';
import { LoginView } from './routes/login/LoginView.tsx';
import { NotFoundView } from './routes/NotFoundView.tsx';
import { SessionProvider, useSession } from './session/SessionProvider.tsx';
import { ColorModeProvider } from './theme/ColorModeProvider.tsx';
import { system } from './theme/system.ts';
import { ARCHIVES_PATH, currentAddress, LOGIN_PATH, loginUrl } from './lib/urls.ts';

// Route-level code splitting (issue 10): the login view ships in the entry chunk; the logged-in shell (header, upload,
// actions) and the archive pages load on first use, so a first visit to the login page downloads neither. The
// budget is checked by scripts/check-bundle-budget.mjs in `npm test`.
const AppShell = lazy(() => import('./shell/AppShell.tsx').then((module) => ({ default: module.AppShell })));
const ArchivePathView = lazy(() => import('./routes/ArchivePathView.tsx').then((module) => ({ default: module.ArchivePathView })));

/**
 * Without a stored descriptor, goes to the login view (keeping the current address in `to`, spec 01 §4 Session) before
 * the shell's chunk is fetched, so `/` on a first visit costs only the login page's JavaScript.
 */
function RequireSession() {
  const { descriptor } = useSession();
  const location = useLocation();
  if (!descriptor) return <Navigate to={loginUrl(currentAddress(location))} replace />;
  return <Outlet />;
}

/** A route's chunk on its way: an accessible status where the page will be. */
function PageLoading() {
  return <LoadingState label="Loading the page…" />;
}

/**
 * Routes (spec 01 §2): the login view, the archives list and everything below it (collections and assets, whose
 * page addresses are their API hrefs). `/` and `/fotoweb/` land on the archives list.
 */
export function App() {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <BrowserRouter>
          <SessionProvider>
            <Routes>
              <Route path={LOGIN_PATH} element={<LoginView />} />
              <Route element={<RequireSession />}>
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
                </Route>
              </Route>
              <Route path="/" element={<Navigate to={ARCHIVES_PATH} replace />} />
              <Route path="/fotoweb" element={<Navigate to={ARCHIVES_PATH} replace />} />
              <Route path="*" element={<NotFoundView />} />
            </Routes>
          </SessionProvider>
        </BrowserRouter>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
