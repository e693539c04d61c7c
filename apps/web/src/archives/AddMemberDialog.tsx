/**
 * The Add member dialog of the access list (spec 03 §2.12 "Add member dialog", §3.9 selected-member output, §4
 * "Members already present are not added twice", §5 and §9 search debounced 300 ms, grid heights 60vh and 250px):
 * a Users tab (id, display name, organization, description) and a Groups tab (id, name, description), each a table
 * with checkbox multi-select, a search box and a paging control; beside them the removable list of everything
 * selected in either tab, with its count in the title; Add adds them all. Users and groups already in the access list
 * show ticked and disabled. The lists are the descriptor's user-management links; without them (no manageUsers) the
 * dialog offers the group list alone when the server has one, else says who can add members.
 */
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, CloseButton, Dialog, Grid, HStack, IconButton, Input, Portal, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import type { Group, GroupList, User, UserList } from '@magpie/api-types';
import type { RequestOptions } from '@magpie/api-types/client';
import { api } from '../api/client.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { useResource } from '../api/useResource.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../components/useDebouncedValue.ts';
import { PagingBar } from '../components/PagingBar.tsx';
import { memberKey, type PickedMember } from './archiveForm.ts';
import { pickedGroup, pickedUser, type MemberListLinks } from './archivesApi.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Height of a picker's table (spec 03 §9 "Archive dialog grids 60vh and 250px"). */
const PICKER_GRID_HEIGHT = '60vh'; // spec 03 §9
/** Height of the selected list (spec 03 §9). */
const SELECTED_GRID_HEIGHT = '250px'; // spec 03 §9

/** Props of {@link AddMemberDialog}. */
export interface AddMemberDialogProps {
  readonly links: MemberListLinks;
  /** The keys ({@link memberKey}) of the members already in the access list. */
  readonly present: ReadonlySet<string>;
  /** Called with the picked users and groups when Add is pressed; the dialog closes. */
  readonly onAdd: (picked: readonly PickedMember[]) => void;
  readonly onClose: () => void;
}

/** See the module comment. */
export function AddMemberDialog({ links, present, onAdd, onClose }: AddMemberDialogProps) {
  const [selected, setSelected] = useState<readonly PickedMember[]>([]);
  const [tab, setTab] = useState<'users' | 'groups'>(links.userList ? 'users' : 'groups');
  const chosen = new Set(selected.map(memberKey));
  const toggle = (member: PickedMember, on: boolean) =>
    setSelected((current) =>
      on ? (current.some((m) => memberKey(m) === memberKey(member)) ? current : [...current, member]) : current.filter((m) => memberKey(m) !== memberKey(member)),
    );
  const none = !links.userList && !links.groupList;

  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : onClose())} closeOnInteractOutside={false} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="add-member-dialog">
            <Dialog.Header>
              <Dialog.Title>Add member</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {none ? (
                <Alert.Root status="info" data-testid="add-member-unavailable">
                  <Alert.Indicator />
                  <Alert.Description>Members can only be added by someone who can see users and groups.</Alert.Description>
                </Alert.Root>
              ) : (
                <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="4" alignItems="start">
                  <Tabs.Root value={tab} onValueChange={({ value }) => setTab(value as 'users' | 'groups')} variant="line" size="sm">
                    <Tabs.List>
                      {links.userList && <Tabs.Trigger value="users">Users</Tabs.Trigger>}
                      {links.groupList && <Tabs.Trigger value="groups">Groups</Tabs.Trigger>}
                    </Tabs.List>
                    {links.userList && (
                      <Tabs.Content value="users">
                        <PickerTable<User, UserList>
                          kind="user"
                          listHref={links.userList}
                          load={api.listUsers}
                          noun={['user', 'users']}
                          headers={['Id', 'Display name', 'Organization', 'Description']}
                          cells={(user) => [String(user.id), user.fullName || user.username, user.company, user.description]}
                          toPicked={pickedUser}
                          present={present}
                          chosen={chosen}
                          onToggle={toggle}
                        />
                      </Tabs.Content>
                    )}
                    {links.groupList && (
                      <Tabs.Content value="groups">
                        <PickerTable<Group, GroupList>
                          kind="group"
                          listHref={links.groupList}
                          load={api.listGroups}
                          noun={['group', 'groups']}
                          headers={['Id', 'Name', 'Description']}
                          cells={(group) => [String(group.id), group.name, group.description]}
                          toPicked={pickedGroup}
                          present={present}
                          chosen={chosen}
                          onToggle={toggle}
                        />
                      </Tabs.Content>
                    )}
                  </Tabs.Root>
                  <SelectedList selected={selected} onRemove={(member) => toggle(member, false)} />
                </Grid>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="add-member-cancel">
                Cancel
              </Button>
              <Button
                colorPalette="brand"
                disabled={selected.length === 0}
                onClick={() => {
                  onAdd(selected);
                  onClose();
                }}
                data-testid="add-member-add"
              >
                Add
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A page of a users or groups list (`user-list`, `group-list`). */
interface PickerPage<T> {
  readonly data: readonly T[];
  readonly count: number;
  readonly paging: { readonly first: string; readonly prev: string | null; readonly next: string | null; readonly last: string | null };
}

interface PickerTableProps<T, L extends PickerPage<T>> {
  readonly kind: 'user' | 'group';
  readonly listHref: string;
  /** The client's `listUsers` or `listGroups`: a page for the query, or the page a `paging` link names. */
  readonly load: (href: string, query: { q?: string } | undefined, options: RequestOptions) => Promise<L>;
  readonly noun: readonly [string, string];
  readonly headers: readonly string[];
  readonly cells: (item: T) => readonly string[];
  readonly toPicked: (item: T) => PickedMember;
  readonly present: ReadonlySet<string>;
  readonly chosen: ReadonlySet<string>;
  readonly onToggle: (member: PickedMember, on: boolean) => void;
}

/** One tab's table: the search (sent once it rests 300 ms), the rows with their checkboxes, the paging control. */
function PickerTable<T, L extends PickerPage<T>>({ kind, listHref, load, noun, headers, cells, toPicked, present, chosen, onToggle }: PickerTableProps<T, L>) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState<string | undefined>(undefined);
  const key = page ?? `${listHref}?q=${encodeURIComponent(q)}`;
  const list = useResource<L>(key, (signal) => (page ? load(page, undefined, { signal }) : load(listHref, q ? { q } : undefined, { signal })));
  const plural = noun[1];
  return (
    <Stack gap="2" pt="2" data-testid={`add-member-${kind}s`}>
      <Input
        type="search"
        size="sm"
        aria-label={`Search ${plural}`}
        placeholder={`Search ${plural}`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setPage(undefined);
        }}
        data-testid={`add-member-${kind}-search`}
      />
      {list.status === 'error' && (
        <Alert.Root status="error" data-testid="add-member-error">
          <Alert.Indicator />
          <Alert.Description>{loadErrorText(list.error)}</Alert.Description>
        </Alert.Root>
      )}
      {!list.data && list.status === 'loading' && <LoadingSpinner label={`Loading ${plural}`} />}
      {list.data && (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH={PICKER_GRID_HEIGHT}>
            <Table.Root size="sm" stickyHeader aria-label={plural.charAt(0).toUpperCase() + plural.slice(1)}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="8">
                    <Text srOnly>Selected</Text>
                  </Table.ColumnHeader>
                  {headers.map((header) => (
                    <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.data.map((item) => {
                  const member = toPicked(item);
                  const key = memberKey(member);
                  const inList = present.has(key);
                  return (
                    <Table.Row key={key} data-testid="add-member-row" data-key={key} data-present={inList || undefined}>
                      <Table.Cell>
                        <Checkbox.Root
                          size="sm"
                          checked={inList || chosen.has(key)}
                          disabled={inList}
                          onCheckedChange={({ checked }) => onToggle(member, checked === true)}
                          data-testid="add-member-check"
                        >
                          <Checkbox.HiddenInput aria-label={inList ? `${member.Name} is in the access list` : `Select ${member.Name}`} />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                      {cells(item).map((cell, index) => (
                        <Table.Cell key={headers[index]}>{cell}</Table.Cell>
                      ))}
                    </Table.Row>
                  );
                })}
                {list.data.data.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={headers.length + 1}>
                      <Text color="fg.muted">No {plural} found.</Text>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <PagingBar paging={list.data.paging} count={list.data.count} noun={noun} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

/** The picked users and groups, each removable, under a title with their count (spec 03 §2.12). */
function SelectedList({ selected, onRemove }: { readonly selected: readonly PickedMember[]; readonly onRemove: (member: PickedMember) => void }) {
  return (
    <Box as="section" aria-labelledby="add-member-selected-title" borderWidth="1px" rounded="md" p="3" data-testid="add-member-selected">
      <Text id="add-member-selected-title" fontWeight="medium" mb="2" data-testid="add-member-selected-title">
        Selected ({selected.length})
      </Text>
      {selected.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Tick users or groups to add them.
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" maxH={SELECTED_GRID_HEIGHT} overflowY="auto">
          {selected.map((member) => (
            <HStack as="li" key={memberKey(member)} justify="space-between" gap="2" data-testid="add-member-selected-item">
              <Text fontSize="sm" truncate>
                {member.Name}{' '}
                <Text as="span" color="fg.muted">
                  ({member.MemberType})
                </Text>
              </Text>
              <IconButton size="2xs" variant="ghost" aria-label={`Unselect ${member.Name}`} onClick={() => onRemove(member)}>
                <X aria-hidden="true" />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
