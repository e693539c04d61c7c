import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadBffConfig } from './config.ts';

const REQUIRED = { MAGPIE_BFF_CLIENT_SECRET: 'client-secret', MAGPIE_SESSION_SECRET: 's'.repeat(32) };

describe('loadBffConfig', () => {
  it('applies the defaults', () => {
    const config = loadBffConfig(REQUIRED);
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      damUrl: 'http://127.0.0.1:8090',
      client: { id: 'magpie-bff', secret: 'client-secret' },
      sessionSecret: 's'.repeat(32),
      webDist: path.resolve(import.meta.dirname, '../../web/dist'),
      cookieSecure: false,
      loginRateLimit: 10,
      loginAddressUserLimit: 5,
      loginDelay: { afterFailures: 5, firstMs: 1000, maxMs: 5000 },
      passwordResetRateLimit: 5,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadBffConfig({
      ...REQUIRED,
      PORT: '3000',
      HOST: '127.0.0.1',
      DAM_URL: 'https://dam.example:8443/',
      MAGPIE_BFF_CLIENT_ID: 'bff-2',
      WEB_DIST: '/srv/web',
      MAGPIE_COOKIE_SECURE: 'on',
      MAGPIE_LOGIN_RATE_LIMIT: '5',
      MAGPIE_LOGIN_ADDRESS_USER_LIMIT: '3',
      MAGPIE_LOGIN_DELAY_AFTER: '4',
      MAGPIE_LOGIN_DELAY_MS: '250',
      MAGPIE_LOGIN_DELAY_MAX_MS: '2000',
      MAGPIE_PASSWORD_RESET_RATE_LIMIT: '20',
      MAGPIE_TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      damUrl: 'https://dam.example:8443',
      client: { id: 'bff-2' },
      webDist: '/srv/web',
      cookieSecure: true,
      loginRateLimit: 5,
      loginAddressUserLimit: 3,
      loginDelay: { afterFailures: 4, firstMs: 250, maxMs: 2000 },
      passwordResetRateLimit: 20,
      trustProxy: 1,
      logLevel: 'debug',
      logFormat: 'json',
    });
    expect(loadBffConfig({ ...REQUIRED, LOG_FORMAT: 'Pretty' }).logFormat).toBe('pretty');
    expect(loadBffConfig(REQUIRED).logFormat).toBeUndefined();
    expect(loadBffConfig({ ...REQUIRED, MAGPIE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadBffConfig({ ...REQUIRED, MAGPIE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadBffConfig({ MAGPIE_SESSION_SECRET: 'short', DAM_URL: 'ftp://x/y', PORT: 'eighty', MAGPIE_COOKIE_SECURE: 'maybe', LOG_FORMAT: 'yaml' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('MAGPIE_BFF_CLIENT_SECRET is required');
    expect(problems).toContain('MAGPIE_SESSION_SECRET must be at least 32 characters');
    expect(problems).toContain('LOG_FORMAT must be json or pretty, got "yaml".');
    expect(problems).toContain('DAM_URL must use http or https');
    expect(problems).toContain('DAM_URL must be an origin');
    expect(problems).toContain('PORT must be a whole number');
    expect(problems).toContain('MAGPIE_COOKIE_SECURE must be on or off');
  });

  it('requires the session secret', () => {
    expect(() => loadBffConfig({ MAGPIE_BFF_CLIENT_SECRET: 'x' })).toThrow(/MAGPIE_SESSION_SECRET is required/);
  });
});
