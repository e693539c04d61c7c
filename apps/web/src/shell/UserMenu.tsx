import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, User } from 'lucide-react';
import { useActions } from '../actions/ActionsProvider.tsx';
import { INTERFACE_STYLE_ACTIONS, USER_MENU_ACTIONS, USER_MENU_CHECKBOX_ACTIONS } from '../actions/registry.ts';
import type { Action } from '../actions/types.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The commands that run when picked from this menu (checkbox and radio items run through their own handlers). */
const COMMANDS: Readonly<Record<string, Action>> = Object.fromEntries(USER_MENU_ACTIONS.map((action) => [action.name, action]));

/**
 * The user menu (spec 03 §2.9): full name and username; Change password (when the descriptor offers the view) and
 * Log out; the High-quality thumbnails and (when permitted) Always display markers checkboxes; the interface style
 * Light / Dark / Auto. Every item is an action of the registry.
 */
export function UserMenu() {
  const { descriptor } = useSession();
  const { context, run } = useActions();
  if (!descriptor) return null;
  const fullName = descriptor.user.fullName || descriptor.user.userName;
  const commands = USER_MENU_ACTIONS.filter((action) => action.predicate(context));
  const checkboxes = USER_MENU_CHECKBOX_ACTIONS.filter((action) => action.predicate(context));
  const styles = INTERFACE_STYLE_ACTIONS.filter((action) => action.predicate(context));
  const currentStyle = styles.find((action) => action.checked?.(context))?.name ?? '';
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        const action = COMMANDS[value];
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
          <Menu.Content data-testid="user-menu" minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel data-testid="user-menu-identity">
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
            {commands.map((action) => {
              const Icon = action.icon;
              return (
                <Menu.Item key={action.name} value={action.name} data-testid={`menu-${action.name}`}>
                  {Icon && <Icon size={16} aria-hidden="true" />}
                  {action.label(context)}
                </Menu.Item>
              );
            })}
            {checkboxes.length > 0 && <Menu.Separator />}
            {checkboxes.map((action) => (
              <Menu.CheckboxItem
                key={action.name}
                value={action.name}
                data-testid={`menu-${action.name}`}
                checked={action.checked?.(context) === true}
                onCheckedChange={() => run(action)}
                closeOnSelect={false}
              >
                {action.label(context)}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
            {styles.length > 0 && (
              <>
                <Menu.Separator />
                <Menu.RadioItemGroup
                  value={currentStyle}
                  onValueChange={({ value }) => {
                    const action = styles.find((candidate) => candidate.name === value);
                    if (action) run(action);
                  }}
                >
                  <Menu.ItemGroupLabel>Interface style</Menu.ItemGroupLabel>
                  {styles.map((action) => {
                    const Icon = action.icon;
                    return (
                      <Menu.RadioItem key={action.name} value={action.name} data-testid={`menu-${action.name}`} closeOnSelect={false}>
                        {Icon && <Icon size={16} aria-hidden="true" />}
                        {action.label(context)}
                        <Menu.ItemIndicator />
                      </Menu.RadioItem>
                    );
                  })}
                </Menu.RadioItemGroup>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
