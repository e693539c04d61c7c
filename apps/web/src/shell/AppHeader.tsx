import { Flex, HStack, Link, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ARCHIVES_PATH } from '../lib/urls.ts';
import { PinsLink } from '../pins/PinsLink.tsx';
import { AlertsControl } from '../alerts/AlertsControl.tsx';
import { CartLink } from '../orders/CartLink.tsx';
import { AlbumsLink } from '../albums/AlbumsLink.tsx';
import { UploadControl } from '../upload/UploadControl.tsx';
import { HeaderSearch } from '../search/HeaderSearch.tsx';
import { LogoMark } from '../components/Logo.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { GuestLogInLink } from './GuestLogIn.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { TrialNotice } from '../subscription/TrialNotice.tsx';
import { HeaderExtras } from '../appearance/HeaderExtras.tsx';

/**
 * The header: logo linking to the archives, the header search, and the menu items the descriptor allows (spec 01 §2):
 * Albums, the alerts bell with its notifications (issue 15; spec 01 §2 Alert editing), the cart with its item count
 * (issue 15; spec 02 §2), Pins (issue 13), upload, the
 * settings (cog) menu (spec 03 §2.1, hidden when it has no entries) and the user menu (spec 03 §2.9).
 * The trial's countdown and Buy now come first when the site is on a trial (issue 15; spec 01 §2).
 * A guest gets the "Log in" link instead (issue 12; spec 01 §6 "Logged in: main menu visible"), after the site's
 * title-bar buttons (issue 15).
 */
export function AppHeader() {
  const { guest } = useSession();
  return (
    <chakra.header position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" borderColor="border">
      <Flex align="center" gap={{ base: '2', md: '4' }} px={{ base: '3', md: '6' }} py="2" maxW="full">
        <Link asChild color="brand.fg" fontWeight="bold" fontSize="lg" textDecoration="none" _hover={{ textDecoration: 'none' }}>
          <RouterLink to={ARCHIVES_PATH} aria-label="Magpie: archives" data-testid="logo-link">
            <LogoMark />
            <chakra.span display={{ base: 'none', sm: 'inline' }}>Magpie</chakra.span>
          </RouterLink>
        </Link>
        <HeaderSearch />
        <chakra.nav aria-label="Main menu" ms="auto">
          <HStack gap="2">
            {guest ? (
              <>
                {/* The site's title-bar buttons (issue 15), links for guests too. */}
                <HeaderExtras />
                <GuestLogInLink />
              </>
            ) : (
              <>
                <TrialNotice />
                <HeaderExtras />
                <AlbumsLink />
                <AlertsControl />
                <CartLink />
                <PinsLink />
                <UploadControl />
                <SettingsMenu />
                <UserMenu />
              </>
            )}
          </HStack>
        </chakra.nav>
      </Flex>
    </chakra.header>
  );
}
