/**
 * The desktop tool's offer (issue 15; spec 01 §2 Desktop tool "Entries: install and upgrade, 'already have it',
 * ignore", §4): a notice above the page, never in the way, while the `desktopTool` machine should install or should
 * update: Install / Upgrade (opens the how-to install view in a modal), "I already have it" (with the version when
 * known, on the install offer), and Ignore (install offer only; remembered in this browser). Nothing on a mobile or
 * touch layout, without the rights, once up to date or ignored. When this browser could not store the answer, a
 * notice says it holds for this page only.
 */
import { useState } from 'react';
import { Alert, Box, Button, CloseButton, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useDesktopTool } from './DesktopToolProvider.tsx';

const VERSION_PATTERN = /^\d+(\.\d+){0,3}$/;

/** See the module comment. */
export function DesktopToolOffer() {
  const tool = useDesktopTool();
  const [version, setVersion] = useState('');
  const [saveNoticeClosed, setSaveNoticeClosed] = useState(false);
  if (!tool) return null;
  const { state, context, send } = tool;
  const offering = state === 'shouldInstall' || state === 'shouldUpdate';
  const saveFailed = context.saveFailed && !saveNoticeClosed && state !== 'saving';
  if (!offering && !saveFailed) return null;
  const update = state === 'shouldUpdate';
  const typed = version.trim();
  const invalid = typed !== '' && !VERSION_PATTERN.test(typed);
  return (
    <Stack gap="2" mb="4" data-testid="desktop-tool-region">
      {offering && (
        <Box
          as="section"
          aria-labelledby="desktop-tool-offer-title"
          borderWidth="1px"
          borderColor="border"
          bg="bg.panel"
          rounded="md"
          px="4"
          py="3"
          data-testid="desktop-tool-offer"
          data-state={state}
        >
          <Stack gap="3" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'center' }} justify="space-between">
            <Stack gap="0">
              <Text id="desktop-tool-offer-title" fontWeight="semibold">
                {update ? 'A new version of the desktop tool is available' : 'Get the desktop tool'}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {update ? `Version ${context.installer?.version ?? ''} is available for this computer.` : 'Open this site’s files in your desktop applications.'}
              </Text>
            </Stack>
            <HStack gap="2" wrap="wrap" align="flex-end">
              <Button size="sm" colorPalette="brand" onClick={() => send({ type: 'INSTALL' })} data-testid="desktop-tool-install">
                {update ? 'Upgrade' : 'Install'}
              </Button>
              {!update && (
                <Field.Root invalid={invalid} w="28">
                  <Field.Label srOnly>Installed version (optional)</Field.Label>
                  <Input size="sm" value={version} placeholder="Version" onChange={(event) => setVersion(event.target.value)} data-testid="desktop-tool-version" />
                </Field.Root>
              )}
              <Button
                size="sm"
                variant="outline"
                disabled={invalid}
                onClick={() => send({ type: 'ALREADY_HAVE_IT', ...(!update && typed ? { version: typed } : {}) })}
                data-testid="desktop-tool-have-it"
              >
                I already have it
              </Button>
              {!update && (
                <Button size="sm" variant="ghost" onClick={() => send({ type: 'IGNORE' })} data-testid="desktop-tool-ignore">
                  Ignore
                </Button>
              )}
            </HStack>
          </Stack>
        </Box>
      )}
      {saveFailed && (
        <Alert.Root status="warning" data-testid="desktop-tool-save-failed">
          <Alert.Indicator />
          <Alert.Description flex="1">This browser could not remember your answer about the desktop tool: it holds until you leave this page.</Alert.Description>
          <CloseButton size="sm" aria-label="Dismiss the notice" onClick={() => setSaveNoticeClosed(true)} />
        </Alert.Root>
      )}
    </Stack>
  );
}
