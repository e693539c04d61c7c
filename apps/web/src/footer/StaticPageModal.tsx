/**
 * The static-page modal (issue 15; spec 02 §2 "Static-page modal", §8 "Cookie policy fetch failure shows an alert with
 * the text named cookiePolicyError"): a static page of the site over the page one is on, opened from the footer. The
 * cookie policy is the static page Magpie has; its text comes from `GET /fotoweb/api/privacy/cookie-consent`.
 */
import { Alert, Box, Button, CloseButton, Dialog, Link, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { LoadingState } from '../components/States.tsx';
import { COOKIE_POLICY_ERROR, COOKIE_POLICY_PATH } from '../privacy/paths.ts';
import type { StaticPageId } from './staticPages.ts';

/** Props of {@link StaticPageModal}: the page shown, or undefined when the modal is closed. */
export interface StaticPageModalProps {
  readonly page: StaticPageId | undefined;
  readonly onClose: () => void;
}

/** The cookie policy, paragraph by paragraph, or its §8 alert with a retry. */
function CookiePolicyBody() {
  const consent = useResource('cookie-consent', (signal) => api.getCookieConsent({ signal }));
  if (consent.status === 'error') {
    return (
      <Alert.Root status="error" data-testid="static-page-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{COOKIE_POLICY_ERROR}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={consent.reload}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (consent.status === 'loading' || !consent.data) return <LoadingState label="Loading the cookie policy…" />;
  return (
    <Box data-testid="static-page-text">
      {consent.data.policy
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, index) => (
          <Text key={index} mb="4" lineHeight="tall">
            {paragraph}
          </Text>
        ))}
    </Box>
  );
}

/** See the module comment. */
export function StaticPageModal({ page, onClose }: StaticPageModalProps) {
  return (
    <Dialog.Root open={page !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose())} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="static-page-modal">
            <Dialog.Header>
              <Dialog.Title>Cookie policy</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{page === 'cookiePolicy' && <CookiePolicyBody />}</Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Link asChild color="brand.fg" fontSize="sm">
                <RouterLink to={COOKIE_POLICY_PATH} onClick={onClose}>
                  Open as a page
                </RouterLink>
              </Link>
              <Button variant="outline" onClick={onClose} data-testid="static-page-close">
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the cookie policy" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
