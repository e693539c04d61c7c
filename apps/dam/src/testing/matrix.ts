/**
 * The pieces every room's rows of the authorization matrix share (policies/authorization.matrix.test.ts; plan §3
 * "Matrix mechanism"): the five kinds of caller, what a row expects of each, and the world a row's request is made in.
 */
import type { InjectOptions } from 'fastify';
import type { Asset } from '@magpie/api-types';
import type { DamOperation } from '../http/operations.ts';
import type { ArchivePermission } from '../policies/archive.policy.ts';
import type { TestDam } from './harness.ts';

/**
 * The callers of the matrix: no token; a user of no group (`outsider`); a member of a group whose entry on the matrix
 * archive's access list holds only View (`viewer`); a member of a group holding what the row says the operation
 * needs (`permitted`); the site owner.
 */
export type MatrixCaller = 'none' | 'outsider' | 'viewer' | 'permitted' | 'owner';

/** The order the matrix calls in. */
export const MATRIX_CALLERS: readonly MatrixCaller[] = ['none', 'outsider', 'viewer', 'permitted', 'owner'];

/** What one caller gets: a status, or a status and the error body's `value`. */
export type MatrixAnswer = number | [number, string];

/** What each caller gets. */
export type MatrixExpect = Record<MatrixCaller, MatrixAnswer>;

/** A signed-in caller of the matrix. */
export interface MatrixPrincipal {
  id: number;
  token: string;
}

/** What a room row's request may use. */
export interface MatrixWorld {
  /** The DAM under test (to make what the request acts on, through its API or its repositories). */
  dam: TestDam;
  /** The archive made for the matrix: only the access lists the matrix sets give anything there. */
  archive: { id: number; href: string };
  /** An asset of the matrix archive that rows may change (metadata edits, duplicates). */
  asset: Asset;
  /** The caller the request is made for (id 0 without a token). */
  self: { id: number };
  /** The row's `permitted` caller, who may own what the request names (an upload, a background task). */
  permitted: MatrixPrincipal;
  /** The site owner. */
  owner: MatrixPrincipal;
}

/**
 * One operation of a room, what the `permitted` caller holds for it, its request, and what each caller gets. A
 * status other than a refusal for `permitted` or `owner` may be a later rule answering after the policy let the call
 * through.
 */
export interface MatrixRow {
  operation: DamOperation;
  /** Tells rows of one operation apart. */
  label?: string;
  /**
   * What `permitted` holds, both through one group made for the row: plain group permissions of spec 03 §3.3, and
   * archive permissions on the matrix archive (the group's entry on its access list).
   */
  grant: { groupPermissions?: readonly string[]; archive?: readonly ArchivePermission[] };
  request: (world: MatrixWorld) => Promise<InjectOptions>;
  expect: MatrixExpect;
  /** What the message of each 403 `Forbidden` of the row says (the permission it names), when the row checks it. */
  refusal?: RegExp;
}

/**
 * An operation no permission guards (the matrix's `OPEN_OPERATIONS`, or a room's beside it), why, and what a request
 * without a token and one of a new user of no group get.
 */
export interface OpenOperation {
  operation: DamOperation;
  /** Why no permission guards it. */
  reason: string;
  request: () => InjectOptions;
  /** What a request without a token gets: 401, or the public answer. */
  anonymous: MatrixAnswer;
  /** What a new user of no group gets (a fresh session of its own, which `logout` may end). */
  signedIn?: MatrixAnswer;
}

/** A request with a JSON body (`contentType` for the FotoWeb media types that need their own). */
export const jsonRequest = (method: InjectOptions['method'], url: string, payload: unknown, contentType = 'application/json'): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': contentType },
  payload: JSON.stringify(payload),
});

/** A request made as `who`, with its bearer token. */
export const as = (who: MatrixPrincipal, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...(options.headers ?? {}), authorization: `Bearer ${who.token}` },
});

/**
 * Whether a row shows the operation is guarded: a signed-in caller without the right (`outsider` or `viewer`) is
 * refused with 404 or 403 and its error value, and the `permitted` caller or the owner gets something else.
 */
export function isGuarded(expect: MatrixExpect): boolean {
  const refusals = [expect.outsider, expect.viewer].filter((answer) => Array.isArray(answer) && (answer[0] === 403 || answer[0] === 404));
  const same = (a: MatrixAnswer, b: MatrixAnswer) => JSON.stringify(a) === JSON.stringify(b);
  return refusals.length > 0 && [expect.permitted, expect.owner].some((answer) => !refusals.some((refusal) => same(answer, refusal)));
}
