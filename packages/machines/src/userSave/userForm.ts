/**
 * The user form's values and its pure rules (spec 03 §2.7 User edit form, §3.1 User and new-user defaults, §5 "User
 * save"): the values a form starts with, the validation messages collected together, and the request bodies: the
 * whole user on add, only the changed fields on edit.
 */
import { NEW_USER_DEFAULTS, USER_ADDRESS_DETAIL_FIELDS, passwordProblem, type User, type UserCreate, type UserUpdate } from '@magpie/api-types';

/** The address fields of the Details tab (spec 03 §2.7 Details, §3.1 address): the contract's one list. */
export const USER_DETAIL_FIELDS = USER_ADDRESS_DETAIL_FIELDS;

/** One field of {@link USER_DETAIL_FIELDS}. */
export type UserDetailField = (typeof USER_DETAIL_FIELDS)[number];

/** A custom property row of the property bag editor (spec 03 §3.1 propertyBag). */
export interface PropertyRow {
  readonly key: string;
  readonly value: string;
}

/**
 * What the user form edits (spec 03 §2.7). `expires` is an ISO date-time or null (never); `password` and
 * `confirmPassword` are the form's (on edit both start as a random 32-character placeholder, spec 03 §3.1, §9, and
 * only a different value sets a password); `details` are the Details tab's address fields.
 */
export interface UserFormValues {
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly company: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly isEnabled: boolean;
  readonly expires: string | null;
  readonly forcePasswordChange: boolean;
  readonly licenseLevel: number;
  readonly licenseMode: number;
  readonly description: string;
  readonly details: Readonly<Record<UserDetailField, string>>;
  readonly accountId: string;
  readonly category: string;
  readonly paymentMethod: number;
  readonly discount: number;
  readonly propertyBag: readonly PropertyRow[];
}

/** Random password length on edit (spec 03 §9). */
export const PASSWORD_PLACEHOLDER_LENGTH = 32;

/** A random 32-character value for the password fields on edit (spec 03 §3.1): never sent unless changed. */
export function passwordPlaceholder(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: PASSWORD_PLACEHOLDER_LENGTH }, () => alphabet[Math.floor(random() * alphabet.length)] ?? 'x').join('');
}

const emptyDetails = (): Record<UserDetailField, string> => Object.fromEntries(USER_DETAIL_FIELDS.map((field) => [field, ''])) as Record<UserDetailField, string>;

/** The add form's values: empty names, the new-user defaults of spec 03 §3.1/§9 (api-types `NEW_USER_DEFAULTS`). */
export function newUserValues(): UserFormValues {
  return {
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    company: '',
    password: '',
    confirmPassword: '',
    isEnabled: NEW_USER_DEFAULTS.account.isEnabled,
    expires: NEW_USER_DEFAULTS.account.expires,
    forcePasswordChange: NEW_USER_DEFAULTS.account.forcePasswordChange,
    licenseLevel: NEW_USER_DEFAULTS.license.level,
    licenseMode: NEW_USER_DEFAULTS.license.mode,
    description: '',
    details: emptyDetails(),
    accountId: NEW_USER_DEFAULTS.commerce.accountId,
    category: NEW_USER_DEFAULTS.commerce.category,
    paymentMethod: NEW_USER_DEFAULTS.commerce.paymentMethod,
    discount: NEW_USER_DEFAULTS.commerce.discount,
    propertyBag: [],
  };
}

/** The edit form's values of `user` (admin view), with `placeholder` in both password fields. */
export function userValues(user: User, placeholder: string): UserFormValues {
  const details = emptyDetails();
  for (const field of USER_DETAIL_FIELDS) details[field] = user.address[field] ?? '';
  return {
    username: user.username,
    firstName: user.address.firstName,
    lastName: user.address.lastName,
    email: user.address.email,
    company: user.address.organization,
    password: placeholder,
    confirmPassword: placeholder,
    isEnabled: user.account.isEnabled,
    expires: user.account.expires,
    forcePasswordChange: user.account.forcePasswordChange,
    licenseLevel: user.license.level,
    licenseMode: user.license.mode,
    description: user.description,
    details,
    accountId: user.commerce.accountId,
    category: user.commerce.category,
    paymentMethod: user.commerce.paymentMethod,
    discount: user.commerce.discount,
    propertyBag: user.propertyBag.map(({ key, value }) => ({ key, value })),
  };
}

/** The labels the required-field messages name (spec 03 §5). */
export const USER_FIELD_LABELS = {
  username: 'Username',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
} as const;

/** A field the form marks invalid (spec 03 §5 "Invalid marking exists for the required names, email, password and confirmation"). */
export type UserFormField = keyof typeof USER_FIELD_LABELS;

/** One validation problem: the field it marks and the message shown. */
export interface UserFormProblem {
  readonly field: UserFormField;
  readonly message: string;
}

/** The required-field message naming `label` (spec 03 §5; the text is not given verbatim). */
export const requiredMessage = (label: string): string => `${label} is required.`;
/** spec 03 §5 "email not valid". */
export const EMAIL_INVALID_MESSAGE = 'The email address is not valid.';
/** spec 03 §5 "password mismatch". */
export const PASSWORD_MISMATCH_MESSAGE = 'The passwords do not match.';

// One @, no spaces, a dot in the domain: what the DAM's `format: email` accepts in practice (RFC 5321 is wider).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * True when the form sets a password: always on add, on edit only when the password differs from the placeholder
 * it started with (spec 03 §3.1).
 */
export function isSettingPassword(values: UserFormValues, original: UserFormValues | undefined): boolean {
  return original === undefined || values.password !== original.password || values.confirmPassword !== original.confirmPassword;
}

/**
 * Every problem of spec 03 §5 "User save", collected together (they are shown together and block the save):
 * blank username, first name, last name or email (trimmed), an invalid email, and when a password is set a blank
 * password, a mismatch with its confirmation, or a password the DAM would refuse (`passwordProblem`,
 * `PASSWORD_RULES`). `original` is the edit form's starting values (undefined on add).
 */
export function userFormProblems(values: UserFormValues, original: UserFormValues | undefined): UserFormProblem[] {
  const problems: UserFormProblem[] = [];
  const required = (field: 'username' | 'firstName' | 'lastName' | 'email') => {
    if (values[field].trim() === '') problems.push({ field, message: requiredMessage(USER_FIELD_LABELS[field]) });
  };
  required('username');
  required('firstName');
  required('lastName');
  required('email');
  const email = values.email.trim();
  if (email !== '' && !EMAIL_PATTERN.test(email)) problems.push({ field: 'email', message: EMAIL_INVALID_MESSAGE });
  if (isSettingPassword(values, original)) {
    if (values.password === '') problems.push({ field: 'password', message: requiredMessage(USER_FIELD_LABELS.password) });
    else if (values.password !== values.confirmPassword) problems.push({ field: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE });
    else {
      const weak = passwordProblem(values.password, values.username);
      if (weak) problems.push({ field: 'password', message: weak });
    }
  }
  return problems;
}

/** Custom properties with an empty key or value are dropped (spec 03 §5 Group; the same editor on the user form). */
export function keptProperties(rows: readonly PropertyRow[]): PropertyRow[] {
  return rows.map(({ key, value }) => ({ key: key.trim(), value })).filter(({ key, value }) => key !== '' && value.trim() !== '');
}

const sameProperties = (a: readonly PropertyRow[], b: readonly PropertyRow[]) => JSON.stringify(keptProperties(a)) === JSON.stringify(keptProperties(b));

/** The body of creating the user (spec 03 §7 POST user list href): everything, names trimmed. */
export function userCreateBody(values: UserFormValues): UserCreate {
  const address: Record<string, string> = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
  if (values.company.trim() !== '') address['organization'] = values.company.trim();
  for (const field of USER_DETAIL_FIELDS) if (values.details[field].trim() !== '') address[field] = values.details[field].trim();
  return {
    username: values.username.trim(),
    description: values.description.trim(),
    address: address as UserCreate['address'],
    account: { password: values.password, isEnabled: values.isEnabled, expires: values.expires, forcePasswordChange: values.forcePasswordChange },
    license: { level: values.licenseLevel, mode: values.licenseMode } as UserCreate['license'],
    commerce: { accountId: values.accountId.trim(), category: values.category.trim(), paymentMethod: values.paymentMethod, discount: values.discount } as UserCreate['commerce'],
    propertyBag: keptProperties(values.propertyBag),
  };
}

/**
 * The PATCH body of an edit (spec 03 §4, §5): only the fields that differ from `original`, after trimming the
 * username, names and email; the password only when one is set. An empty object means nothing changed (no call).
 */
export function userPatch(original: UserFormValues, values: UserFormValues): UserUpdate {
  const patch: { -readonly [K in keyof UserUpdate]: UserUpdate[K] } = {};
  const address: Record<string, string> = {};
  const account: NonNullable<UserUpdate['account']> = {};
  const trimmedChange = (before: string, after: string) => (after.trim() !== before.trim() ? after.trim() : undefined);
  const username = trimmedChange(original.username, values.username);
  if (username !== undefined) patch.username = username;
  for (const [field, before, after] of [
    ['firstName', original.firstName, values.firstName],
    ['lastName', original.lastName, values.lastName],
    ['email', original.email, values.email],
    ['organization', original.company, values.company],
    ...USER_DETAIL_FIELDS.map((f) => [f, original.details[f], values.details[f]] as const),
  ] as const) {
    const changed = trimmedChange(before, after);
    if (changed !== undefined) address[field] = changed;
  }
  if (Object.keys(address).length > 0) patch.address = address;
  const description = trimmedChange(original.description, values.description);
  if (description !== undefined) patch.description = description;
  if (isSettingPassword(values, original)) account.password = values.password;
  if (values.isEnabled !== original.isEnabled) account.isEnabled = values.isEnabled;
  if (values.expires !== original.expires) account.expires = values.expires;
  if (values.forcePasswordChange !== original.forcePasswordChange) account.forcePasswordChange = values.forcePasswordChange;
  if (Object.keys(account).length > 0) patch.account = account;
  const license: Record<string, number> = {};
  if (values.licenseLevel !== original.licenseLevel) license['level'] = values.licenseLevel;
  if (values.licenseMode !== original.licenseMode) license['mode'] = values.licenseMode;
  if (Object.keys(license).length > 0) patch.license = license as UserUpdate['license'];
  const commerce: Record<string, string | number> = {};
  const accountId = trimmedChange(original.accountId, values.accountId);
  if (accountId !== undefined) commerce['accountId'] = accountId;
  const category = trimmedChange(original.category, values.category);
  if (category !== undefined) commerce['category'] = category;
  if (values.paymentMethod !== original.paymentMethod) commerce['paymentMethod'] = values.paymentMethod;
  if (values.discount !== original.discount) commerce['discount'] = values.discount;
  if (Object.keys(commerce).length > 0) patch.commerce = commerce as UserUpdate['commerce'];
  if (!sameProperties(original.propertyBag, values.propertyBag)) patch.propertyBag = keptProperties(values.propertyBag);
  return patch;
}

/** Discount bounds (dam.yaml `UserCommerce.discount`, percent). */
export const DISCOUNT_RANGE = { min: 0, max: 100 } as const;

/**
 * The discount typed in the Details tab as a number (spec 03 §5): a decimal clamped to {@link DISCOUNT_RANGE}; an
 * empty or unreadable value falls back to the minimum.
 */
export function parseDiscount(text: string): number {
  const value = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(value)) return DISCOUNT_RANGE.min;
  return Math.min(DISCOUNT_RANGE.max, Math.max(DISCOUNT_RANGE.min, value));
}
