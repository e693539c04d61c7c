/**
 * The user add/edit form (spec 03 §2.7), a sub-screen of the users-and-groups modal: General (user information,
 * password twice, access with the group memberships of a `memberEditList`, licensing), Details and Custom
 * properties. Saving runs the `userSave` machine (spec 03 §4, §5): the problems shown together, only changed
 * fields sent, the group changes after the user save, the §8 errors in the form.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Switch, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ConfigOptions, LicenseOption, User } from '@magpie/api-types';
import {
  newUserValues,
  parseDiscount,
  passwordPlaceholder,
  USER_DETAIL_FIELDS,
  userSaveMachine,
  userValues,
  type MemberRef,
  type SaveMembershipsInput,
  type SaveUserInput,
  type SaveUserOutput,
  type UserDetailField,
  type UserFormField,
  type UserFormValues,
} from '@magpie/machines';
import { PAYMENT_METHODS } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { PropertyBagEditor } from './GroupForm.tsx';
import { DeviceTokenReset } from './DeviceTokenReset.tsx';
import { FormLoader } from './FormLoader.tsx';
import { formatDay } from '../lib/format.ts';
import { MemberListEditor } from './MemberListEditor.tsx';
import { appMemberEditListMachine, hasMemberChanges, saveMemberList } from './memberLists.ts';
import { groupRefs, groupSearch, type UserManagementLinks } from './usersApi.ts';
import { machineCall } from '../api/requestErrors.ts';

/** Props of {@link UserForm}. */
export interface UserFormProps {
  readonly links: UserManagementLinks;
  readonly options: Partial<ConfigOptions>;
  /** The user's href on edit; undefined to add one. */
  readonly href: string | undefined;
  readonly onBack: () => void;
  readonly onDone: () => void;
}

interface Loaded {
  readonly user: User | undefined;
  readonly groups: MemberRef[];
  readonly original: UserFormValues;
}

/** Loads a user and the groups they are in, with the form's starting values (the password placeholder of §3.1). */
async function loadUser(href: string, signal: AbortSignal): Promise<Loaded> {
  const user = await api.getUser(href, { signal });
  const groups = groupRefs(await api.getMemberOf(user.memberOfHref, { signal }));
  return { user, groups, original: userValues(user, passwordPlaceholder()) };
}

const NEW_USER = (): Loaded => ({ user: undefined, groups: [], original: newUserValues() });

/** The user form: loads the user on edit, then shows {@link UserFormBody}. */
export function UserForm(props: UserFormProps) {
  return (
    <FormLoader href={props.href} load={loadUser} empty={NEW_USER} what="user" testId="user-form" onBack={props.onBack}>
      {(loaded) => <UserFormBody {...props} loaded={loaded} />}
    </FormLoader>
  );
}

const DETAIL_LABELS: Record<UserDetailField, string> = {
  title: 'Title',
  initial: 'Initials',
  streetAddress: 'Street address',
  streetAddress1: 'Street address 1',
  streetAddress2: 'Street address 2',
  streetAddress3: 'Street address 3',
  streetAddress4: 'Street address 4',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  country: 'Country',
  phone: 'Phone',
  fax: 'Fax',
  homepage: 'Home page',
  profession: 'Profession',
  businessType: 'Business type',
};

function Select({
  label,
  value,
  choices,
  onChange,
  testId,
  disabled,
}: {
  label: string;
  value: number;
  choices: readonly LicenseOption[];
  onChange: (v: number) => void;
  testId: string;
  disabled: boolean;
}) {
  const list = choices.some((c) => c.ValueNumeric === value) ? choices : [...choices, { ValueNumeric: value, Label: String(value) }];
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={String(value)} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
          {list.map((o) => (
            <option key={o.ValueNumeric} value={o.ValueNumeric}>
              {o.Label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A field shown as read-only text (spec 03 §2.7): its label and value, or `empty` (muted) when there is none. */
function ReadOnly({ label, value, empty, testId }: { readonly label: string; readonly value: string | undefined; readonly empty: string; readonly testId: string }) {
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Text data-testid={testId} data-readonly="true" color={value ? undefined : 'fg.muted'}>
        {value ?? empty}
      </Text>
    </Stack>
  );
}

/** The date part of an ISO instant for `<input type="date">`, and back (midnight UTC). */
const toDateInput = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const fromDateInput = (day: string) => (day ? `${day}T00:00:00.000Z` : null);

function UserFormBody({ links, options, onBack, onDone, loaded }: UserFormProps & { readonly loaded: Loaded }) {
  const { user, original } = loaded;
  const [values, setValues] = useState<UserFormValues>(original);
  const [discountText, setDiscountText] = useState(String(original.discount));
  const actions = user?.actions;
  const can = {
    update: actions ? actions.update : true,
    status: actions ? actions.updateAccountStatus : true,
    license: actions ? actions.updateLicense : true,
    memberships: actions ? actions.updateMemberships : true,
    password: actions ? actions.updatePassword : true,
  };

  const memberships = useActorRef(appMemberEditListMachine, {
    input: { kind: 'memberOf', href: user?.memberOfHref ?? '', ownerHref: user?.href ?? '', members: loaded.groups, defaultGroupHrefs: links.defaultGroupHrefs },
  });
  const saver = useActorRef(
    userSaveMachine.provide({
      actors: {
        save: fromPromise<SaveUserOutput, SaveUserInput>(async ({ input }) => {
          const saved = await machineCall(() => (input.mode === 'add' ? api.createUser(input.listHref, input.body) : api.updateUser(input.href, input.patch)));
          return { href: saved.href, memberOfHref: saved.memberOfHref };
        }),
        // spec 03 §4: the list's own PATCH, to the (new) user's memberOfHref; its failure keeps its §8 message.
        saveMemberships: fromPromise<unknown, SaveMembershipsInput>(({ input }) => saveMemberList(memberships, input.saved.memberOfHref)),
      },
    }),
    { input: user ? { mode: 'edit', saved: { href: user.href, memberOfHref: user.memberOfHref }, original } : { mode: 'add', listHref: links.userList } },
  );
  const state = useSelector(saver, (s) => ({ value: s.value, problems: s.context.problems, error: s.context.error, done: s.status === 'done' }));
  const busy = state.value === 'saving' || state.value === 'savingMemberships';
  useEffect(() => {
    if (state.done) onDone();
  }, [state.done, onDone]);

  const searchGroups = useMemo(() => groupSearch(links.groupList), [links.groupList]);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const invalid = (field: UserFormField) => state.problems.some((p) => p.field === field);
  const messages = [...state.problems.map((p) => p.message), ...(state.error ? [state.error] : [])];

  const save = () => saver.send({ type: 'SAVE', values: { ...values, discount: parseDiscount(discountText) }, membershipsChanged: hasMemberChanges(memberships) });

  // spec 03 §2.7: a field whose action is not allowed is read-only text, or "Not set" when empty.
  const text = (field: 'username' | 'firstName' | 'lastName' | 'email' | 'company', label: string, required: boolean, disabled: boolean, type = 'text') =>
    disabled ? (
      <ReadOnly label={label} value={values[field] || undefined} empty="Not set" testId={`user-${field}`} />
    ) : (
      <Field.Root required={required} invalid={field !== 'company' && invalid(field)}>
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input type={type} value={values[field]} onChange={(e) => set(field, e.target.value)} data-testid={`user-${field}`} autoComplete="off" />
      </Field.Root>
    );
  const licenseModes = options.AvailableUserLicenseModes ?? [];

  return (
    <Stack gap="4" data-testid="user-form" data-mode={user ? 'edit' : 'add'} data-state={String(state.value)}>
      {messages.length > 0 && (
        <Alert.Root status="error" data-testid="user-form-problems" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {messages.map((message) => (
              <Alert.Description key={message} data-testid="user-form-problem">
                {message}
              </Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <Tabs.Root defaultValue="general" variant="enclosed">
        <Tabs.List>
          <Tabs.Trigger value="general">General</Tabs.Trigger>
          {can.update && <Tabs.Trigger value="details">Details</Tabs.Trigger>}
          <Tabs.Trigger value="properties">Custom properties</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
          <Stack gap="5">
            <SimpleGrid as="section" aria-label="User information" columns={{ base: 1, md: 2 }} gap="3">
              {text('username', 'Username', true, !can.update)}
              {text('email', 'Email', true, !can.update, 'email')}
              {text('firstName', 'First name', true, !can.update)}
              {text('lastName', 'Last name', true, !can.update)}
              {text('company', 'Company', false, !can.update)}
            </SimpleGrid>
            <Box as="section" aria-label="Authentication">
              {can.password ? (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  <Field.Root required invalid={invalid('password')}>
                    <Field.Label>
                      Password <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} data-testid="user-password" />
                  </Field.Root>
                  <Field.Root required invalid={invalid('confirmPassword')}>
                    <Field.Label>
                      Confirm password <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="password"
                      autoComplete="new-password"
                      value={values.confirmPassword}
                      onChange={(e) => set('confirmPassword', e.target.value)}
                      data-testid="user-confirm-password"
                    />
                  </Field.Root>
                </SimpleGrid>
              ) : (
                <Text color="fg.muted" fontSize="sm" data-testid="user-password-not-allowed">
                  You cannot set this user&apos;s password.
                </Text>
              )}
            </Box>
            <Stack as="section" aria-label="Access" gap="3">
              <HStack gap="6" wrap="wrap" align="end">
                {can.status ? (
                  <Switch.Root checked={values.isEnabled} onCheckedChange={({ checked }) => set('isEnabled', checked)} data-testid="user-enabled">
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Enabled</Switch.Label>
                  </Switch.Root>
                ) : (
                  <ReadOnly label="Enabled" value={values.isEnabled ? 'Yes' : 'No'} empty="Not set" testId="user-enabled" />
                )}
                {can.status ? (
                  <Field.Root disabled={!values.isEnabled} maxW="12rem">
                    <Field.Label>Expires</Field.Label>
                    <Input type="date" size="sm" value={toDateInput(values.expires)} onChange={(e) => set('expires', fromDateInput(e.target.value))} data-testid="user-expires" />
                    <Field.HelperText>{values.expires ? '' : 'Never'}</Field.HelperText>
                  </Field.Root>
                ) : (
                  <ReadOnly label="Expires" value={values.expires ? formatDay(values.expires) : undefined} empty="Never" testId="user-expires" />
                )}
                {user && (
                  <Switch.Root
                    checked={values.forcePasswordChange}
                    onCheckedChange={({ checked }) => set('forcePasswordChange', checked)}
                    disabled={!can.password}
                    data-testid="user-force-password-change"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Must change password at next login</Switch.Label>
                  </Switch.Root>
                )}
                {!user && (
                  <Switch.Root checked={values.forcePasswordChange} onCheckedChange={({ checked }) => set('forcePasswordChange', checked)} data-testid="user-force-password-change">
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Must change password at first login</Switch.Label>
                  </Switch.Root>
                )}
                {user?.actions.resetDeviceTokens && <DeviceTokenReset href={user.deviceTokensHref} />}
              </HStack>
              <MemberListEditor
                actor={memberships}
                label="Group memberships"
                searchLabel="Find a group to add"
                addLabel="Add to groups"
                search={searchGroups}
                editable={can.memberships && !busy}
                testId="user-groups"
              />
            </Stack>
            {can.license && (
              <HStack as="section" aria-label="Licensing" gap="3" align="end">
                <Select
                  label="License"
                  value={values.licenseLevel}
                  choices={options.AvailableUserLicenseTypes ?? []}
                  onChange={(v) => set('licenseLevel', v)}
                  testId="user-license-level"
                  disabled={busy}
                />
                {licenseModes.length > 1 && (
                  <Select
                    label="Concurrency"
                    value={values.licenseMode}
                    choices={licenseModes}
                    onChange={(v) => set('licenseMode', v)}
                    testId="user-license-mode"
                    disabled={busy}
                  />
                )}
              </HStack>
            )}
          </Stack>
        </Tabs.Content>
        {can.update && (
          <Tabs.Content value="details">
            <Stack gap="3">
              <Field.Root>
                <Field.Label>Description</Field.Label>
                <Textarea rows={2} value={values.description} onChange={(e) => set('description', e.target.value)} data-testid="user-description" />
              </Field.Root>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {USER_DETAIL_FIELDS.map((field) => (
                  <Field.Root key={field}>
                    <Field.Label>{DETAIL_LABELS[field]}</Field.Label>
                    <Input size="sm" value={values.details[field]} onChange={(e) => set('details', { ...values.details, [field]: e.target.value })} />
                  </Field.Root>
                ))}
                <Select
                  label="Payment"
                  value={values.paymentMethod}
                  choices={PAYMENT_METHODS}
                  onChange={(v) => set('paymentMethod', v as UserFormValues['paymentMethod'])}
                  testId="user-payment"
                  disabled={busy}
                />
                <Field.Root>
                  <Field.Label>Account id</Field.Label>
                  <Input size="sm" maxLength={200} value={values.accountId} onChange={(e) => set('accountId', e.target.value)} data-testid="user-accountId" />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Category</Field.Label>
                  <Input size="sm" maxLength={200} value={values.category} onChange={(e) => set('category', e.target.value)} data-testid="user-category" />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Discount (%)</Field.Label>
                  <Input
                    size="sm"
                    inputMode="decimal"
                    value={discountText}
                    onChange={(e) => setDiscountText(e.target.value)}
                    onBlur={() => setDiscountText(String(parseDiscount(discountText)))}
                  />
                </Field.Root>
              </SimpleGrid>
            </Stack>
          </Tabs.Content>
        )}
        <Tabs.Content value="properties">
          <PropertyBagEditor rows={values.propertyBag} onChange={(rows) => set('propertyBag', rows)} disabled={!can.update || busy} testId="user-properties" />
        </Tabs.Content>
      </Tabs.Root>
      <HStack justify="end">
        <Button variant="outline" onClick={onBack} disabled={busy} data-testid="user-cancel">
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={save} loading={busy} data-testid="user-save">
          Save
        </Button>
      </HStack>
    </Stack>
  );
}
