/**
 * The "Manage users and groups" modal (spec 03 §2.3): static (a click outside or Esc does not close it; only its own
 * close button does), with a Users tab and a Groups tab; the title follows the tab. The add/edit forms are
 * sub-screens stacked over the tab with a Back step that restores it: the tabs stay mounted under them, so the search,
 * sort, page, open rows and selection are as they were, and a save or delete reloads the lists in place. Opening
 * loads the permissions overview (an
 * empty one on failure, spec 03 §7); the lists load in their tabs. Loaded lazily by the shell (`shell/AppShell.tsx`)
 * when the registry's `openUserManagement` action runs, and unmounted when it closes.
 */
import { Alert, Button, CloseButton, Dialog, HStack, Portal, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { LOAD_FAILED_TEXT } from './errors.ts';
import { GroupForm } from './GroupForm.tsx';
import { GroupsPanel } from './GroupsPanel.tsx';
import { UserForm } from './UserForm.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import { loadConfigOptions, userManagementLinks } from './usersApi.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link UsersAndGroupsModal}. */
export interface UsersAndGroupsModalProps {
  /** True while the modal shows; the shell mounts it only while open. */
  readonly open: boolean;
  /** Called when the user closes the modal with its close button; the shell then unmounts it. */
  readonly onClose: () => void;
}

/** The modal's tabs. */
type UserManagementTab = 'users' | 'groups';

/** A sub-screen stacked over the tabs (spec 03 §2.3): a user or group form, `href` undefined to add one. */
type SubScreen = { readonly kind: 'user' | 'group'; readonly href: string | undefined };

function subScreenTitle(screen: SubScreen): string {
  const noun = screen.kind === 'user' ? 'user' : 'group';
  return screen.href ? `Edit ${noun}` : `Add ${noun}`;
}

/** The users-and-groups administration (spec 03 §2.3). */
export function UsersAndGroupsModal({ open, onClose }: UsersAndGroupsModalProps) {
  const [tab, setTab] = useState<UserManagementTab>('users');
  const [stack, setStack] = useState<readonly SubScreen[]>([]);
  // Each save or delete reloads the lists where they are (they stay mounted, keeping search, sort, page, selection).
  const [reloads, setReloads] = useState(0);
  const { descriptor } = useSession();
  const links = userManagementLinks(descriptor);
  const options = useResource(links ? 'options' : undefined, (signal) => loadConfigOptions(signal));
  const screen = stack[stack.length - 1];
  const push = (next: SubScreen) => setStack((s) => [...s, next]);
  const back = () => setStack((s) => s.slice(0, -1));
  const done = () => {
    back();
    setReloads((n) => n + 1);
  };
  // The title follows the tab or the sub-screen, after the modal's name (spec 03 §2.3).
  const title = `Manage users and groups: ${screen ? subScreenTitle(screen) : tab === 'users' ? 'Users' : 'Groups'}`;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      closeOnInteractOutside={false}
      closeOnEscape={false}
      size="xl"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="users-and-groups-modal">
            <Dialog.Header>
              <HStack gap="2">
                {screen && (
                  <Button size="xs" variant="ghost" onClick={back} data-testid="users-and-groups-back">
                    Back
                  </Button>
                )}
                <Dialog.Title data-testid="users-and-groups-title">{title}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              {!links && (
                <Alert.Root status="error" data-testid="users-and-groups-error">
                  <Alert.Indicator />
                  <Alert.Description>{LOAD_FAILED_TEXT}</Alert.Description>
                </Alert.Root>
              )}
              {links && options.status === 'loading' && <LoadingSpinner label="Loading" />}
              {links && options.data && screen?.kind === 'group' && (
                <GroupForm key={`group-${stack.length}`} links={links} options={options.data} href={screen.href} onBack={back} onDone={done} />
              )}
              {links && options.data && screen?.kind === 'user' && (
                <UserForm key={`user-${stack.length}`} links={links} options={options.data} href={screen.href} onBack={back} onDone={done} />
              )}
              {links && options.data && (
                <Tabs.Root value={tab} onValueChange={({ value }) => setTab(value as UserManagementTab)} variant="line" lazyMount display={screen ? 'none' : 'block'}>
                  <Tabs.List>
                    <Tabs.Trigger value="users" data-testid="users-tab">
                      Users
                    </Tabs.Trigger>
                    <Tabs.Trigger value="groups" data-testid="groups-tab">
                      Groups
                    </Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="users" data-testid="users-panel">
                    <UsersPanel
                      links={links}
                      reloads={reloads}
                      options={options.data}
                      onAdd={() => push({ kind: 'user', href: undefined })}
                      onEdit={(href) => push({ kind: 'user', href })}
                    />
                  </Tabs.Content>
                  <Tabs.Content value="groups" data-testid="groups-panel">
                    <GroupsPanel links={links} reloads={reloads} onAdd={() => push({ kind: 'group', href: undefined })} onEdit={(href) => push({ kind: 'group', href })} />
                  </Tabs.Content>
                </Tabs.Root>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" data-testid="users-and-groups-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
