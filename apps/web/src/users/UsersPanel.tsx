/**
 * The Users tab's grid (spec 03 §2.4): a search box (debounced 300 ms), Add user, a column chooser whose choice is
 * saved in `shared.userGridSettings.columns`, the grid (a checkbox, the visible columns, rows of disabled users
 * styled inactive, Set as site owner, Edit and Delete by the user's `actions`), the row markers (site owner, expired)
 * in the first visible column, whichever that is, so hiding a column never hides them, the batch buttons (each
 * enabled by the selected users' actions, spec 03 §5; `BatchDialog.tsx`), a selection that accumulates across
 * searches and pages with its removable dropdown (its users' actions and names refreshed from every page of rows
 * that loads), and the paging bar. The panel stays mounted under the forms: `reloads` reloads it in place.
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Checkbox, HStack, Input, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import type { ConfigOptions, User } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { BATCH_TITLES, BatchDialog } from './BatchDialog.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { loadErrorText } from '../api/requestErrors.ts';
import { ColumnChooser, SortableHeader, useGridColumns } from './GridParts.tsx';
import { sharedPreference, type ColumnSetting } from './gridColumns.ts';
import { PagingBar } from '../components/PagingBar.tsx';
import { SiteOwnerDialog } from './SiteOwnerDialog.tsx';
import { addToSelection, refreshSelection, removeFromSelection, type SelectedUser } from './selection.ts';
import { nextSort, useReloadOn, useSearchedList } from './useSearchedList.ts';
import { isBatchAvailable, userSaveErrorMessage, type BatchOperation } from '@magpie/machines';
import { isExpired, USER_COLUMNS, USER_SORT_FIELDS, userCell, type UserSortField } from './userColumns.ts';
import { type UserManagementLinks } from './usersApi.ts';
import { toRequestError } from '../api/requestErrors.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link UsersPanel}. */
export interface UsersPanelProps {
  readonly links: UserManagementLinks;
  readonly options: Partial<ConfigOptions>;
  /** Raised by the modal after a save or delete: each change reloads the list where it is. */
  readonly reloads: number;
  readonly onAdd: () => void;
  readonly onEdit: (href: string) => void;
}

/** The batch buttons of spec 03 §2.4, in its order. */
const BATCH_OPERATIONS: readonly BatchOperation[] = ['company', 'license', 'access', 'expiry', 'delete'];

/** True when the row offers Edit (spec 03 §2.4: update, account-status or license update allowed). */
export function canEditUser(user: Pick<User, 'actions'>): boolean {
  return user.actions.update || user.actions.updateAccountStatus || user.actions.updateLicense;
}

const readSavedColumns = (preferences: unknown) => sharedPreference(preferences, 'userGridSettings', 'columns');
const userColumnsPatch = (columns: ColumnSetting[]) => ({ userGridSettings: { columns } });

/** See the module comment. */
export function UsersPanel({ links, options, reloads, onAdd, onEdit }: UsersPanelProps) {
  const { text, search, sort, setSort, setPage, list } = useSearchedList<Awaited<ReturnType<typeof api.listUsers>>, UserSortField>(links.userList, api.listUsers);
  useReloadOn(reloads, list.reload);
  const { visible, toggle: toggleColumn, notice: columnsNotice } = useGridColumns(USER_COLUMNS, 'username', readSavedColumns, userColumnsPatch);
  const [failure, setNotice] = useState<string | undefined>(undefined);
  const notice = failure ?? columnsNotice;
  const [selection, setSelection] = useState<readonly SelectedUser[]>([]);
  const [deleting, setDeleting] = useState<User | undefined>(undefined);
  const [heir, setHeir] = useState<User | undefined>(undefined);
  const [batch, setBatch] = useState<BatchOperation | undefined>(undefined);
  const licenses = options.AvailableUserLicenseTypes ?? [];
  const now = Date.now();

  const columns = USER_COLUMNS.filter((c) => visible.has(c.field));
  const selected = new Set(selection.map((u) => u.href));
  // The selection keeps what the batch buttons check (spec 03 §5): each page of rows that loads (after a batch, a
  // save, a search or a page change) brings its users' current actions and names.
  const rows = list.data?.data;
  useEffect(() => {
    if (rows) setSelection((s) => refreshSelection(s, rows));
  }, [rows]);

  return (
    <Stack gap="3" data-testid="users-list">
      <HStack wrap="wrap">
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search users"
          value={text}
          onChange={(e) => search(e.target.value)}
          data-testid="users-search"
          size="sm"
          maxW="sm"
        />
        <Button size="sm" colorPalette="blue" onClick={onAdd} data-testid="user-add">
          Add user
        </Button>
        <ColumnChooser columns={USER_COLUMNS} visible={visible} onToggle={toggleColumn} testId="users-columns" />
        <SelectionMenu selection={selection} onRemove={(href) => setSelection((s) => removeFromSelection(s, href))} />
      </HStack>
      <HStack wrap="wrap" gap="2" role="group" aria-label="Change the selected users" data-testid="users-batch">
        {BATCH_OPERATIONS.map((operation) => (
          <Button
            key={operation}
            size="xs"
            variant="outline"
            colorPalette={operation === 'delete' ? 'red' : undefined}
            disabled={!isBatchAvailable(operation, selection)}
            onClick={() => setBatch(operation)}
            data-testid={`users-batch-${operation}`}
          >
            {operation === 'delete' ? 'Delete selected' : BATCH_TITLES[operation].title}
          </Button>
        ))}
      </HStack>
      {(notice || list.status === 'error') && (
        <Alert.Root status="error" data-testid="users-error">
          <Alert.Indicator />
          <Alert.Description>{notice ?? loadErrorText(list.error)}</Alert.Description>
        </Alert.Root>
      )}
      {list.status === 'loading' && !list.data && <LoadingSpinner label="Loading users" />}
      {list.data && (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100vh - 268px)">
            <Table.Root size="sm" stickyHeader aria-label="Users">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="8">
                    <Text srOnly>Selected</Text>
                  </Table.ColumnHeader>
                  {columns.map((c) => (
                    <SortableHeader key={c.field} header={c.header} field={USER_SORT_FIELDS[c.field]} sort={sort} onSort={(field) => setSort(nextSort(sort, field))} />
                  ))}
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.data.map((user) => (
                  <Table.Row
                    key={user.href}
                    data-testid="user-row"
                    data-href={user.href}
                    data-inactive={!user.account.isEnabled || undefined}
                    data-expired={isExpired(user, now) || undefined}
                    color={user.account.isEnabled && !isExpired(user, now) ? undefined : 'fg.subtle'}
                    fontStyle={user.account.isEnabled ? undefined : 'italic'}
                  >
                    <Table.Cell>
                      <Checkbox.Root
                        size="sm"
                        checked={selected.has(user.href)}
                        onCheckedChange={({ checked }) => setSelection((s) => (checked === true ? addToSelection(s, user) : removeFromSelection(s, user.href)))}
                      >
                        <Checkbox.HiddenInput aria-label={`Select ${user.fullName}`} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                    {columns.map((c, index) => (
                      <Table.Cell key={c.field}>
                        {userCell(user, c.field, licenses, now)}
                        {/* spec 03 §2.4, §4: the markers sit in the first visible column, which always shows. */}
                        {index === 0 && <RowMarkers user={user} now={now} />}
                      </Table.Cell>
                    ))}
                    <Table.Cell textAlign="end">
                      <HStack justify="end" gap="1">
                        {user.actions.setNewSiteOwner && links.siteOwner && (
                          <Button size="xs" variant="ghost" onClick={() => setHeir(user)} aria-label={`Set ${user.fullName} as site owner`} data-testid="user-set-site-owner">
                            Set as site owner
                          </Button>
                        )}
                        {canEditUser(user) && (
                          <Button size="xs" variant="ghost" onClick={() => onEdit(user.href)} aria-label={`Edit ${user.fullName}`} data-testid="user-edit">
                            Edit
                          </Button>
                        )}
                        {user.actions.delete && (
                          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(user)} aria-label={`Delete ${user.fullName}`} data-testid="user-delete">
                            Delete
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {list.data.data.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={columns.length + 2}>
                      <Text color="fg.muted">No users found.</Text>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <PagingBar paging={list.data.paging} count={list.data.count} noun={['user', 'users']} onPage={setPage} />
        </>
      )}
      {batch && (
        <BatchDialog
          operation={batch}
          users={selection}
          listHref={links.userList}
          options={options}
          onClose={(result) => {
            setBatch(undefined);
            if (!result) return;
            // spec 03 §4: after a batch delete only the deleted rows go; the rest stay selected.
            if (batch === 'delete') setSelection((s) => s.filter((u) => !result.done.includes(u.href)));
            setNotice(undefined);
            list.reload();
          }}
        />
      )}
      {heir && links.siteOwner && (
        <SiteOwnerDialog
          siteOwnerHref={links.siteOwner}
          newOwner={heir}
          onClose={(ownerChanged) => {
            setHeir(undefined);
            if (ownerChanged) list.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete user"
        confirmLabel="Delete"
        onClose={() => setDeleting(undefined)}
        action={async () => {
          if (!deleting) return;
          await api.deleteUser(deleting.href);
          setSelection((s) => removeFromSelection(s, deleting.href));
          setNotice(undefined);
          list.reload();
        }}
        onFailed={(failure) => setNotice(userSaveErrorMessage(toRequestError(failure)))}
        testId="user-delete-confirm"
      >
        <Text>
          Delete <strong>{deleting?.fullName}</strong> ({deleting?.username})? They can no longer log in.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** A row's markers (spec 03 §2.4 "A badge marks the current site owner", §4 "the display marks the user as expired"). */
function RowMarkers({ user, now }: { readonly user: User; readonly now: number }) {
  return (
    <>
      {user.isSiteOwner && (
        <Badge ms="2" size="sm" colorPalette="purple" fontStyle="normal" data-testid="site-owner-badge">
          Site owner
        </Badge>
      )}
      {isExpired(user, now) && (
        <Badge ms="2" size="sm" colorPalette="orange" fontStyle="normal" data-testid="expired-badge">
          Expired
        </Badge>
      )}
    </>
  );
}

/** The selection dropdown (spec 03 §2.4): the chosen users, each removable (which unselects its row, spec 03 §4). */
function SelectionMenu({ selection, onRemove }: { readonly selection: readonly SelectedUser[]; readonly onRemove: (href: string) => void }) {
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={selection.length === 0} data-testid="users-selection">
          {selection.length} selected
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="users-selection-menu">
            {selection.map((user) => (
              <Menu.Item key={user.href} value={user.href} onSelect={() => onRemove(user.href)} aria-label={`Unselect ${user.fullName}`}>
                <Box flex="1">{user.fullName}</Box>
                <Text color="fg.muted" fontSize="xs">
                  Remove
                </Text>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
