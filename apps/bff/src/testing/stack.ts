import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
// The DAM's vitest `ProvidedContext` augmentation, which its harness relies on.
import type {} from '@magpie/dam/testing/global-setup.ts';
import { createTestDam, TEST_BFF_CLIENT, type TestDam } from '@magpie/dam/testing/harness.ts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@magpie/api-types';
import type { BffConfig } from '../config.ts';
import { buildBffApp, type BuildBffAppOptions } from '../app.ts';
import { CookieSealer } from '../lib/crypto.ts';
import type { SessionData } from '../plugins/session.ts';

/** The session secret of every test BFF (≥ 32 characters). */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdefghij';
/** The admin password every test DAM is created with. */
export const ADMIN_PASSWORD = 'admin-password';

/**
 * A BFF configuration for tests: the test DAM's client, logging off, and login limits out of the way (tests log in
 * many times from one address; those that test the limits set their own).
 */
export function testConfig(overrides: Partial<BffConfig> & { damUrl: string }): BffConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    client: { id: TEST_BFF_CLIENT.id, secret: TEST_BFF_CLIENT.secret },
    sessionSecret: TEST_SESSION_SECRET,
    webDist: '/nonexistent/magpie-web-dist',
    cookieSecure: false,
    loginRateLimit: 1000,
    loginAddressUserLimit: 1000,
    loginDelay: { afterFailures: 1000, firstMs: 10, maxMs: 10 },
    passwordResetRateLimit: 1000,
    trustProxy: false,
    logLevel: 'silent',
    logFormat: undefined,
    ...overrides,
  };
}

/** A real DAM (listening on 127.0.0.1) and a BFF pointed at it. */
export interface TestStack {
  dam: TestDam;
  damUrl: string;
  bff: FastifyInstance;
  config: BffConfig;
  /** Builds another BFF on the same DAM (e.g. with another rate limit). Closed by {@link close}. */
  anotherBff(overrides?: Partial<BffConfig>, options?: BuildBffAppOptions): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * Starts a DAM for the test file (`createTestDam`, with `damEnv` overrides such as `MAGPIE_ACCESS_TOKEN_TTL`),
 * makes it listen on an ephemeral port, and builds a BFF on it.
 */
export async function createTestStack(options: { damEnv?: Record<string, string>; config?: Partial<BffConfig>; app?: BuildBffAppOptions } = {}): Promise<TestStack> {
  const dam = await createTestDam(options.damEnv);
  await dam.app.listen({ port: 0, host: '127.0.0.1' });
  const damUrl = `http://127.0.0.1:${(dam.app.server.address() as AddressInfo).port}`;
  const apps: FastifyInstance[] = [];
  const build = async (overrides: Partial<BffConfig> = {}, appOptions: BuildBffAppOptions = {}) => {
    const config = testConfig({ damUrl, ...overrides });
    const app = await buildBffApp(config, appOptions);
    await app.ready();
    apps.push(app);
    return { app, config };
  };
  const first = await build(options.config, options.app);
  return {
    dam,
    damUrl,
    bff: first.app,
    config: first.config,
    anotherBff: async (overrides, appOptions) => (await build(overrides, appOptions)).app,
    async close() {
      for (const app of apps) await app.close();
      await dam.close();
    },
  };
}

/** A URL where nothing listens (a port that was just free), for "DAM down" tests. */
export async function deadUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Opens a `magpie_session` cookie value with the test secret (tests only: the browser cannot). */
export function openSessionCookie(value: string): SessionData | undefined {
  return new CookieSealer(TEST_SESSION_SECRET, SESSION_COOKIE).open(value) as SessionData | undefined;
}

/** Options of one {@link TestBrowser} request. */
export type BrowserRequest = InjectOptions & {
  /** Send `X-CSRF-Token`: true (default on unsafe methods) = the cookie's value, a string = that value, false = none. */
  csrf?: boolean | string;
};

/**
 * A browser for `app.inject()`: keeps the cookies the BFF sets (and drops the ones it clears), sends them back,
 * and sends the CSRF header on unsafe methods like the web client does.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    /** Headers sent with every request (e.g. `x-forwarded-for`). */
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The `Cookie` header this browser would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(options: BrowserRequest): Promise<LightMyRequestResponse> {
    const { csrf, ...inject } = options;
    const method = (inject.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...this.defaultHeaders, ...(inject.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0 && headers.cookie === undefined) headers.cookie = this.cookieHeader();
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const token = typeof csrf === 'string' ? csrf : (csrf ?? unsafe) ? this.cookies.get(CSRF_COOKIE) : undefined;
    if (token !== undefined && csrf !== false) headers[CSRF_HEADER] = token;
    const res = await this.app.inject({ ...inject, headers } as InjectOptions);
    this.remember(res);
    return res;
  }

  /** GETs the session endpoint once to obtain the CSRF cookie, then logs in. */
  async login(username: string, password: string, to?: string): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.request({ method: 'GET', url: '/fotoweb/views/session' });
    return this.request({
      method: 'POST',
      url: to === undefined ? '/fotoweb/views/login' : `/fotoweb/views/login?to=${encodeURIComponent(to)}`,
      payload: { username, password },
    });
  }

  remember(res: LightMyRequestResponse): void {
    for (const cookie of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}
