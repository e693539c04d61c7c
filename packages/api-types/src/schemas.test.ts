import { describe, expect, it } from 'vitest';
import { GROUP_PERMISSIONS, NEW_USER_DEFAULTS, PASSWORD_RULES, passwordProblem } from './constants.ts';
import {
  AssetUpdateSchema,
  ChunkParamsSchema,
  CollectionQuerySchema,
  FILENAME_MESSAGE,
  LoginQuerySchema,
  LoginRequestSchema,
  MailListQuerySchema,
  MailParamsSchema,
  TokenRequestSchema,
  UploadIdParamsSchema,
  UploadRequestSchema,
  UserPreferencesUpdateSchema,
  ApplicationCreateSchema,
  GroupCreateSchema,
  GroupIdParamsSchema,
  GroupUpdateSchema,
  MemberListUpdateSchema,
  PasswordChangeSchema,
  PasswordResetCompletionSchema,
  PasswordResetParamsSchema,
  PasswordResetRequestSchema,
  UserCreateSchema,
  UserDeleteListSchema,
  UserListQuerySchema,
  UserListUpdateSchema,
  UserReferenceSchema,
  UserUpdateSchema,
  isSameOriginPath,
  loginTarget,
  toErrorBody,
} from './schemas.ts';

const upload = { destination: '/fotoweb/archives/5000-Photos/', filename: 'IMG_0001.jpg', fileSize: 12_345 };

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('TokenRequestSchema', () => {
  it('accepts each grant with its own fields', () => {
    expect(TokenRequestSchema.parse({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' })).toEqual({
      grant_type: 'client_credentials',
      client_id: 'a',
      client_secret: 'b',
    });
    expect(TokenRequestSchema.safeParse({ grant_type: 'refresh_token', refresh_token: 'r', client_id: 'a', client_secret: 'b' }).success).toBe(true);
    expect(TokenRequestSchema.safeParse({ grant_type: 'password', username: 'ada', password: 'pw', client_id: 'bff', client_secret: 's' }).success).toBe(true);
  });

  it('refuses a grant without its fields and an unknown grant type', () => {
    expect(TokenRequestSchema.safeParse({ grant_type: 'password', client_id: 'bff', client_secret: 's' }).success).toBe(false);
    expect(TokenRequestSchema.safeParse({ grant_type: 'refresh_token', client_id: 'a', client_secret: 'b' }).success).toBe(false);
    const unknown = TokenRequestSchema.safeParse({ grant_type: 'authorization_code', client_id: 'a', client_secret: 'b' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.path).toEqual(['grant_type']);
  });
});

describe('UploadRequestSchema', () => {
  it('accepts the minimal and the full body', () => {
    expect(UploadRequestSchema.parse(upload)).toEqual(upload);
    const full = {
      ...upload,
      folder: '2024/May',
      hasXmp: false,
      comment: null,
      checkoutId: null,
      metadata: {
        fields: [
          { id: 5, action: 'add', value: 'Title' },
          { id: 25, value: ['a', 'b'] },
        ],
        attributes: [],
      },
    };
    expect(UploadRequestSchema.parse(full)).toEqual(full);
  });

  it.each(['a\\b.jpg', 'a/b.jpg', 'a:b.jpg', 'a*.jpg', 'a?.jpg', 'a".jpg', 'a<b.jpg', 'a>b.jpg', 'a|b.jpg'])(
    'refuses the file name %s with the message of spec 01 §5',
    (filename) => {
      const result = UploadRequestSchema.safeParse({ ...upload, filename });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['filename']);
      expect(messages(result)).toContain(FILENAME_MESSAGE);
    },
  );

  it('states the spec message verbatim', () => {
    expect(FILENAME_MESSAGE).toBe('File name must not contain \\ / : * ? " < > |.');
  });

  it('refuses empty, dot and over-long file names and control characters', () => {
    for (const filename of ['', '.', '..', 'a'.repeat(256), 'a\nb.jpg']) {
      expect(UploadRequestSchema.safeParse({ ...upload, filename }).success, JSON.stringify(filename)).toBe(false);
    }
    expect(UploadRequestSchema.safeParse({ ...upload, filename: 'a'.repeat(255) }).success).toBe(true);
    expect(UploadRequestSchema.safeParse({ ...upload, filename: 'Fjord – Ålesund (2).JPG' }).success).toBe(true);
  });

  it('wants fileSize as a whole number of bytes, 0 or more', () => {
    expect(UploadRequestSchema.safeParse({ ...upload, fileSize: 0 }).success).toBe(true);
    expect(UploadRequestSchema.safeParse({ ...upload, fileSize: 25 * 1024 ** 3 }).success).toBe(true);
    for (const fileSize of [-1, 1.5, '12', null, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(UploadRequestSchema.safeParse({ ...upload, fileSize }).success, String(fileSize)).toBe(false);
    }
  });

  it('wants a non-empty destination', () => {
    expect(UploadRequestSchema.safeParse({ ...upload, destination: '' }).success).toBe(false);
    const { destination: _ignored, ...withoutDestination } = upload;
    expect(UploadRequestSchema.safeParse(withoutDestination).success).toBe(false);
  });

  it('refuses folder paths that climb or hold forbidden characters', () => {
    for (const folder of ['../x', 'a/../b', 'a//b', '/a', 'a/', 'a:b', 'a\\b']) {
      expect(UploadRequestSchema.safeParse({ ...upload, folder }).success, folder).toBe(false);
    }
    for (const folder of ['', 'a', 'a/b c/d', null]) {
      expect(UploadRequestSchema.safeParse({ ...upload, folder }).success, String(folder)).toBe(true);
    }
  });

  it('refuses a metadata field with a non-integer id or unknown action', () => {
    expect(UploadRequestSchema.safeParse({ ...upload, metadata: { fields: [{ id: 'x' }] } }).success).toBe(false);
    expect(UploadRequestSchema.safeParse({ ...upload, metadata: { fields: [{ id: 5, action: 'replace' }] } }).success).toBe(false);
  });

  it('bounds a metadata field id as every field id: 0 to 999,999,999 (issue 9 leftover)', () => {
    const withField = (id: number) => ({ ...upload, metadata: { fields: [{ id, value: 'x' }] } });
    for (const id of [0, 5, 999_999_999]) expect(UploadRequestSchema.safeParse(withField(id)).success, String(id)).toBe(true);
    for (const id of [-1, 1_000_000_000, Number.MAX_SAFE_INTEGER, 2 ** 53, 1e300]) {
      const result = UploadRequestSchema.safeParse(withField(id));
      expect(result.success, String(id)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['metadata', 'fields', 0, 'id']);
    }
  });
});

describe('ChunkParamsSchema and UploadIdParamsSchema', () => {
  it('turns the index into a number', () => {
    expect(ChunkParamsSchema.parse({ id: 'AbC-_9', index: '0' })).toEqual({ id: 'AbC-_9', index: 0 });
    expect(ChunkParamsSchema.parse({ id: 'x', index: '17' })).toEqual({ id: 'x', index: 17 });
  });

  it.each(['-1', '1.5', '', ' 1', '0x10', '1e3', 'abc', '1234567890'])('refuses the index %j', (index) => {
    expect(ChunkParamsSchema.safeParse({ id: 'x', index }).success).toBe(false);
  });

  it('refuses ids that are not base64url', () => {
    expect(UploadIdParamsSchema.safeParse({ id: 'a/b' }).success).toBe(false);
    expect(UploadIdParamsSchema.safeParse({ id: 'a'.repeat(65) }).success).toBe(false);
    expect(UploadIdParamsSchema.safeParse({ id: 'Zm9vYmFy_-' }).success).toBe(true);
  });
});

describe('CollectionQuerySchema', () => {
  it('accepts no query, a q of up to 2000 characters, and other keys', () => {
    expect(CollectionQuerySchema.safeParse({}).success).toBe(true);
    expect(CollectionQuerySchema.safeParse({ q: 'x'.repeat(2000) }).success).toBe(true);
    expect(CollectionQuerySchema.parse({ q: 'dog', 105: 'vampire' })).toEqual({ q: 'dog', 105: 'vampire' });
  });

  it('refuses a longer q and a repeated q', () => {
    expect(CollectionQuerySchema.safeParse({ q: 'x'.repeat(2001) }).success).toBe(false);
    expect(CollectionQuerySchema.safeParse({ q: ['a', 'b'] }).success).toBe(false);
  });
});

describe('AssetUpdateSchema', () => {
  it('accepts string and list values keyed by field id', () => {
    const body = { metadata: { '5': { value: 'The Beatles' }, '25': { value: ['Paul', 'John'] }, '90': { value: [] } } };
    expect(AssetUpdateSchema.parse(body)).toEqual(body);
  });

  it('refuses non-numeric field ids and unwrapped values', () => {
    expect(AssetUpdateSchema.safeParse({ metadata: { title: { value: 'x' } } }).success).toBe(false);
    expect(AssetUpdateSchema.safeParse({ metadata: { '5': 'x' } }).success).toBe(false);
    expect(AssetUpdateSchema.safeParse({ metadata: { '5': { value: 5 } } }).success).toBe(false);
    expect(AssetUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('UserPreferencesUpdateSchema', () => {
  it('accepts any subset of the four groups', () => {
    expect(UserPreferencesUpdateSchema.safeParse({ data: {} }).success).toBe(true);
    const body = { data: { intranet: { archivePinned: ['/a/'] }, shared: { sorting: { key: 'fn' } } } };
    expect(UserPreferencesUpdateSchema.parse(body)).toEqual(body);
  });

  it('refuses an unknown group, a non-object group and a missing data', () => {
    expect(UserPreferencesUpdateSchema.safeParse({ data: { secret: {} } }).success).toBe(false);
    expect(UserPreferencesUpdateSchema.safeParse({ data: { pro: 'x' } }).success).toBe(false);
    expect(UserPreferencesUpdateSchema.safeParse({ intranet: {} }).success).toBe(false);
  });
});

describe('LoginRequestSchema', () => {
  it('wants a user name of 1–256 and a password of 1–1024 characters', () => {
    expect(LoginRequestSchema.safeParse({ username: 'ada', password: 'pw' }).success).toBe(true);
    expect(LoginRequestSchema.safeParse({ username: 'a'.repeat(256), password: 'p'.repeat(1024) }).success).toBe(true);
    for (const body of [
      { username: '', password: 'pw' },
      { username: 'ada', password: '' },
      { username: 'a'.repeat(257), password: 'pw' },
      { username: 'ada', password: 'p'.repeat(1025) },
      { username: 'ada' },
    ]) {
      expect(LoginRequestSchema.safeParse(body).success).toBe(false);
    }
  });

  it('refuses NUL, other control characters and lone surrogates in the user name, NUL and lone surrogates in the password (issue 9: a NUL answered 502)', () => {
    for (const body of [
      { username: 'adm\u0000in', password: 'pw' },
      { username: 'ad\u001bmin', password: 'pw' },
      { username: '\ud800', password: 'pw' },
      { username: 'ada', password: 'p\u0000w' },
      { username: 'ada', password: 'p\udfffw' },
    ]) {
      const result = LoginRequestSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(messages(result)[0]).toMatch(/must not contain/);
    }
    expect(LoginRequestSchema.safeParse({ username: 'Åse 🦜', password: 'tab\tin 🦜' }).success).toBe(true);
  });
});

describe('LoginQuerySchema', () => {
  it.each(['/', '/fotoweb/', '/fotoweb/archives/5000-Photos/?q=dog#top', '/fotoweb/views/login?to=%2Fx'])('accepts %s', (to) => {
    expect(LoginQuerySchema.safeParse({ to }).success).toBe(true);
    expect(loginTarget(to)).toBe(to);
  });

  it.each(['//evil.example/', '/\\evil.example/', 'https://evil.example/', 'javascript:alert(1)', 'fotoweb/', '', '/a\r\nSet-Cookie: x=1', '\t//evil.example'])(
    'refuses %j',
    (to) => {
      expect(LoginQuerySchema.safeParse({ to }).success).toBe(false);
      expect(isSameOriginPath(to)).toBe(false);
      expect(loginTarget(to)).toBe('/fotoweb/');
    },
  );

  it('accepts no `to` and refuses an over-long one', () => {
    expect(LoginQuerySchema.parse({})).toEqual({});
    expect(loginTarget(undefined)).toBe('/fotoweb/');
    expect(LoginQuerySchema.safeParse({ to: `/${'a'.repeat(2048)}` }).success).toBe(false);
  });
});

describe('toErrorBody', () => {
  it('builds an InvalidRequest body with dotted issue paths', () => {
    const result = UploadRequestSchema.safeParse({ ...upload, metadata: { fields: [{ id: 'x' }] } });
    expect(result.success).toBe(false);
    const body = toErrorBody(result.error!, { requestId: 'req-1' });
    expect(body).toMatchObject({ value: 'InvalidRequest', heading: 'Invalid request', requestId: 'req-1' });
    expect(body.issues).toEqual([{ path: 'metadata.fields.0.id', message: expect.any(String) }]);
    expect(body.message).toBe(body.issues![0]!.message);
  });

  it('takes another value, e.g. InvalidFilename', () => {
    const result = UploadRequestSchema.safeParse({ ...upload, filename: 'a|b' });
    expect(toErrorBody(result.error!, { value: 'InvalidFilename' })).toMatchObject({
      value: 'InvalidFilename',
      message: FILENAME_MESSAGE,
      issues: [{ path: 'filename', message: FILENAME_MESSAGE }],
    });
  });
});

describe('users and groups', () => {
  const newUser = {
    username: ' ada ',
    address: { firstName: ' Ada ', lastName: 'Lovelace', email: ' ada@example.org ' },
    account: { password: 'correct horse battery' },
  };

  it('accepts a new user with only the required fields, trimming the names and e-mail', () => {
    expect(UserCreateSchema.parse(newUser)).toEqual({
      username: 'ada',
      address: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
      account: { password: 'correct horse battery' },
    });
  });

  it.each([
    ['a blank username', { ...newUser, username: '   ' }, 'username'],
    ['a username over 64 characters', { ...newUser, username: 'a'.repeat(65) }, 'username'],
    ['a username with a slash', { ...newUser, username: 'a/b' }, 'username'],
    ['a username with a control character', { ...newUser, username: 'a\u0007b' }, 'username'],
    ['a blank first name', { ...newUser, address: { ...newUser.address, firstName: ' ' } }, 'address.firstName'],
    ['a first name over 100 characters', { ...newUser, address: { ...newUser.address, firstName: 'x'.repeat(101) } }, 'address.firstName'],
    ['an invalid e-mail', { ...newUser, address: { ...newUser.address, email: 'ada@' } }, 'address.email'],
    ['no e-mail', { ...newUser, address: { firstName: 'Ada', lastName: 'L' } }, 'address.email'],
    ['no password', { ...newUser, account: {} }, 'account.password'],
    ['an empty password', { ...newUser, account: { password: '' } }, 'account.password'],
    ['an unknown license level', { ...newUser, license: { level: 36, mode: 0 } }, 'license.level'],
    ['an unknown payment method', { ...newUser, commerce: { paymentMethod: 3 } }, 'commerce.paymentMethod'],
    ['a negative discount', { ...newUser, commerce: { discount: -1 } }, 'commerce.discount'],
    ['an expiry that is not a date-time', { ...newUser, account: { password: 'x', expires: 'tomorrow' } }, 'account.expires'],
    // Year 0 fails in PostgreSQL and a year-1 date with an offset reads back as an invalid date in PGlite.
    ['an expiry in year 0', { ...newUser, account: { password: 'x', expires: '0000-01-01T00:00:00Z' } }, 'account.expires'],
    ['an expiry before 1970 in UTC', { ...newUser, account: { password: 'x', expires: '0001-01-01T00:00:00+14:00' } }, 'account.expires'],
    ['a property without a value', { ...newUser, propertyBag: [{ key: 'k', value: '' }] }, 'propertyBag.0.value'],
  ])('refuses %s', (_what, body, path) => {
    const result = UserCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('accepts a patch of any one part, and an expiry of null (never)', () => {
    expect(UserUpdateSchema.parse({})).toEqual({});
    expect(UserUpdateSchema.parse({ account: { expires: null, isEnabled: false } })).toEqual({ account: { expires: null, isEnabled: false } });
    expect(UserUpdateSchema.parse({ license: { level: 60 } })).toEqual({ license: { level: 60 } });
    expect(UserUpdateSchema.parse({ account: { password: 'a new password' } })).toEqual({ account: { password: 'a new password' } });
    expect(UserUpdateSchema.safeParse({ address: { email: 'not an address' } }).success).toBe(false);
    expect(UserUpdateSchema.safeParse({ address: { lastName: '' } }).success).toBe(false);
  });

  it('takes a batch update of 1–1000 users with at least one change', () => {
    const users = ['/fotoweb/api/users/15002'];
    expect(UserListUpdateSchema.safeParse({ users, data: { address: { organization: 'ACME' } } }).success).toBe(true);
    expect(UserListUpdateSchema.safeParse({ users, data: { account: { expires: null } } }).success).toBe(true);
    expect(messages(UserListUpdateSchema.safeParse({ users, data: {} }))).toEqual(['Give a change: company, license, access or expiry.']);
    expect(UserListUpdateSchema.safeParse({ users: [], data: { license: { level: 35 } } }).success).toBe(false);
    expect(UserListUpdateSchema.safeParse({ users: Array.from({ length: 1001 }, (_, i) => `/u/${i}`), data: { license: { level: 35 } } }).success).toBe(false);
    expect(UserDeleteListSchema.safeParse({ users }).success).toBe(true);
    expect(UserDeleteListSchema.safeParse({ users: [''] }).success).toBe(false);
  });

  it('reads the list query, turning the page into a number', () => {
    expect(UserListQuerySchema.parse({ q: 'ada', sortfield: 'fullName', sortdir: 'desc', p: '3' })).toEqual({ q: 'ada', sortfield: 'fullName', sortdir: 'desc', p: 3 });
    expect(UserListQuerySchema.safeParse({ sortfield: 'password' }).success).toBe(false);
    expect(UserListQuerySchema.safeParse({ sortdir: 'up' }).success).toBe(false);
    expect(UserListQuerySchema.safeParse({ p: '-1' }).success).toBe(false);
    expect(UserListQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });

  it('takes numeric ids only in user and group paths', () => {
    expect(GroupIdParamsSchema.safeParse({ id: '10003' }).success).toBe(true);
    expect(GroupIdParamsSchema.safeParse({ id: 'editors' }).success).toBe(false);
    expect(GroupIdParamsSchema.safeParse({ id: '1234567890' }).success).toBe(false);
  });

  it('accepts a group with a trimmed name and known permissions, each once', () => {
    expect(GroupCreateSchema.parse({ name: '  Editors ', description: ' d ', permissions: ['manageTaxonomies', 'albums.create'] })).toEqual({
      name: 'Editors',
      description: 'd',
      permissions: ['manageTaxonomies', 'albums.create'],
    });
    expect(messages(GroupCreateSchema.safeParse({ name: '   ' }))).toEqual(['The display name is required.']);
    expect(GroupCreateSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(GroupCreateSchema.safeParse({ name: 'E', permissions: ['manageEverything'] }).success).toBe(false);
    expect(messages(GroupUpdateSchema.safeParse({ permissions: ['api', 'api'] }))).toEqual(['A permission is given twice.']);
    expect(GroupUpdateSchema.safeParse({ license: { defaultLevel: 70 } }).success).toBe(true);
  });

  it('takes membership changes as {add, remove}, refusing an href in both', () => {
    expect(MemberListUpdateSchema.parse({ add: ['/g/1'], remove: ['/g/2'] })).toEqual({ add: ['/g/1'], remove: ['/g/2'] });
    expect(MemberListUpdateSchema.parse({})).toEqual({});
    const both = MemberListUpdateSchema.safeParse({ add: ['/g/1'], remove: ['/g/1'] });
    expect(both.error?.issues[0]?.path).toEqual(['remove']);
  });

  it('checks the site-owner reference, the password change and the API client bodies', () => {
    expect(UserReferenceSchema.safeParse({ user: '/fotoweb/api/users/15002' }).success).toBe(true);
    expect(UserReferenceSchema.safeParse({ user: '' }).success).toBe(false);
    expect(PasswordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'b' }).success).toBe(true);
    expect(PasswordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'x'.repeat(1025) }).success).toBe(false);
    expect(ApplicationCreateSchema.parse({ name: ' CMS ', actingAs: '/fotoweb/api/groups/10003' })).toEqual({ name: 'CMS', actingAs: '/fotoweb/api/groups/10003' });
    expect(ApplicationCreateSchema.safeParse({ name: '', actingAs: '/fotoweb/api/groups/10003' }).success).toBe(false);
  });
});

describe('passwordProblem', () => {
  it.each([
    ['short', 'ada', 'The password must be at least 10 characters long.'],
    ['123456789', 'ada', 'The password must be at least 10 characters long.'],
    ['x'.repeat(1025), 'ada', 'The password must be at most 1024 characters long.'],
    ['my-Lovelace-pass', 'lovelace', 'The password must not contain the user name.'],
    ['secret ADA-LOVELACE', ' ada-lovelace ', 'The password must not contain the user name.'],
  ])('%s for %s → %s', (password, username, message) => {
    expect(passwordProblem(password, username)).toBe(message);
  });

  it.each([
    ['correct horse battery', 'ada'],
    ['0123456789', 'ada'],
    ['a password with an a', 'a'],
    ['ææææææææææ', 'ada'],
  ])('accepts %s for %s', (password, username) => {
    expect(passwordProblem(password, username)).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀'.repeat(9), 'ada')).toBe(`The password must be at least ${PASSWORD_RULES.minLength} characters long.`);
    expect(passwordProblem('😀'.repeat(10), 'ada')).toBeNull();
  });
});

describe('user and group constants', () => {
  it('gives new users the defaults of spec 03 §3.1/§9', () => {
    expect(NEW_USER_DEFAULTS).toEqual({
      account: { isEnabled: true, expires: null, forcePasswordChange: false },
      license: { level: 35, mode: 0 },
      commerce: { accountId: '', paymentMethod: 1, category: '', discount: 0 },
    });
  });

  it('lists 35 group permissions, the album ones first', () => {
    expect(GROUP_PERMISSIONS).toHaveLength(35);
    expect(GROUP_PERMISSIONS.slice(0, 8).every((p) => p.startsWith('albums.'))).toBe(true);
    expect(new Set(GROUP_PERMISSIONS).size).toBe(GROUP_PERMISSIONS.length);
  });
});

describe('the mail outbox (issue 14 "Mail")', () => {
  it('turns a message id and the `before` cursor into numbers', () => {
    expect(MailParamsSchema.parse({ mailId: '12' })).toEqual({ mailId: 12 });
    expect(MailListQuerySchema.parse({ before: '40' })).toEqual({ before: 40 });
    expect(MailListQuerySchema.parse({})).toEqual({});
  });

  it('refuses ids that are not whole numbers from 1 to 2147483647', () => {
    for (const mailId of ['0', '-1', '1.5', 'test', '012', '', '2147483648', '99999999999']) {
      expect(MailParamsSchema.safeParse({ mailId }).success, mailId).toBe(false);
    }
    expect(MailParamsSchema.parse({ mailId: '2147483647' }).mailId).toBe(2_147_483_647);
    expect(MailListQuerySchema.safeParse({ before: ['1', '2'] }).success).toBe(false);
  });
});

describe('password reset (issue 14 "Password reset")', () => {
  it('takes one e-mail address, trimmed, and nothing else', () => {
    expect(PasswordResetRequestSchema.parse({ email: '  ada@example.com ' })).toEqual({ email: 'ada@example.com' });
    for (const body of [
      { email: 'ada' },
      { email: '' },
      { email: 'a@b.example, c@d.example' },
      { email: `${'a'.repeat(250)}@x.io` },
      {},
      { email: 'ada@example.com', username: 'ada' },
    ]) {
      expect(PasswordResetRequestSchema.safeParse(body).success, JSON.stringify(body).slice(0, 60)).toBe(false);
    }
  });

  it('takes any token up to 200 characters (the DAM answers 404 for one that names no link) and a password of 1–1024', () => {
    expect(PasswordResetParamsSchema.safeParse({ token: 'x' }).success).toBe(true);
    expect(PasswordResetParamsSchema.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
    expect(PasswordResetCompletionSchema.safeParse({ password: 'short' }).success).toBe(true);
    expect(PasswordResetCompletionSchema.safeParse({ password: '' }).success).toBe(false);
    expect(PasswordResetCompletionSchema.safeParse({ password: 'x'.repeat(1025) }).success).toBe(false);
    expect(PasswordResetCompletionSchema.safeParse({ password: 'a-long-password', token: 'x' }).success).toBe(false);
  });
});
