/**
 * One access-list member's permissions (spec 03 §2.12 "each with per-member permissions", §3.11, §4 Archive
 * permission dependencies, §5 offered groups), on an `archivePermissions` actor started with the member's list:
 * Select all and Unselect all, one checkbox per offered permission in its group (Permissions, Version control,
 * Consent), a ticked prerequisite disabled while a dependent is ticked. Every change goes back to the access list
 * through `onChange`; the dialog keys this component by member, so choosing another member starts its own actor.
 */
import { useEffect } from 'react';
import { Box, Button, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { archivePermissionsMachine, lockedArchivePermissions, type ArchivePermissionOffer } from '@magpie/machines';
import { ARCHIVE_PERMISSION_LABELS, permissionGroups, samePermissions } from './archiveForm.ts';

/** Props of {@link MemberPermissions}. */
export interface MemberPermissionsProps {
  /** The member's name, for the controls' accessible names. */
  readonly name: string;
  /** The member's permission ids as the access list holds them when this member is chosen. */
  readonly permissions: readonly string[];
  readonly offer: ArchivePermissionOffer;
  /** Called with the member's new list after each change. */
  readonly onChange: (permissions: readonly string[]) => void;
  readonly disabled: boolean;
}

/** See the module comment. */
export function MemberPermissions({ name, permissions, offer, onChange, disabled }: MemberPermissionsProps) {
  const [snapshot, send] = useMachine(archivePermissionsMachine, { input: { ...offer, permissions } });
  const { permissions: ticked, offered } = snapshot.context;
  const locked = lockedArchivePermissions(ticked);

  // The list the access list holds follows the actor; the §3.11 order the actor keeps is no change by itself.
  useEffect(() => {
    if (!samePermissions(ticked, permissions)) onChange(ticked);
  }, [ticked, permissions, onChange]);

  return (
    <Stack gap="3" data-testid="member-permissions" data-permissions={ticked.join(' ')}>
      <HStack gap="2">
        <Button
          size="xs"
          variant="outline"
          onClick={() => send({ type: 'SELECT_ALL' })}
          disabled={disabled}
          aria-label={`Select all permissions of ${name}`}
          data-testid="permissions-select-all"
        >
          Select all
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={() => send({ type: 'UNSELECT_ALL' })}
          disabled={disabled}
          aria-label={`Unselect all permissions of ${name}`}
          data-testid="permissions-unselect-all"
        >
          Unselect all
        </Button>
      </HStack>
      {permissionGroups(offered).map((group) => {
        const headingId = `archive-permissions-${group.title.toLowerCase().replace(/\s+/g, '-')}`;
        return (
          <Box key={group.title} role="group" aria-labelledby={headingId}>
            <Text id={headingId} fontWeight="medium" fontSize="sm" mb="2">
              {group.title}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gapX="4" gapY="1.5">
              {group.ids.map((id) => {
                const on = ticked.includes(id);
                // spec 03 §4: a prerequisite cannot be unticked while something that needs it is ticked.
                const isLocked = on && locked.has(id);
                return (
                  <Checkbox.Root
                    key={id}
                    size="sm"
                    checked={on}
                    disabled={disabled || isLocked}
                    onCheckedChange={() => send({ type: 'TOGGLE', permission: id })}
                    data-testid={`archive-permission-${id}`}
                    data-permission={id}
                    data-locked={isLocked || undefined}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontSize="sm" title={isLocked ? 'Needed by another ticked permission' : undefined}>
                      {ARCHIVE_PERMISSION_LABELS[id]}
                    </Checkbox.Label>
                  </Checkbox.Root>
                );
              })}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}
