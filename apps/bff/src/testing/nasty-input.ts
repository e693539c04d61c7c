/**
 * fast-check arbitraries of hostile request input for the contract property tests (issue 9, "Tests": generated
 * query strings, search expressions, JSON bodies, multipart bodies and file names at every route). Each arbitrary
 * mixes plausible values with the ones that once answered 500: numbers outside their column (fractions, 2^31,
 * 20-digit sizes, 1e400), impossible dates, NUL and lone UTF-16 surrogates, JSON nested thousands of levels,
 * forged paging cursors, malformed percent-encoding and multipart bodies.
 *
 * Values are built as text (JSON text, percent-encoded URLs, raw multipart bytes) so they can hold what a
 * well-behaved client library would never produce (`\ud800` escapes, `1e400`, a cut-off boundary).
 */
import fc from 'fast-check';
import { DATE_TYPES, NUMBER_RANGE_KEYS } from '@magpie/api-types/search-params';

// ------------------------------------------------------------------------------------------------ text and numbers

/** Strings that break naive code: NUL, lone surrogates, controls, bidirectional overrides, traversal, quotes, long. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  // What PostgreSQL's text and jsonb refuse, the likeliest 500s: weighted up.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 8 }))
      .map(([a, bad, b]) => `${a}${bad}${b}`),
  },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    '\u0001\u001b[31m',
    'x\u202egpj.exe',
    '\u200f\u2066',
    '..',
    '../../etc/passwd',
    '%00',
    '%zz',
    '"quoted" \\ back',
    "'; DROP TABLE assets; --",
    '🦜 ü Å 漢字',
    '\r\n\t',
    '$1 {{x}} ${x}',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(300, 1000, 5000).map((n) => 'x'.repeat(n)),
);

/** Number-looking text: in and out of every column's range, fractions, signs, exponents, junk. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '1',
    '-1',
    '1.5',
    '0.000001',
    '2147483647',
    '2147483648',
    '-2147483649',
    '4294967296',
    '9007199254740993',
    '9223372036854775807',
    '9223372036854775808',
    '8796093022207',
    '8796093022208',
    '99999999999999999999',
    '1e400',
    '-1e400',
    '1e-400',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '1_000',
    '١٢٣',
  ),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double({ noNaN: true }).map(String),
);

/** Date-looking text: real dates, impossible ones (29 Feb 2023, month 13, year 0), out-of-range years, junk. */
export const dateText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2024-02-29',
    '2023-02-29',
    '2024-13-01',
    '0000-01-01',
    '0001-01-01',
    '9999-12-31T23:59:59',
    '99999-01-01',
    '2024-01-01T24:00',
    '2024-04-31',
    '1969-12-31T23:59:59Z',
    'yesterday',
  ),
  fc
    .tuple(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), fc.constantFrom(10, 16, 19))
    .map(([d, length]) => d.toISOString().slice(0, length)),
);

// ------------------------------------------------------------------------------------------------ search

const RANGE_KEYS: readonly string[] = [...NUMBER_RANGE_KEYS, ...DATE_TYPES];
const DATE_KEYS = new Set<string>(DATE_TYPES);

/** One term of a FotoWeb search expression, valid or not. */
const searchTerm: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('london', '"New York"', 'AND', 'OR', 'NOT', '(', ')', '|', '"', '25:""', 'fn:*.jpg', 'dt:image', 'o:square', 'cs:cmyk', 'ms:none', 's:online', 'dt:nope'),
  fc.tuple(fc.constantFrom(...RANGE_KEYS), fc.constantFrom('', 'f', 't')).chain(([key, side]) =>
    (DATE_KEYS.has(key) ? dateText : numberText).chain((from) =>
      side === ''
        ? fc.oneof(
            fc.constant(`${key}:${from}`),
            (DATE_KEYS.has(key) ? dateText : numberText).map((to) => `${key}:${from}~~${to}`),
          )
        : fc.constant(`${key}${side}:${from}`),
    ),
  ),
  fc.tuple(fc.constantFrom('5', '25', '80', '120', '9999', '0'), numberText, numberText).map(([field, a, b]) => `${field}:${a}~~${b}`),
  fc.tuple(fc.constantFrom('5', '25', 'fn', 'dn', 'fp'), nastyText).map(([key, value]) => `${key}:"${value}"`),
  nastyText,
);

/** A search expression: a few terms, joined by spaces (implicit AND) or glued. */
export const searchExpression: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: searchTerm },
  fc.array(searchTerm, { minLength: 1, maxLength: 6 }).map((terms) => terms.join(' ')),
  fc.array(searchTerm, { maxLength: 6 }).map((terms) => terms.join('')),
  fc.constantFrom('('.repeat(100), `${'NOT '.repeat(60)}x`, 'x'.repeat(2001)),
);

// ------------------------------------------------------------------------------------------------ URLs

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte of the UTF-8 form of `text` but the unreserved ones (a lone surrogate becomes U+FFFD). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Encoded URL pieces no encoder makes: NUL, an encoded lone surrogate, overlong UTF-8, broken escapes. */
const rawUrlPiece = fc.constantFrom('%00', '%ED%A0%80', '%ED%BF%BF', '%C0%AF', '%FF', '%zz', '%', '%2', '%2e%2e', '%2F', '+', '%20', '..', '.');

/** One percent-encoded path segment, hostile. */
export const nastySegment: fc.Arbitrary<string> = fc.oneof(
  nastyText.map(percentEncode),
  numberText.map(percentEncode),
  rawUrlPiece,
  fc.array(rawUrlPiece, { minLength: 2, maxLength: 4 }).map((p) => p.join('x')),
);

/** A FotoWeb `;p=`/`;o=` matrix component: real-looking, forged keyset cursors, or junk. */
export const nastyMatrix: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  numberText.map((n) => `;p=${percentEncode(n)}`),
  fc
    .tuple(
      fc.nat({ max: 20 }),
      fc.constantFrom('a', 'b', 'l'),
      fc.oneof(
        fc.base64String({ maxLength: 80 }),
        fc.constantFrom(
          Buffer.from('["abc",1]').toString('base64url'),
          Buffer.from('["2020-01-01",99999999999]').toString('base64url'),
          Buffer.from('["\\u0000",1]').toString('base64url'),
          Buffer.from('["x",-1]').toString('base64url'),
        ),
      ),
    )
    .map(([index, mode, token]) => `;p=${index}-${mode}${token.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`),
  fc.tuple(fc.constantFrom('', 'fn', '-fn', '5', '-55', '+', '9999'), fc.option(nastySegment, { nil: '' })).map(([o, junk]) => `;o=${o}${junk}`),
  nastySegment.map((s) => `;o=${s}`),
);

/** The advanced-search range parameters (`fsf`, `pwt`, `mtf`…) with number or date values in and out of range. */
const rangeParameter = fc
  .tuple(fc.constantFrom(...RANGE_KEYS), fc.constantFrom('f', 't'))
  .chain(([key, side]) => (DATE_KEYS.has(key) ? dateText : numberText).map((value): [string, string] => [`${key}${side}`, value]));

/** One query pair: a search, a range bound, a criterion with hostile text, or anything. */
const queryPair: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 3, arbitrary: searchExpression.map((q): [string, string] => ['q', q]) },
  { weight: 3, arbitrary: rangeParameter },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('fn', 'dn', 'fp', '5', '25', '120', '9999', 'dt', 'o', 'cs', 'ms', 's', 'txnm', 'access_token', 'to'), fc.oneof(nastyText, numberText)),
  },
  { weight: 1, arbitrary: fc.tuple(nastyText, fc.oneof(searchExpression, numberText, dateText, nastyText)) },
);

/** A query string (without `?`): 0–4 pairs, percent-encoded, sometimes with a raw broken or NUL escape appended. */
export const nastyQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(queryPair, fc.constantFrom('encoded', 'encoded', 'encoded', 'raw-piece'), rawUrlPiece), { maxLength: 4 })
  .map((pairs) => pairs.map(([[key, value], how, piece]) => `${percentEncode(key)}=${how === 'raw-piece' ? `${percentEncode(value)}${piece}` : percentEncode(value)}`).join('&'));

// ------------------------------------------------------------------------------------------------ JSON

/** A JSON text that is a value (escapes written out, so `\ud800` and `\u0000` survive), or not JSON at all. */
const nastyJsonValue: fc.Arbitrary<string> = fc.oneof(
  numberText.filter((n) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(n)),
  nastyText.map((t) => JSON.stringify(t)),
  fc.constantFrom(
    '"\\ud800"',
    '"a\\u0000b"',
    '"\\udfff\\ud800"',
    '{"\\u0000":1}',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    'null',
    'true',
    '[]',
    '{}',
    '[null]',
    '""',
  ),
  fc.constantFrom(65, 200, 5000).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.constantFrom(65, 5000).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

/** JSON number text that parses: out of range, fractional, negative, huge (`1e400` parses as Infinity). */
const nastyJsonNumber = numberText.filter((n) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(n));

/**
 * A replacement for a value of the sample: mostly of the same JSON type (so it passes the shape checks and reaches
 * the code behind them), sometimes anything.
 */
function replacementFor(original: unknown): fc.Arbitrary<string> {
  const sameType =
    typeof original === 'string'
      ? nastyText.map((t) => JSON.stringify(t))
      : typeof original === 'number'
        ? nastyJsonNumber
        : Array.isArray(original)
          ? fc
              .array(
                nastyText.map((t) => JSON.stringify(t)),
                { maxLength: 3 },
              )
              .map((items) => `[${items.join(',')}]`)
          : original !== null && typeof original === 'object'
            ? fc.tuple(nastyText, nastyText).map(([k, v]) => `{${JSON.stringify(k)}:${JSON.stringify(v)}}`)
            : nastyJsonValue;
  return fc.oneof({ weight: 3, arbitrary: sameType }, { weight: 1, arbitrary: nastyJsonValue });
}

/** A whole body that is not valid JSON. */
const notJson = fc.constantFrom('', '{', '}', '{"a":}', 'nul', '\u0000', '[1,]', '{"a":1}{"b":2}', '\ufeff{}', '"unterminated', 'x'.repeat(100));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A placeholder for raw JSON text inside a value being serialised. */
class RawJson {
  constructor(readonly text: string) {}
}

function serialise(value: Json | RawJson): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${serialise(v as Json)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Paths to every value of a JSON sample (objects and arrays included), the root being `[]`. */
function pathsOf(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  return paths;
}

/** `value` with the value at `path` replaced; where an earlier mutation removed the path, the deepest node left is. */
function replaceAt(value: Json | RawJson, path: Array<string | number>, replacement: Json | RawJson): Json | RawJson {
  if (path.length === 0 || value instanceof RawJson || value === null || typeof value !== 'object') return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return typeof head === 'number' && head < value.length ? value.map((item, i) => (i === head ? (replaceAt(item, rest, replacement) as Json) : item)) : replacement;
  }
  if (typeof head !== 'string' || !(head in value)) return replacement;
  return { ...value, [head]: replaceAt(value[head]!, rest, replacement) as Json };
}

/**
 * JSON body text for a route whose valid body looks like `sample`: the sample itself, the sample with one to three
 * values (or keys) replaced by hostile ones, a hostile value alone, or text that is not JSON.
 */
export function nastyJsonBody(sample: unknown): fc.Arbitrary<string> {
  const base = JSON.parse(JSON.stringify(sample ?? {})) as Json;
  const paths = pathsOf(base);
  const valueAt = (path: Array<string | number>): unknown => path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], base);
  const mutation = fc.constantFrom(...paths).chain((path) =>
    fc.tuple(
      fc.constant(path),
      replacementFor(valueAt(path)),
      fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      nastyText,
    ),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
    {
      weight: 6,
      arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
        let value: Json | RawJson = base;
        for (const [path, replacement, asKey, key] of mutations) {
          if (asKey && value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
            value = { ...(value as Record<string, Json>), [key]: new RawJson(replacement) as unknown as Json };
          } else {
            value = replaceAt(value, path, new RawJson(replacement));
          }
        }
        return serialise(value);
      }),
    },
    { weight: 2, arbitrary: nastyJsonValue },
    { weight: 1, arbitrary: notJson },
  );
}

/** A request `Content-Type` for a route that accepts `accepted`: usually one of them, sometimes another. */
export function contentTypeFor(accepted: readonly string[]): fc.Arbitrary<string | undefined> {
  const good = accepted.length > 0 ? fc.constantFrom(...accepted) : fc.constant('application/json');
  return fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: good.map((t) => `${t}; charset=utf-8`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'application/vnd.fotoware.assetupdate+json',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

// ------------------------------------------------------------------------------------------------ files and multipart

/** File names: plain, at and over 255 bytes, with controls, bidirectional overrides, separators, traversal, NUL. */
export const nastyFilename: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a.jpg',
    `${'x'.repeat(251)}.jpg`,
    `${'x'.repeat(252)}.jpg`,
    `${'é'.repeat(126)}.jpg`,
    `${'x'.repeat(200)}.${'j'.repeat(60)}`,
    'x\u202egpj.exe',
    'a\u0000.jpg',
    '\ud800.jpg',
    'tab\t.jpg',
    'a/b.jpg',
    'a\\b.jpg',
    '../../x.jpg',
    '..',
    '.',
    ' ',
    '',
    'CON',
    'a:b?.jpg',
    '"q".jpg',
    '🦜.jpg',
    'x'.repeat(5000),
  ),
  nastyText,
);

/** A multipart/form-data request: headers and raw body bytes, well-formed or broken in the ways clients break them. */
export interface MultipartBody {
  contentType: string | undefined;
  body: Buffer;
}

const part = fc.record({
  name: fc.oneof(fc.constantFrom('chunk', 'chunk', 'file', ''), nastyText),
  filename: fc.option(nastyFilename, { nil: undefined }),
  type: fc.option(fc.constantFrom('application/octet-stream', 'image/jpeg', 'text/plain', '\u0000'), { nil: undefined }),
  data: fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
    nastyText.map((t) => Buffer.from(t, 'utf8')),
  ),
  headerJunk: fc.constantFrom('', '', 'Content-Transfer-Encoding: base64\r\n', 'X: \r\n', ': \r\n', 'Content-Disposition: inline\r\n'),
});

/** A multipart body: 0–3 parts, a boundary that may not match the header's, and an ending that may be cut off. */
export const nastyMultipart: fc.Arbitrary<MultipartBody> = fc
  .record({
    boundary: fc.constantFrom('----magpieBoundary7MA4YWxk', 'x', 'a'.repeat(70), 'with space', ''),
    bodyBoundary: fc.constantFrom('same', 'same', 'same', 'other'),
    parts: fc.array(part, { maxLength: 3 }),
    ending: fc.constantFrom('close', 'close', 'close', 'cut-headers', 'cut-data', 'no-close', 'garbage-after'),
    header: fc.constantFrom('ok', 'ok', 'ok', 'no-boundary', 'quoted', 'missing'),
  })
  .map(({ boundary, bodyBoundary, parts, ending, header }) => {
    const b = bodyBoundary === 'same' ? boundary : 'not-the-boundary';
    const pieces: Buffer[] = [];
    for (const p of parts) {
      const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n`;
      pieces.push(Buffer.from(`--${b}\r\n${disposition}${p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`}${p.headerJunk}\r\n`, 'utf8'), p.data, Buffer.from('\r\n'));
    }
    let body = Buffer.concat(pieces);
    if (ending === 'close' || ending === 'garbage-after') body = Buffer.concat([body, Buffer.from(`--${b}--\r\n${ending === 'garbage-after' ? '\u0000junk--' : ''}`)]);
    if (ending === 'cut-headers') body = Buffer.concat([body, Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="chunk"; filen`)]);
    if (ending === 'cut-data') body = body.subarray(0, Math.floor(body.length / 2));
    const contentType =
      header === 'missing'
        ? undefined
        : header === 'no-boundary'
          ? 'multipart/form-data'
          : header === 'quoted'
            ? `multipart/form-data; boundary="${boundary}"`
            : `multipart/form-data; boundary=${boundary}`;
    return { contentType, body };
  });

/** Form-encoded body text (the token endpoint's): grant fields with hostile values, or junk. */
export const nastyForm: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('grant_type', 'username', 'password', 'client_id', 'client_secret', 'refresh_token', 'scope', 'x'),
        fc.oneof(fc.constantFrom('password', 'refresh_token', 'client_credentials', 'admin', 'magpie-bff'), nastyText),
      ),
      { maxLength: 7 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${percentEncode(v)}`).join('&')),
  fc.constantFrom('', '=', '&&&', 'grant_type=password&username=%00', 'username=%ED%A0%80', 'a=%zz', 'x'.repeat(2000)),
);
