import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../testing/harness.ts';
import { hashPassword, verifyPassword } from '../lib/crypto.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import { AuthService, OAuthError } from './auth.service.ts';

let dam: TestDam;
let sut: AuthService;

/** Tries per compared case. */
const TRIES = 9;
/**
 * How close the work of a failed check must be to that of a known name with a wrong password: the median CPU time of
 * each (ms of this process, user and system, scrypt's thread-pool threads included) within this ratio. Without the
 * dummy hash an unknown name costs no scrypt run at all (a ratio near 0); with it, the same run (near 1). CPU time,
 * not wall-clock time: the other test files running on the same cores at once slow the wall clock of both sides
 * unevenly, but they are other processes, so they do not count here. Above the range, a failure costs two scrypt runs
 * (a dummy hash made on demand), which would tell unknown names apart the other way.
 */
const RATIO_RANGE = [0.6, 1.6] as const;

beforeAll(async () => {
  dam = await createTestDam();
  await dam.createUser('ada');
  await dam.createUser('dora');
  await dam.ctx.repos.users.create({ username: 'no-password', fullName: 'No Password', passwordHash: null });
  const admin = await dam.ctx.repos.users.findByUsername('admin');
  await dam.ctx.repos.tokens.insertClient({ clientId: 'importer', name: 'Importer', secretHash: await hashPassword('importer-secret'), userId: admin!.id });
  // The real users table, with `dora` read as disabled (Magpie has no route that disables a user yet).
  const real = dam.ctx.repos.users;
  const users = Object.create(real, {
    findByUsername: {
      value: async (name: string) => {
        const row = await real.findByUsername(name);
        return row?.username === 'dora' ? { ...row, is_enabled: false } : row;
      },
    },
  }) as UsersRepository;
  sut = new AuthService(dam.config, users, dam.ctx.repos.tokens);
});
afterAll(async () => {
  await dam?.close();
});

const bff = { client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret };

/** The CPU time `attempt` takes to fail (ms of this process); it must fail with the given OAuth error. */
async function cpuToFail(attempt: () => Promise<unknown>, error: OAuthError['error']): Promise<number> {
  const started = process.cpuUsage();
  const outcome = await attempt().then(
    () => 'succeeded',
    (caught: unknown) => (caught instanceof OAuthError ? caught.error : String(caught)),
  );
  const used = process.cpuUsage(started);
  expect(outcome).toBe(error);
  return (used.user + used.system) / 1000;
}

function expectWithinRange(ratio: number, message: string): void {
  expect(ratio, message).toBeGreaterThan(RATIO_RANGE[0]);
  expect(ratio, message).toBeLessThan(RATIO_RANGE[1]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * For `known` and each other case: the median CPU time of {@link TRIES} failures, one at a time (after a warm-up of
 * each), and each case's ratio to `known`'s.
 */
async function cpuRatios(known: () => Promise<number>, others: Record<string, () => Promise<number>>) {
  const cases = { known, ...others };
  for (const run of Object.values(cases)) await run(); // warm-up: caches, JIT, the dummy hash
  const medians: Record<string, number> = {};
  for (const [name, run] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < TRIES; i++) times.push(await run());
    medians[name] = median(times);
  }
  const ratios = Object.fromEntries(Object.keys(others).map((name) => [name, medians[name]! / medians['known']!]));
  return { medians, ratios };
}

describe('AuthService password grant timing (issue 9 §6)', () => {
  it('does the work of a known name for an unknown, disabled or password-less user name', async () => {
    const wrongPassword = (username: string) => () => cpuToFail(() => sut.token({ grant_type: 'password', username, password: 'wrong-password', ...bff }), 'invalid_grant');
    const { medians, ratios } = await cpuRatios(wrongPassword('ada'), {
      unknown: wrongPassword('nobody-by-this-name'),
      disabled: wrongPassword('dora'),
      noPassword: wrongPassword('no-password'),
    });
    expect(medians['known']).toBeGreaterThan(10); // scrypt really ran
    for (const [name, ratio] of Object.entries(ratios)) expectWithinRange(ratio, `${name}: ${JSON.stringify({ medians, ratios })}`);
  });

  it('does the work of a known API client with a wrong secret for an unknown one', async () => {
    const wrongSecret = (clientId: string) => () =>
      cpuToFail(() => sut.token({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong-secret' }), 'invalid_client');
    const { medians, ratios } = await cpuRatios(wrongSecret('importer'), { unknown: wrongSecret('no-such-client') });
    expect(medians['known']).toBeGreaterThan(10);
    expectWithinRange(ratios['unknown']!, JSON.stringify({ medians, ratios }));
  });

  it('still refuses a disabled user with the right password, and logs a known one in', async () => {
    await expect(sut.token({ grant_type: 'password', username: 'dora', password: 'user-password', ...bff })).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(sut.token({ grant_type: 'password', username: 'no-password', password: '', ...bff })).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(sut.token({ grant_type: 'password', username: 'ADA', password: 'user-password', ...bff })).resolves.toMatchObject({ token_type: 'bearer' });
  });
});

describe('verifyPassword', () => {
  it('answers false, never throws, for a missing, malformed or corrupt hash', async () => {
    const good = await hashPassword('secret');
    expect(await verifyPassword('secret', good)).toBe(true);
    expect(await verifyPassword('Secret', good)).toBe(false);
    for (const stored of [undefined, null, '', 'plain-text', 'scrypt$x$8$1$abc$def', good.replace('$32768$', '$1000$'), good.replace('$32768$', '$4294967296$')]) {
      expect(await verifyPassword('secret', stored), String(stored)).toBe(false);
    }
  });
});
