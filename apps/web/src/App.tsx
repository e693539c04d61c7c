import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppShell } from './components/AppShell.tsx';
import { ArchivePathView } from './routes/ArchivePathView.tsx';
import { LoginView } from './routes/login/LoginView.tsx';
import { NotFoundView } from './routes/NotFoundView.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { ColorModeProvider } from './theme/ColorModeProvider.tsx';
import { system } from './theme/system.ts';
import { ARCHIVES_PATH, LOGIN_PATH } from './lib/urls.ts';

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
              <Route element={<AppShell />}>
                <Route path="/fotoweb/archives/*" element={<ArchivePathView />} />
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
