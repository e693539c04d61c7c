import { describe, expect, it } from 'vitest';
import {
  AssetUpdateSchema,
  ChunkParamsSchema,
  CollectionQuerySchema,
  FILENAME_MESSAGE,
  LoginQuerySchema,
  LoginRequestSchema,
  TokenRequestSchema,
  UploadIdParamsSchema,
  UploadRequestSchema,
  UserPreferencesUpdateSchema,
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
