/**
 * The group add/edit form (spec 03 §2.6), a sub-screen of the users-and-groups modal: General (display name,
 * description, SAML name when allowed, default license, member of with a picker, the permission switches of the
 * `groupPermissions` machine), Members (users and groups, each a `memberEditList`), and a delete confirmation.
 *
 * Save runs the `groupSave` machine (spec 03 §4, §5 Group): the display name is required (trimmed); on edit only the
 * changed fields are sent, and nothing when nothing changed; then the membership lists are sent to the (new) group's
 * links. Errors of spec 03 §8 are shown in the form, which stays open.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Field, HStack, Input, NativeSelect, SegmentGroup, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ConfigOptions, Group } from '@magpie/api-types';
import {
  groupPermissionList,
  groupPermissionsMachine,
  groupSaveMachine,
  groupValues,
  type GroupPermissionKey,
  type MemberRef,
  type SavedGroup,
  type SaveGroupInput,
  type SaveGroupMembershipsInput,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { groupSaveErrorText } from './errors.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { FormLoader } from './FormLoader.tsx';
import { MemberListEditor } from './MemberListEditor.tsx';
import { appMemberEditListMachine, hasMemberChanges, saveMemberList } from './memberLists.ts';
import { PermissionSwitches } from './PermissionSwitches.tsx';
import { groupRefs, groupSearch, loadAllMembers, savedGroupLinks, userSearch, type LoadedMembers, type UserManagementLinks } from './usersApi.ts';
import { machineCall } from '../api/requestErrors.ts';

/** Props of {@link GroupForm}. */
export interface GroupFormProps {
  readonly links: UserManagementLinks;
  readonly options: Partial<ConfigOptions>;
  /** The group's href on edit; undefined to add one. */
  readonly href: string | undefined;
  /** Back to the list without saving. */
  readonly onBack: () => void;
  /** Saved or deleted: back to the list, which reloads. */
  readonly onDone: () => void;
}

interface Loaded {
  readonly group: Group | undefined;
  readonly memberOf: MemberRef[];
  readonly users: LoadedMembers;
  readonly groups: LoadedMembers;
}

/** Loads a group (its member-of list and every member), then shows the form ({@link GroupFormBody}). */
async function loadGroup(href: string, signal: AbortSignal): Promise<Loaded> {
  const group = await api.getGroup(href, { signal });
  const [memberOf, users, groups] = await Promise.all([
    api.getMemberOf(group.memberOfHref, { signal }).then(groupRefs),
    loadAllMembers(group.userMembersHref, signal),
    loadAllMembers(group.groupMembersHref, signal),
  ]);
  return { group, memberOf, users, groups };
}

const NO_MEMBERS: LoadedMembers = { members: [], count: 0, cut: false };
const NEW_GROUP = (): Loaded => ({ group: undefined, memberOf: [], users: NO_MEMBERS, groups: NO_MEMBERS });

/** The notice of a member list cut after `MEMBER_PAGES_MAX` pages, or undefined when every member is listed. */
export function cutListNotice(loaded: LoadedMembers, noun: string): string | undefined {
  if (!loaded.cut) return undefined;
  return `Only the first ${loaded.members.length} of ${loaded.count} ${noun} are listed here. The others stay members: adding or removing listed ones leaves them as they are.`;
}

/** The group form: loads the group on edit, then shows {@link GroupFormBody}. */
export function GroupForm(props: GroupFormProps) {
  return (
    <FormLoader href={props.href} load={loadGroup} empty={NEW_GROUP} what="group" testId="group-form" onBack={props.onBack}>
      {(loaded) => <GroupFormBody {...props} loaded={loaded} />}
    </FormLoader>
  );
}

function licenseSelect(
  label: string,
  value: number,
  choices: ConfigOptions['AvailableGroupLicenseTypes'] | undefined,
  onChange: (value: number) => void,
  testId: string,
  disabled: boolean,
) {
  const list = choices && choices.length > 0 ? choices : [{ ValueNumeric: value, Label: String(value) }];
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={String(value)} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
          {list.map((option) => (
            <option key={option.ValueNumeric} value={option.ValueNumeric}>
              {option.Label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function GroupFormBody({ links, options, onBack, onDone, loaded }: GroupFormProps & { readonly loaded: Loaded }) {
  const { group } = loaded;
  const original = groupValues(group);
  const [values, setValues] = useState(original);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [memberTab, setMemberTab] = useState<'users' | 'groups'>('users');
  const canUpdate = group ? group.actions.update : true;
  const canSetSaml = group ? group.actions.updateSAMLGroupName : true;
  const canChangeMemberOf = group ? group.actions.updateMemberships : true;
  const canChangeMembers = group ? group.actions.updateMembers : true;

  const permissions = useActorRef(groupPermissionsMachine, {
    input: { permissions: original.permissions, available: (options.AvailableGroupPermissions ?? []) as GroupPermissionKey[] },
  });
  const ownerHref = group?.href ?? '';
  const memberOf = useActorRef(appMemberEditListMachine, {
    input: { kind: 'memberOf', href: group?.memberOfHref ?? '', ownerHref, members: loaded.memberOf, defaultGroupHrefs: links.defaultGroupHrefs },
  });
  const userMembers = useActorRef(appMemberEditListMachine, {
    input: { kind: 'userMembers', href: group?.userMembersHref ?? '', ownerHref, members: loaded.users.members, defaultGroupHrefs: links.defaultGroupHrefs },
  });
  const groupMembers = useActorRef(appMemberEditListMachine, {
    input: { kind: 'groupMembers', href: group?.groupMembersHref ?? '', ownerHref, members: loaded.groups.members, defaultGroupHrefs: links.defaultGroupHrefs },
  });
  const saver = useActorRef(
    groupSaveMachine.provide({
      actors: {
        save: fromPromise<SavedGroup, SaveGroupInput>(async ({ input }) =>
          savedGroupLinks(await machineCall(() => (input.mode === 'add' ? api.createGroup(input.listHref, input.body) : api.updateGroup(input.href, input.patch)))),
        ),
        // spec 03 §4: each list's own PATCH, to the (new) group's links; a failure keeps that list's §8 message.
        saveMemberships: fromPromise<unknown, SaveGroupMembershipsInput>(async ({ input: { saved } }) => {
          await saveMemberList(memberOf, saved.memberOfHref);
          await saveMemberList(userMembers, saved.userMembersHref);
          await saveMemberList(groupMembers, saved.groupMembersHref);
        }),
      },
    }),
    { input: group ? { mode: 'edit', saved: savedGroupLinks(group), original } : { mode: 'add', listHref: links.groupList } },
  );
  const state = useSelector(saver, (s) => ({ value: s.value, problems: s.context.problems, error: s.context.error, done: s.status === 'done' }));
  useEffect(() => {
    if (state.done) onDone();
  }, [state.done, onDone]);
  const busy = state.value === 'saving' || state.value === 'savingMemberships';
  const problems = state.problems;
  const error = deleteError ?? state.error;

  const searchGroups = useMemo(() => groupSearch(links.groupList), [links.groupList]);
  const searchUsers = useMemo(() => userSearch(links.userList), [links.userList]);

  const save = () => {
    setDeleteError(undefined);
    saver.send({
      type: 'SAVE',
      values: {
        ...values,
        // A caller who may not set the SAML name leaves it as it was, so it is never sent.
        samlGroupName: canSetSaml ? values.samlGroupName : original.samlGroupName,
        permissions: groupPermissionList(permissions.getSnapshot().context.permissions),
      },
      membershipsChanged: [memberOf, userMembers, groupMembers].some(hasMemberChanges),
    });
  };

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const nameInvalid = problems.length > 0;

  return (
    <Stack gap="4" data-testid="group-form" data-mode={group ? 'edit' : 'add'} data-state={String(state.value)}>
      {(problems.length > 0 || error) && (
        <Alert.Root status="error" data-testid="group-form-problems" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {[...problems, ...(error ? [error] : [])].map((message) => (
              <Alert.Description key={message} data-testid="group-form-problem">
                {message}
              </Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <Tabs.Root defaultValue="general" variant="enclosed" lazyMount={false}>
        <Tabs.List>
          <Tabs.Trigger value="general">General</Tabs.Trigger>
          <Tabs.Trigger value="members" data-testid="group-members-tab">
            Members
          </Tabs.Trigger>
          <Tabs.Trigger value="properties">Custom properties</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
          <Stack gap="4">
            <Stack gap="3" as="section" aria-label="Identification">
              <Field.Root required invalid={nameInvalid} disabled={!canUpdate}>
                <Field.Label>
                  Display name <Field.RequiredIndicator />
                </Field.Label>
                <Input value={values.name} onChange={(e) => set('name', e.target.value)} data-testid="group-name" maxLength={100} />
              </Field.Root>
              <Field.Root disabled={!canUpdate}>
                <Field.Label>Description</Field.Label>
                <Textarea value={values.description} onChange={(e) => set('description', e.target.value)} data-testid="group-description" rows={2} />
              </Field.Root>
              {canSetSaml && (
                <Field.Root disabled={!canUpdate}>
                  <Field.Label>SAML group name</Field.Label>
                  <Input value={values.samlGroupName} onChange={(e) => set('samlGroupName', e.target.value)} data-testid="group-saml" />
                </Field.Root>
              )}
            </Stack>
            <HStack as="section" aria-label="Licensing" gap="3" align="end">
              {licenseSelect('Default license', values.defaultLevel, options.AvailableGroupLicenseTypes, (v) => set('defaultLevel', v), 'group-license-level', !canUpdate)}
              {(options.AvailableGroupLicenseModes?.length ?? 0) > 1 &&
                licenseSelect(
                  'Default concurrency',
                  values.defaultConcurrencyMode,
                  options.AvailableGroupLicenseModes,
                  (v) => set('defaultConcurrencyMode', v),
                  'group-license-mode',
                  !canUpdate,
                )}
            </HStack>
            <Box as="section" aria-label="Access">
              <MemberListEditor
                actor={memberOf}
                label="Member of"
                searchLabel="Find a group to join"
                addLabel="Add to groups"
                search={searchGroups}
                editable={canChangeMemberOf && !busy}
                testId="group-member-of"
              />
            </Box>
            <Box as="section" aria-label="Security permissions">
              <Text as="h3" fontWeight="semibold" mb="2">
                Security permissions
              </Text>
              <PermissionSwitches actor={permissions} readOnly={!canUpdate || busy} />
            </Box>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="members">
          <SegmentGroup.Root size="sm" value={memberTab} onValueChange={(e) => setMemberTab(e.value === 'groups' ? 'groups' : 'users')} mb="3" aria-label="Member type">
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'users', label: 'Users' },
                { value: 'groups', label: 'Groups' },
              ]}
            />
          </SegmentGroup.Root>
          <Box display={memberTab === 'users' ? 'block' : 'none'}>
            <MemberListEditor
              actor={userMembers}
              label="Users"
              searchLabel="Find users to add"
              addLabel="Add members"
              search={searchUsers}
              editable={canChangeMembers && !busy}
              notice={cutListNotice(loaded.users, 'users')}
              testId="group-user-members"
            />
          </Box>
          <Box display={memberTab === 'groups' ? 'block' : 'none'}>
            <MemberListEditor
              actor={groupMembers}
              label="Groups"
              searchLabel="Find groups to add"
              addLabel="Add members"
              search={searchGroups}
              editable={canChangeMembers && !busy}
              notice={cutListNotice(loaded.groups, 'groups')}
              testId="group-group-members"
            />
          </Box>
        </Tabs.Content>
        <Tabs.Content value="properties">
          <PropertyBagEditor rows={values.propertyBag} onChange={(rows) => set('propertyBag', rows)} disabled={!canUpdate || busy} testId="group-properties" />
        </Tabs.Content>
      </Tabs.Root>
      <HStack justify="space-between">
        <Box>
          {group?.actions.delete && (
            <Button colorPalette="red" variant="outline" onClick={() => setConfirmDelete(true)} disabled={busy} data-testid="group-delete">
              Delete group
            </Button>
          )}
        </Box>
        <HStack>
          <Button variant="outline" onClick={onBack} disabled={busy} data-testid="group-cancel">
            Cancel
          </Button>
          <Button colorPalette="blue" onClick={save} loading={busy} data-testid="group-save">
            Save
          </Button>
        </HStack>
      </HStack>
      {group && (
        <ConfirmDialog
          open={confirmDelete}
          title="Delete group"
          confirmLabel="Delete"
          onClose={() => setConfirmDelete(false)}
          action={async () => {
            await api.deleteGroup(group.href);
            onDone();
          }}
          onFailed={(failure) => setDeleteError(groupSaveErrorText(failure))}
          testId="group-delete-confirm"
        >
          <Text>
            Delete the group <strong>{group.name}</strong>? Its members lose the permissions it gives.
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** Props of {@link PropertyBagEditor}. */
export interface PropertyBagEditorProps {
  readonly rows: readonly { readonly key: string; readonly value: string }[];
  readonly onChange: (rows: { key: string; value: string }[]) => void;
  readonly disabled: boolean;
  readonly testId: string;
}

/** The custom properties grid (spec 03 §2.6, §2.7): key/value rows and an add row; empty rows are dropped on save. */
export function PropertyBagEditor({ rows, onChange, disabled, testId }: PropertyBagEditorProps) {
  const update = (index: number, field: 'key' | 'value', text: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [field]: text } : { ...row })));
  return (
    <Stack gap="2" data-testid={testId}>
      {rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No custom properties.
        </Text>
      )}
      {rows.map((row, index) => (
        <HStack key={index}>
          <Input size="sm" aria-label={`Property ${index + 1} key`} value={row.key} onChange={(e) => update(index, 'key', e.target.value)} disabled={disabled} />
          <Input size="sm" aria-label={`Property ${index + 1} value`} value={row.value} onChange={(e) => update(index, 'value', e.target.value)} disabled={disabled} />
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Remove property ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index).map((r) => ({ ...r })))}
            disabled={disabled}
          >
            Remove
          </Button>
        </HStack>
      ))}
      <Button size="xs" variant="outline" alignSelf="start" onClick={() => onChange([...rows.map((r) => ({ ...r })), { key: '', value: '' }])} disabled={disabled}>
        Add property
      </Button>
    </Stack>
  );
}
