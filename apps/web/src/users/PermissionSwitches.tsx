/**
 * The group form's security permission switches (spec 03 §2.6, §3.3), driven by a `groupPermissions` actor: one
 * switch per available permission (spec 03 §5), plain permissions first, then the album ones; delegate downloads and
 * restrict to friends disabled while their sharing is off; manageFlows turns viewFlows on (spec 03 §4).
 */
import { Box, SimpleGrid, Switch, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  getGroupPermission,
  isGroupPermissionDisabled,
  isGroupPermissionShown,
  PLAIN_GROUP_PERMISSIONS,
  ALBUM_PERMISSIONS,
  type groupPermissionsMachine,
  type GroupPermissionKey,
} from '@magpie/machines';

/** "manageTaxonomies" → "Manage taxonomies"; "albums.shareWithUsers" → "Share with users". */
export function permissionLabel(key: GroupPermissionKey): string {
  const name = key.startsWith('albums.') ? key.slice('albums.'.length) : key;
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** See the module comment. */
export function PermissionSwitches({ actor, readOnly }: { readonly actor: ActorRefFrom<typeof groupPermissionsMachine>; readonly readOnly: boolean }) {
  const context = useSelector(actor, (s) => s.context);
  const plain = PLAIN_GROUP_PERMISSIONS.filter((key) => isGroupPermissionShown(context, key));
  const albums = ALBUM_PERMISSIONS.map((name) => `albums.${name}` as GroupPermissionKey).filter((key) => isGroupPermissionShown(context, key));
  if (plain.length + albums.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No permissions are available.
      </Text>
    );
  }
  const section = (title: string, keys: readonly GroupPermissionKey[], id: string) =>
    keys.length > 0 && (
      <Box role="group" aria-labelledby={id} mb="3">
        <Text id={id} fontWeight="medium" fontSize="sm" mb="2">
          {title}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {keys.map((key) => {
            const on = getGroupPermission(context.permissions, key);
            const disabled = readOnly || (!on && isGroupPermissionDisabled(context.permissions, key));
            return (
              <Switch.Root
                key={key}
                size="sm"
                checked={on}
                disabled={disabled}
                onCheckedChange={() => actor.send({ type: 'TOGGLE', permission: key })}
                data-testid={`permission-${key}`}
                data-on={on || undefined}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label fontSize="sm">{permissionLabel(key)}</Switch.Label>
              </Switch.Root>
            );
          })}
        </SimpleGrid>
      </Box>
    );
  return (
    <Box data-testid="group-permissions">
      {section('Permissions', plain, 'group-permissions-plain')}
      {section('Albums', albums, 'group-permissions-albums')}
    </Box>
  );
}
