/**
 * The cookie policy page (issue 15; spec 02 §1 `{base}/views/cookie-policy`, §8 "Cookie policy fetch failure shows an
 * alert with the text named cookiePolicyError"): the policy of `GET /fotoweb/api/privacy/cookie-consent`, paragraph by
 * paragraph, for anyone, signed in or not.
 */
import { Alert, Box, Button, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { ARCHIVES_PATH } from '../lib/urls.ts';
import { COOKIE_POLICY_ERROR } from './paths.ts';

export function CookiePolicyView() {
  useDocumentTitle('Cookie policy');
  const consent = useResource('cookie-consent', (signal) => api.getCookieConsent({ signal }));
  return (
    <Container as="main" id="main" maxW="3xl" py="10" data-testid="cookie-policy-view">
      <Stack gap="5">
        <Heading as="h1" size="xl">
          Cookie policy
        </Heading>
        {consent.status === 'loading' && <LoadingState label="Loading the cookie policy…" />}
        {consent.status === 'error' && (
          <Alert.Root status="error" data-testid="cookie-policy-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{COOKIE_POLICY_ERROR}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={consent.reload}>
              Try again
            </Button>
          </Alert.Root>
        )}
        {consent.status === 'ready' && consent.data && (
          <Box data-testid="cookie-policy-text">
            {consent.data.policy
              .split(/\n\s*\n/)
              .filter((paragraph) => paragraph.trim() !== '')
              .map((paragraph, index) => (
                <Text key={index} mb="4" lineHeight="tall">
                  {paragraph}
                </Text>
              ))}
          </Box>
        )}
        <Link asChild color="brand.fg" alignSelf="flex-start">
          <RouterLink to={ARCHIVES_PATH}>Back to the archives</RouterLink>
        </Link>
      </Stack>
    </Container>
  );
}
