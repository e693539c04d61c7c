import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '../testing/harness.ts';
import { hashPassword, verifyPassword } from '../lib/crypto.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import { AuthService, OAuthError } from './auth.service.ts';

let dam: TestDam;
let sut: AuthService;

/** Pairs of tries per compared case (even: as many with each side first). */
const TRIES = 16;
/**
 * How far apart the answer times of a known and an unknown name may be, median of paired differences (ms). Without
 * the dummy hash they are one scrypt run apart (about 100 ms on a 2-core machine); what is left is noise.
 */
const TOLERANCE_MS = 10;
/**
 * A timing comparison runs again once when it fails: a burst of load from another process can skew a whole run,
 * while a real difference (a missing scrypt run) fails every run by ten times the tolerance or more.
 */
const TIMING = { retry: 1 };

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

/** How long `attempt` takes to fail (ms); it must fail with the given OAuth error. */
async function timeFailure(attempt: () => Promise<unknown>, error: OAuthError['error']): Promise<number> {
  const started = performance.now();
  const outcome = await attempt().then(
    () => 'succeeded',
    (caught: unknown) => (caught instanceof OAuthError ? caught.error : String(caught)),
  );
  const elapsed = performance.now() - started;
  expect(outcome).toBe(error);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * For each case beside `known`: the median of its answer time minus `known`'s, measured in pairs that run at the
 * same time (started in alternating order), so that the load of the shared machine hits both sides of a pair alike;
 * one after the other, a burst of load on one side moved the median by tens of ms. Answers the medians (ms) and, for
 * the record, the median time of `known`.
 */
async function medianDifferences(known: () => Promise<number>, others: Record<string, () => Promise<number>>) {
  await known(); // warm-up: caches, JIT, the dummy hash
  for (const run of Object.values(others)) await run();
  const differences: Record<string, number[]> = Object.fromEntries(Object.keys(others).map((name) => [name, []]));
  const knownTimes: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    for (const [name, other] of Object.entries(others)) {
      const [knownMs, otherMs] = i % 2 === 0 ? await Promise.all([known(), other()]) : (await Promise.all([other(), known()])).reverse();
      knownTimes.push(knownMs!);
      differences[name]!.push(otherMs! - knownMs!);
    }
  }
  return { knownMs: median(knownTimes), ...Object.fromEntries(Object.entries(differences).map(([name, values]) => [name, median(values)])) } as Record<string, number>;
}

describe('AuthService password grant timing (issue 9 §6)', () => {
  it('takes as long for an unknown, disabled or password-less user name as for a known one', TIMING, async () => {
    const wrongPassword = (username: string) => () => timeFailure(() => sut.token({ grant_type: 'password', username, password: 'wrong-password', ...bff }), 'invalid_grant');
    const result = await medianDifferences(wrongPassword('ada'), {
      unknown: wrongPassword('nobody-by-this-name'),
      disabled: wrongPassword('dora'),
      noPassword: wrongPassword('no-password'),
    });
    expect(result.knownMs).toBeGreaterThan(10); // scrypt really ran
    for (const other of ['unknown', 'disabled', 'noPassword']) {
      expect(Math.abs(result[other]!), `${other} minus known: ${JSON.stringify(result)}`).toBeLessThan(TOLERANCE_MS);
    }
  });

  it('takes as long for an unknown API client as for a known one with a wrong secret', TIMING, async () => {
    const wrongSecret = (clientId: string) => () =>
      timeFailure(() => sut.token({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong-secret' }), 'invalid_client');
    const result = await medianDifferences(wrongSecret('importer'), { unknown: wrongSecret('no-such-client') });
    expect(result.knownMs).toBeGreaterThan(10);
    expect(Math.abs(result.unknown!), JSON.stringify(result)).toBeLessThan(TOLERANCE_MS);
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
