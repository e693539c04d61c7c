/**
 * The group add/edit form (spec 03 §2.6), a sub-screen of the users-and-groups modal: General (display name,
 * description, SAML name when allowed, default license, member of with a picker, the permission switches of the
 * `groupPermissions` machine), Members (users and groups, each a `memberEditList`), and a delete confirmation.
 *
 * Save (spec 03 §4, §5 Group): the display name is required (trimmed); on edit only the changed fields are sent, and
 * nothing when nothing changed; then the membership lists are sent to the (new) group's links. Errors of spec 03 §8
 * are shown in the form, which stays open.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, Field, HStack, Input, NativeSelect, Portal, SegmentGroup, Spinner, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import type { ConfigOptions, Group, GroupCreate } from '@magpie/api-types';
import { groupPermissionList, groupPermissionsMachine, type GroupPermissionKey, type MemberRef } from '@magpie/machines';
import { api, isAbort } from '../api/client.ts';
import { groupSaveErrorText, loadErrorText } from './errors.ts';
import { MemberListEditor } from './MemberListEditor.tsx';
import { appMemberEditListMachine, saveMemberList } from './memberLists.ts';
import { PermissionSwitches } from './PermissionSwitches.tsx';
import { groupBody, groupProblems, groupRef, groupRefs, groupValues, loadAllMembers, userRef, type UserManagementLinks } from './usersApi.ts';

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
  readonly users: MemberRef[];
  readonly groups: MemberRef[];
}

/** Loads the group and its lists, then shows {@link GroupFormBody}. */
export function GroupForm(props: GroupFormProps) {
  const { href } = props;
  const [loaded, setLoaded] = useState<Loaded | { error: string } | undefined>(href ? undefined : { group: undefined, memberOf: [], users: [], groups: [] });
  useEffect(() => {
    if (!href) return;
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const group = await api.getGroup(href, { signal });
      const [memberOf, users, groups] = await Promise.all([
        api.getMemberOf(group.memberOfHref, { signal }).then(groupRefs),
        loadAllMembers(group.userMembersHref, signal),
        loadAllMembers(group.groupMembersHref, signal),
      ]);
      setLoaded({ group, memberOf, users, groups });
    })().catch((error: unknown) => {
      if (!isAbort(error)) setLoaded({ error: loadErrorText(error) });
    });
    return () => controller.abort();
  }, [href]);
  if (!loaded) return <Spinner aria-label="Loading the group" data-testid="group-form-loading" />;
  if ('error' in loaded) {
    return (
      <Stack>
        <Alert.Root status="error" data-testid="group-form-error">
          <Alert.Indicator />
          <Alert.Description>{loaded.error}</Alert.Description>
        </Alert.Root>
        <Button alignSelf="start" variant="outline" onClick={props.onBack}>
          Back
        </Button>
      </Stack>
    );
  }
  return <GroupFormBody {...props} loaded={loaded} />;
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
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
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
    input: { kind: 'userMembers', href: group?.userMembersHref ?? '', ownerHref, members: loaded.users, defaultGroupHrefs: links.defaultGroupHrefs },
  });
  const groupMembers = useActorRef(appMemberEditListMachine, {
    input: { kind: 'groupMembers', href: group?.groupMembersHref ?? '', ownerHref, members: loaded.groups, defaultGroupHrefs: links.defaultGroupHrefs },
  });

  const searchGroups = useCallback(async (q: string, signal: AbortSignal) => (await api.listGroups(links.groupList, { q }, { signal })).data.map(groupRef), [links.groupList]);
  const searchUsers = useCallback(async (q: string, signal: AbortSignal) => (await api.listUsers(links.userList, { q }, { signal })).data.map(userRef), [links.userList]);

  const save = async () => {
    const next = { ...values, permissions: groupPermissionList(permissions.getSnapshot().context.permissions) };
    const found = groupProblems(next);
    setProblems(found);
    setError(undefined);
    if (found.length > 0) return;
    setBusy(true);
    try {
      let saved = group;
      try {
        const body = groupBody(next, group ? original : undefined, canSetSaml);
        if (!group) saved = await api.createGroup(links.groupList, { ...(body as GroupCreate), name: next.name.trim() });
        else if (Object.keys(body).length > 0) saved = await api.updateGroup(group.href, body);
      } catch (failure) {
        setError(groupSaveErrorText(failure));
        return;
      }
      // spec 03 §4: membership changes go after the group itself is saved, to the saved group's links.
      await saveMemberList(memberOf, saved?.memberOfHref);
      await saveMemberList(userMembers, saved?.userMembersHref);
      await saveMemberList(groupMembers, saved?.groupMembersHref);
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : groupSaveErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!group) return;
    setBusy(true);
    try {
      await api.deleteGroup(group.href);
      setConfirmDelete(false);
      onDone();
    } catch (failure) {
      setConfirmDelete(false);
      setError(groupSaveErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const nameInvalid = problems.length > 0;

  return (
    <Stack gap="4" data-testid="group-form" data-mode={group ? 'edit' : 'add'}>
      {(problems.length > 0 || error) && (
        <Alert.Root status="error" data-testid="group-form-problems" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {[...problems, ...(error ? [error] : [])].map((message) => (
              <Alert.Description key={message}>{message}</Alert.Description>
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
              search={searchUsers}
              editable={canChangeMembers && !busy}
              testId="group-user-members"
            />
          </Box>
          <Box display={memberTab === 'groups' ? 'block' : 'none'}>
            <MemberListEditor
              actor={groupMembers}
              label="Groups"
              searchLabel="Find groups to add"
              search={searchGroups}
              editable={canChangeMembers && !busy}
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
          <Button colorPalette="blue" onClick={() => void save()} loading={busy} data-testid="group-save">
            Save
          </Button>
        </HStack>
      </HStack>
      {group && (
        <ConfirmDialog
          open={confirmDelete}
          title="Delete group"
          confirmLabel="Delete"
          busy={busy}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
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

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly confirmLabel: string;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  readonly testId: string;
  readonly children: React.ReactNode;
}

/** A confirmation over the modal (spec 03 §2.6 delete confirmation, §2.8). */
export function ConfirmDialog({ open, title, confirmLabel, busy, onCancel, onConfirm, testId, children }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onCancel())} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} data-testid={`${testId}-ok`}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
