/**
 * The cookie banner (issue 15; spec 02 §2 Footer and cookie consent, §4 "shown when the user is not logged in and the
 * consent text differs from the stored one; accepting stores the text (local storage key "policy") and hides the
 * banner", §6 "Guests: cookie banner shown", §7, §8 load-failed text), on the `cookieBanner` machine of
 * `@magpie/machines`: it loads the consent, compares it with what local storage holds, and shows the banner until
 * accepted; a guest who logs in sees it go. Mounted once for the whole app (the login view and the guests' pages too).
 */
import { useEffect } from 'react';
import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { cookieBannerMachine, type CookieConsentReply, type ReadStoredConsentInput, type StoreConsentInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { COOKIE_POLICY_PATH } from './paths.ts';

/** The browser's local storage, or undefined where it cannot even be reached (a sandboxed frame). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const provided = cookieBannerMachine.provide({
  actors: {
    loadConsent: fromPromise<CookieConsentReply, void>(async ({ signal }) => api.getCookieConsent({ signal })),
    readStored: fromPromise<string | null, ReadStoredConsentInput>(async ({ input }) => {
      const store = storage();
      if (!store) throw new Error('Local storage is not available.');
      return store.getItem(input.key);
    }),
    store: fromPromise<void, StoreConsentInput>(async ({ input }) => {
      const store = storage();
      if (!store) throw new Error('Local storage is not available.');
      store.setItem(input.key, input.value);
    }),
  },
});

/** The banner at the bottom of the window while the machine shows it, or its load-failed text; nothing otherwise. */
export function CookieBanner() {
  const { descriptor } = useSession();
  const loggedIn = descriptor !== undefined;
  // The machine starts before it knows the session and hears it here (also when a guest logs in later).
  const [snapshot, send] = useMachine(provided, { input: {} });
  useEffect(() => {
    send({ type: 'SESSION', loggedIn });
  }, [loggedIn, send]);
  const state = typeof snapshot.value === 'string' ? snapshot.value : 'deciding';
  if (state !== 'shown' && state !== 'storing' && state !== 'loadFailed') return null;
  const { consent, error } = snapshot.context;
  return (
    <Box
      as="section"
      role="region"
      aria-labelledby="cookie-banner-title"
      position="fixed"
      insetX={{ base: '2', md: '6' }}
      bottom={{ base: '2', md: '6' }}
      zIndex="banner"
      maxW="2xl"
      mx="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      shadow="lg"
      p="4"
      data-testid="cookie-banner"
      data-state={state}
    >
      {state === 'loadFailed' ? (
        <Stack gap="3">
          <Text id="cookie-banner-title" fontWeight="semibold">
            Cookies
          </Text>
          <Text fontSize="sm" role="alert" data-testid="cookie-banner-error">
            {error?.message}
          </Text>
          <HStack gap="2" justify="flex-end">
            <Button size="sm" variant="ghost" onClick={() => send({ type: 'DISMISS' })} data-testid="cookie-banner-dismiss">
              Close
            </Button>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })} data-testid="cookie-banner-retry">
              Try again
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="3">
          <Text id="cookie-banner-title" fontWeight="semibold">
            {consent?.banner?.title ?? 'Cookies'}
          </Text>
          <Text fontSize="sm" data-testid="cookie-banner-body">
            {consent?.banner?.body}
          </Text>
          <HStack gap="3" justify="flex-end" wrap="wrap">
            <Link asChild fontSize="sm" color="brand.fg" textDecoration="underline">
              <RouterLink to={COOKIE_POLICY_PATH} data-testid="cookie-banner-policy">
                Cookie policy
              </RouterLink>
            </Link>
            <Button size="sm" colorPalette="brand" loading={state === 'storing'} onClick={() => send({ type: 'ACCEPT' })} data-testid="cookie-banner-accept">
              Accept
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
