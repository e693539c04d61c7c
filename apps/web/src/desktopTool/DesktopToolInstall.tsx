/**
 * The desktop tool's how-to install view (issue 15; spec 01 §2 "A desktop-tool how-to install view opens in a modal
 * frame", §3 `fwdt.views.install`): the installers the descriptor names, this platform's first, how to install, and
 * "I already have it" with the installed version when the user knows it (8.1 is assumed otherwise, spec 01 §9).
 * Shown in the install modal (`DesktopToolProvider`) and as the page at `/fotoweb/views/desktop-tool`.
 */
import { useState } from 'react';
import { Alert, Button, Field, Heading, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import type { FullApiDescriptor } from '@magpie/api-types';
import type { DesktopToolInstaller } from '@magpie/machines';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { installersOf } from './desktopToolSettings.ts';
import { useDesktopTool } from './DesktopToolProvider.tsx';

/** A version as the user may type it: dotted numbers (`8.2`, `8.2.1412`). */
const VERSION_PATTERN = /^\d+(\.\d+){0,3}$/;

/** Props of {@link DesktopToolInstall}. */
export interface DesktopToolInstallProps {
  readonly fwdt: FullApiDescriptor['fwdt'] | undefined;
  /** This platform's installer, listed first and marked as the one to take. */
  readonly recommended: DesktopToolInstaller | undefined;
  /** "I already have it", with the version typed (undefined when left empty); absent: the control is not shown. */
  readonly onAlreadyHaveIt?: ((version: string | undefined) => void) | undefined;
}

/** See the module comment. */
export function DesktopToolInstall({ fwdt, recommended, onAlreadyHaveIt }: DesktopToolInstallProps) {
  const [version, setVersion] = useState('');
  const installers = installersOf(fwdt).sort((a, b) => Number(b.href === recommended?.href) - Number(a.href === recommended?.href));
  const typed = version.trim();
  const invalid = typed !== '' && !VERSION_PATTERN.test(typed);
  if (installers.length === 0) {
    return (
      <Alert.Root status="info" data-testid="desktop-tool-no-installers">
        <Alert.Indicator />
        <Alert.Description>No installer of the desktop tool is available on this site.</Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="5" data-testid="desktop-tool-install">
      <Text>The desktop tool opens this site’s files in your desktop applications. Download the installer for your computer and run it.</Text>
      <List.Root gap="2" variant="plain" aria-label="Installers">
        {installers.map((installer) => (
          <List.Item key={installer.platform} data-testid="desktop-tool-installer" data-platform={installer.platform}>
            <HStack gap="3" wrap="wrap">
              <Button asChild size="sm" colorPalette="brand" variant={installer.href === recommended?.href ? 'solid' : 'outline'}>
                <a href={installer.href} download data-testid={`desktop-tool-download-${installer.platform}`}>
                  <Download aria-hidden="true" />
                  {installer.label} installer, version {installer.version}
                </a>
              </Button>
              {installer.href === recommended?.href && (
                <Text fontSize="sm" color="fg.muted">
                  For this computer
                </Text>
              )}
            </HStack>
          </List.Item>
        ))}
      </List.Root>
      <List.Root as="ol" gap="1" ps="5">
        <List.Item>Download the installer and open it.</List.Item>
        <List.Item>Follow the installer’s steps; it needs no restart.</List.Item>
        <List.Item>Come back here and choose “I already have it”.</List.Item>
      </List.Root>
      {onAlreadyHaveIt && (
        <Stack as="section" gap="2" aria-labelledby="desktop-tool-have-it">
          <Heading as="h3" size="sm" id="desktop-tool-have-it">
            Already installed?
          </Heading>
          <HStack align="flex-end" gap="3" wrap="wrap">
            <Field.Root invalid={invalid} maxW="48">
              <Field.Label>Installed version (optional)</Field.Label>
              <Input size="sm" value={version} placeholder="8.1" onChange={(event) => setVersion(event.target.value)} data-testid="desktop-tool-install-version" />
              {invalid && <Field.ErrorText>Dotted numbers, such as 8.2.</Field.ErrorText>}
            </Field.Root>
            <Button size="sm" variant="outline" disabled={invalid} onClick={() => onAlreadyHaveIt(typed || undefined)} data-testid="desktop-tool-install-have-it">
              I already have it
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}

/** The page at the descriptor's `fwdt.views.install` (`/fotoweb/views/desktop-tool`). */
export function DesktopToolView() {
  const { descriptor } = useSession();
  const tool = useDesktopTool();
  useDocumentTitle('Desktop tool');
  const fwdt = descriptor?.fwdt;
  return (
    <Stack p="6" gap="4" maxW="3xl" data-testid="desktop-tool-page">
      <Heading as="h1" size="lg">
        Install the desktop tool
      </Heading>
      {fwdt ? (
        <DesktopToolInstall
          fwdt={fwdt}
          recommended={tool?.context.installer}
          onAlreadyHaveIt={
            tool && tool.state !== 'hidden' && tool.state !== 'upToDate' ? (version) => tool.send({ type: 'ALREADY_HAVE_IT', ...(version ? { version } : {}) }) : undefined
          }
        />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>The desktop tool is not offered on this site, or your account has no use for it.</Alert.Description>
        </Alert.Root>
      )}
      {tool?.state === 'upToDate' && (
        <Text color="fg.muted" data-testid="desktop-tool-up-to-date">
          The desktop tool is installed and up to date.
        </Text>
      )}
    </Stack>
  );
}
