import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, User } from 'lucide-react';
import { useActions } from '../actions/ActionsProvider.tsx';
import { colorModeIcon } from '../actions/actionToggleColorMode.ts';
import { actionsByName, USER_MENU_ACTIONS } from '../actions/registry.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The user menu: full name, dark-mode toggle and log out, read from the action registry (spec 01 §2). */
export function UserMenu() {
  const { descriptor } = useSession();
  const { context, run } = useActions();
  if (!descriptor) return null;
  const fullName = descriptor.user.fullName || descriptor.user.userName;
  const items = USER_MENU_ACTIONS.filter((action) => action.predicate(context));
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        const action = actionsByName[value];
        if (action) run(action);
      }}
    >
      <Menu.Trigger asChild>
        <Button data-testid="user-menu-trigger" variant="ghost" size="sm" aria-label={`User menu: ${fullName}`}>
          <User aria-hidden="true" />
          <Text as="span" display={{ base: 'none', md: 'inline' }} maxW="40" truncate>
            {fullName}
          </Text>
          <ChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="user-menu" minW="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text fontWeight="semibold" color="fg">
                  {fullName}
                </Text>
                {descriptor.user.userName !== fullName && (
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                    {descriptor.user.userName}
                  </Text>
                )}
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            {items.map((action) => {
              const Icon = action.name === 'toggleColorMode' ? colorModeIcon(context.colorMode) : action.icon;
              return (
                <Menu.Item key={action.name} value={action.name} data-testid={`menu-${action.name}`}>
                  {Icon && <Icon size={16} aria-hidden="true" />}
                  {action.label(context)}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
