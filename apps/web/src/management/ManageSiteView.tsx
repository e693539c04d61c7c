/**
 * The Manage site page (issue 15; spec 01 §2 `/fotoweb/views/management` "linked from the settings menu", spec 03 §2.1
 * "Manage site"): the site's configuration sections the caller may change, one under the other (`sections.ts`), each
 * its own component. The settings menu offers the page when the descriptor has `views.management` and the
 * permissions overview lists a section; reached without any, the page says so.
 */
import { Alert, Box, Heading, Stack } from '@chakra-ui/react';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { MANAGEMENT_SECTIONS } from './sections.ts';

/** See the module comment. */
export function ManageSiteView() {
  const { descriptor } = useSession();
  useDocumentTitle('Manage site');
  const sections = descriptor ? MANAGEMENT_SECTIONS.filter((section) => section.offered(descriptor)) : [];
  return (
    <Stack gap="8" maxW="5xl" data-testid="manage-site-page">
      <Heading as="h1" size="2xl">
        Manage site
      </Heading>
      {sections.length === 0 ? (
        <Alert.Root status="info" data-testid="manage-site-nothing">
          <Alert.Indicator />
          <Alert.Description>You may not change any of the site’s settings here. Ask an administrator for the “Change site appearance” permission.</Alert.Description>
        </Alert.Root>
      ) : (
        sections.map(({ id, title, Component }) => (
          <Box as="section" key={id} aria-labelledby={`management-section-${id}-title`} data-testid={`management-section-${id}`}>
            <Heading as="h2" size="lg" id={`management-section-${id}-title`} mb="4">
              {title}
            </Heading>
            <Component />
          </Box>
        ))
      )}
    </Stack>
  );
}
