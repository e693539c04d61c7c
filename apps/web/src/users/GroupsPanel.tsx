/**
 * The Groups tab's list (spec 03 §2.5): a search box (debounced 300 ms), an Add group button, the grid (name,
 * description, Edit and Delete by the group's `actions`), and a paging bar with first, previous, next and last and a
 * count text. Opening a group or adding one is the modal's sub-screen ({@link GroupForm}).
 */
import { useState } from 'react';
import { Alert, Button, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { Group } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { groupSaveErrorText, loadErrorText } from './errors.ts';
import { PagingBar } from './PagingBar.tsx';
import { useSearchedList } from './useSearchedList.ts';
import type { UserManagementLinks } from './usersApi.ts';

/** Props of {@link GroupsPanel}. */
export interface GroupsPanelProps {
  readonly links: UserManagementLinks;
  readonly onAdd: () => void;
  readonly onEdit: (href: string) => void;
}

/** See the module comment. */
export function GroupsPanel({ links, onAdd, onEdit }: GroupsPanelProps) {
  const { text, search, setPage, list } = useSearchedList(links.groupList, api.listGroups);
  const [deleting, setDeleting] = useState<Group | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  return (
    <Stack gap="3" data-testid="groups-list">
      <HStack>
        <Input
          type="search"
          aria-label="Search groups"
          placeholder="Search groups"
          value={text}
          onChange={(e) => search(e.target.value)}
          data-testid="groups-search"
          size="sm"
          maxW="sm"
        />
        <Button size="sm" colorPalette="blue" onClick={onAdd} data-testid="group-add">
          Add group
        </Button>
      </HStack>
      {(error || list.status === 'error') && (
        <Alert.Root status="error" data-testid="groups-error">
          <Alert.Indicator />
          <Alert.Description>{error ?? loadErrorText(list.error)}</Alert.Description>
        </Alert.Root>
      )}
      {list.status === 'loading' && !list.data && <Spinner aria-label="Loading groups" />}
      {list.data && (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100vh - 268px)">
            <Table.Root size="sm" stickyHeader aria-label="Groups">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Description</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.data.map((group) => (
                  <Table.Row key={group.href} data-testid="group-row" data-href={group.href} data-builtin={group.isBuiltin || undefined}>
                    <Table.Cell fontWeight="medium">{group.name}</Table.Cell>
                    <Table.Cell color="fg.muted">{group.description}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <HStack justify="end" gap="1">
                        {group.actions.update && (
                          <Button size="xs" variant="ghost" onClick={() => onEdit(group.href)} aria-label={`Edit ${group.name}`} data-testid="group-edit">
                            Edit
                          </Button>
                        )}
                        {group.actions.delete && (
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            onClick={() => setDeleting(group)}
                            aria-label={`Delete ${group.name}`}
                            data-testid="group-row-delete"
                          >
                            Delete
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {list.data.data.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={3}>
                      <Text color="fg.muted">No groups found.</Text>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <PagingBar paging={list.data.paging} count={list.data.count} noun={['group', 'groups']} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete group"
        confirmLabel="Delete"
        onClose={() => setDeleting(undefined)}
        action={async () => {
          if (!deleting) return;
          await api.deleteGroup(deleting.href);
          setError(undefined);
          list.reload();
        }}
        onFailed={(failure) => setError(groupSaveErrorText(failure))}
        testId="group-list-delete-confirm"
      >
        <Text>
          Delete the group <strong>{deleting?.name}</strong>?
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
