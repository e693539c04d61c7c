/**
 * The Groups tab's list (spec 03 §2.5): a search box (debounced 300 ms), an Add group button, a column chooser (saved
 * in `shared.groupGridSettings.columns` and `shared.configGrids`), the grid (an expander, group id hidden by default,
 * name, description, Edit and Delete by the group's `actions`; headers sort, and a sort change closes every open
 * row), expanded rows with the group's user and group members ({@link GroupMembers}), and a paging bar with first,
 * previous, next and last and a count text. Guests (10000) and Everyone (10001) have no detail toggle (spec 03 §2.5,
 * §9): their members are implicit. Opening a group or adding one is the modal's sub-screen ({@link GroupForm}).
 * The list stays mounted under the forms; `reloads` (a count the modal raises after each save or delete) reloads
 * it, keeping the search, the sort, the page and the open rows.
 */
import { Fragment, useState } from 'react';
import { Alert, Button, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { Group } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { groupSaveErrorText } from './errors.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { ColumnChooser, SortableHeader, useGridColumns } from './GridParts.tsx';
import { sharedPreference, type ColumnSetting, type GridColumn } from './gridColumns.ts';
import { GroupMembers } from './GroupMembers.tsx';
import { PagingBar } from '../components/PagingBar.tsx';
import { nextSort, useReloadOn, useSearchedList } from './useSearchedList.ts';
import type { UserManagementLinks } from './usersApi.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link GroupsPanel}. */
export interface GroupsPanelProps {
  readonly links: UserManagementLinks;
  /** Raised by the modal after a save or delete: each change reloads the list where it is. */
  readonly reloads: number;
  readonly onAdd: () => void;
  readonly onEdit: (href: string) => void;
}

/** A column of the groups grid that can be shown or hidden (the expander and action cells always show). */
export type GroupColumn = 'id' | 'name' | 'description';

/** The columns in grid order, their headers and default visibility (spec 03 §2.5: the group id hidden by default). */
export const GROUP_COLUMNS: readonly GridColumn<GroupColumn>[] = [
  { field: 'id', header: 'Group id', visible: false },
  { field: 'name', header: 'Name', visible: true },
  { field: 'description', header: 'Description', visible: true },
];

const readSavedColumns = (preferences: unknown) => sharedPreference(preferences, 'groupGridSettings', 'columns') ?? sharedPreference(preferences, 'configGrids');
// spec 03 §3.5: the same list in both places.
const groupColumnsPatch = (columns: ColumnSetting[]) => ({ groupGridSettings: { columns }, configGrids: columns });

/** The groups without a detail toggle (spec 03 §2.5, §9 "ids 10001 and 10000 have no detail toggle"): guests and Everyone. */
const NO_DETAIL_BUILTINS: ReadonlySet<Group['builtinKey']> = new Set(['guests', 'everyone']);
/** Their ids (dam.yaml `GroupBuiltinKey`: guests 10000, everyone 10001), for a group without its `builtinKey`. */
const NO_DETAIL_IDS: ReadonlySet<number> = new Set([10000, 10001]);

/** True when the group's row has the expander: every group but guests and Everyone, whose members are implicit. */
export function hasDetailToggle(group: Pick<Group, 'id' | 'builtinKey'>): boolean {
  return !NO_DETAIL_BUILTINS.has(group.builtinKey) && !NO_DETAIL_IDS.has(group.id);
}

function groupCell(group: Group, column: GroupColumn): string {
  return column === 'id' ? String(group.id) : column === 'name' ? group.name : group.description;
}

/** See the module comment. */
export function GroupsPanel({ links, reloads, onAdd, onEdit }: GroupsPanelProps) {
  const { text, search, sort, setSort, setPage, list } = useSearchedList<Awaited<ReturnType<typeof api.listGroups>>, GroupColumn>(links.groupList, api.listGroups);
  useReloadOn(reloads, list.reload);
  const { visible, toggle, notice } = useGridColumns(GROUP_COLUMNS, 'name', readSavedColumns, groupColumnsPatch);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<Group | undefined>(undefined);
  const [failure, setError] = useState<string | undefined>(undefined);
  const error = failure ?? notice;
  const columns = GROUP_COLUMNS.filter((c) => visible.has(c.field));
  const expand = (href: string, on: boolean) =>
    setOpen((rows) => {
      const next = new Set(rows);
      if (on) next.add(href);
      else next.delete(href);
      return next;
    });

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
        <ColumnChooser columns={GROUP_COLUMNS} visible={visible} onToggle={toggle} testId="groups-columns" />
      </HStack>
      {(error || list.status === 'error') && (
        <Alert.Root status="error" data-testid="groups-error">
          <Alert.Indicator />
          <Alert.Description>{error ?? loadErrorText(list.error)}</Alert.Description>
        </Alert.Root>
      )}
      {list.status === 'loading' && !list.data && <LoadingSpinner label="Loading groups" />}
      {list.data && (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100vh - 268px)">
            <Table.Root size="sm" stickyHeader aria-label="Groups">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="8">
                    <Text srOnly>Members</Text>
                  </Table.ColumnHeader>
                  {columns.map((c) => (
                    <SortableHeader
                      key={c.field}
                      header={c.header}
                      field={c.field}
                      sort={sort}
                      onSort={(field) => {
                        // spec 03 §4: a sort change closes all open detail rows.
                        setOpen(new Set());
                        setSort(nextSort(sort, field));
                      }}
                    />
                  ))}
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.data.map((group) => {
                  const toggle = hasDetailToggle(group);
                  const expanded = toggle && open.has(group.href);
                  return (
                    <Fragment key={group.href}>
                      <Table.Row data-testid="group-row" data-href={group.href} data-builtin={group.isBuiltin || undefined} data-expanded={expanded || undefined}>
                        <Table.Cell>
                          {toggle && (
                            <IconButton
                              size="2xs"
                              variant="ghost"
                              aria-expanded={expanded}
                              aria-label={`${expanded ? 'Hide' : 'Show'} the members of ${group.name}`}
                              onClick={() => expand(group.href, !expanded)}
                              data-testid="group-expand"
                            >
                              <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                            </IconButton>
                          )}
                        </Table.Cell>
                        {columns.map((c) => (
                          <Table.Cell key={c.field} fontWeight={c.field === 'name' ? 'medium' : undefined} color={c.field === 'description' ? 'fg.muted' : undefined}>
                            {groupCell(group, c.field)}
                          </Table.Cell>
                        ))}
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
                      {expanded && (
                        <Table.Row data-testid="group-detail-row">
                          <Table.Cell colSpan={columns.length + 2}>
                            {/* A save or delete may have changed the members: the open row loads them again. */}
                            <GroupMembers key={reloads} group={group} />
                          </Table.Cell>
                        </Table.Row>
                      )}
                    </Fragment>
                  );
                })}
                {list.data.data.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={columns.length + 2}>
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
