import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_URL, loadDamConfig } from './config.ts';

describe('loadDamConfig', () => {
  it('reads LOG_FORMAT (json or pretty, any case), leaving it unset to follow the terminal', () => {
    expect(loadDamConfig({}).logFormat).toBeUndefined();
    expect(loadDamConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadDamConfig({ LOG_FORMAT: ' Pretty ' }).logFormat).toBe('pretty');
  });

  it('reads the webhook back-off and timeout (issue 16) with their defaults, and refuses a malformed back-off', () => {
    expect(loadDamConfig({}).webhookRetryDelaysMs).toEqual([30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
    expect(loadDamConfig({}).webhookTimeoutMs).toBe(10_000);
    expect(loadDamConfig({ MAGPIE_WEBHOOK_RETRY_MS: ' 100, 2000 ' }).webhookRetryDelaysMs).toEqual([100, 2000]);
    expect(loadDamConfig({ MAGPIE_WEBHOOK_TIMEOUT_MS: '2500' }).webhookTimeoutMs).toBe(2500);
    for (const bad of ['1s', '100,,200', '-5', Array.from({ length: 11 }, () => '1').join(',')]) {
      expect(() => loadDamConfig({ MAGPIE_WEBHOOK_RETRY_MS: bad }), bad).toThrow('MAGPIE_WEBHOOK_RETRY_MS must be one to ten waits in ms');
    }
  });

  it('refuses any other LOG_FORMAT, naming it', () => {
    expect(() => loadDamConfig({ LOG_FORMAT: 'yaml' })).toThrow('LOG_FORMAT must be json or pretty, got "yaml"');
  });

  it('reads MAGPIE_LICENSE_SEATS as seats per license level, unlimited when unset', () => {
    expect(loadDamConfig({}).licenseSeats.size).toBe(0);
    expect([...loadDamConfig({ MAGPIE_LICENSE_SEATS: '35=50, 60=5' }).licenseSeats]).toEqual([
      [35, 50],
      [60, 5],
    ]);
  });

  it('refuses a malformed MAGPIE_LICENSE_SEATS or a level named twice', () => {
    expect(() => loadDamConfig({ MAGPIE_LICENSE_SEATS: '35:50' })).toThrow(/MAGPIE_LICENSE_SEATS must be <level>=<seats> pairs/);
    expect(() => loadDamConfig({ MAGPIE_LICENSE_SEATS: '35=-1' })).toThrow(/MAGPIE_LICENSE_SEATS/);
    expect(() => loadDamConfig({ MAGPIE_LICENSE_SEATS: '35=1,35=2' })).toThrow('MAGPIE_LICENSE_SEATS names level 35 twice');
  });

  it('refuses a level that is no license level (a typo, or 0 = None, which takes no seat), listing the levels', () => {
    const levels = '10 (Portal), 20 (Consumer), 30 (Contributor), 35 (Standard), 40 (Plus), 50 (Main), 60 (Editor), 70 (Pro)';
    expect(() => loadDamConfig({ MAGPIE_LICENSE_SEATS: '36=5' })).toThrow(`MAGPIE_LICENSE_SEATS names level 36, which is no license level; the levels are ${levels}`);
    expect(() => loadDamConfig({ MAGPIE_LICENSE_SEATS: '60=2,0=10' })).toThrow('MAGPIE_LICENSE_SEATS names level 0, which is no license level');
    expect(() => loadDamConfig({ MAGPIE_LICENSE_SEATS: '700=1' })).toThrow(/level 700/);
  });

  it('reads MAGPIE_PASSWORD_RESET_TTL in seconds, one hour by default, and refuses 0 or a non-number', () => {
    expect(loadDamConfig({}).passwordResetTtl).toBe(3600);
    expect(loadDamConfig({ MAGPIE_PASSWORD_RESET_TTL: '900' }).passwordResetTtl).toBe(900);
    expect(() => loadDamConfig({ MAGPIE_PASSWORD_RESET_TTL: '0' })).toThrow('MAGPIE_PASSWORD_RESET_TTL must be at least 1, got "0"');
    expect(() => loadDamConfig({ MAGPIE_PASSWORD_RESET_TTL: '1h' })).toThrow(/MAGPIE_PASSWORD_RESET_TTL must be a non-negative integer/);
  });

  it('reads the invitation and sign-up limits (issue 14) with their defaults and bounds', () => {
    expect(loadDamConfig({})).toMatchObject({ maxInvitationEmails: 100, invitationTtlDays: 30, signupRateLimit: 10 });
    expect(loadDamConfig({ MAGPIE_MAX_INVITATION_EMAILS: '1000', MAGPIE_INVITATION_TTL_DAYS: '0', MAGPIE_SIGNUP_RATE_LIMIT: '3' })).toMatchObject({
      maxInvitationEmails: 1000,
      invitationTtlDays: 0,
      signupRateLimit: 3,
    });
    expect(() => loadDamConfig({ MAGPIE_MAX_INVITATION_EMAILS: '1001' })).toThrow('MAGPIE_MAX_INVITATION_EMAILS must be from 1 to 1000, got "1001"');
    expect(() => loadDamConfig({ MAGPIE_MAX_INVITATION_EMAILS: '0' })).toThrow(/MAGPIE_MAX_INVITATION_EMAILS must be from 1 to 1000/);
    expect(() => loadDamConfig({ MAGPIE_INVITATION_TTL_DAYS: '-1' })).toThrow(/MAGPIE_INVITATION_TTL_DAYS must be a non-negative integer/);
    expect(() => loadDamConfig({ MAGPIE_SIGNUP_RATE_LIMIT: '0' })).toThrow('MAGPIE_SIGNUP_RATE_LIMIT must be at least 1, got "0"');
  });

  it('keeps mail in the outbox by default, with links to the web app of npm start', () => {
    const config = loadDamConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBeUndefined();
    expect(config.publicUrl).toBe(DEFAULT_PUBLIC_URL);
    expect(DEFAULT_PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('reads SMTP_URL with its sender, and MAGPIE_PUBLIC_URL as an origin', () => {
    const config = loadDamConfig({
      SMTP_URL: ' smtps://mailer:s3cret@smtp.example.com:465 ',
      MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>',
      MAGPIE_PUBLIC_URL: 'https://dam.example.com/',
    });
    expect(config).toMatchObject({ smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465', mailFrom: 'Magpie <dam@example.com>', publicUrl: 'https://dam.example.com' });
    expect(loadDamConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAGPIE_MAIL_FROM: 'dam@example.com' }).mailFrom).toBe('dam@example.com');
    expect(loadDamConfig({ MAGPIE_PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    // A sender alone (outbox mode) is recorded on the messages.
    expect(loadDamConfig({ MAGPIE_MAIL_FROM: 'dam@example.com' })).toMatchObject({ smtpUrl: undefined, mailFrom: 'dam@example.com' });
  });

  it('refuses an SMTP_URL that is no smtp: or smtps: URL, without repeating its password', () => {
    expect(() => loadDamConfig({ SMTP_URL: 'http://mailer:s3cret@smtp.example.com', MAGPIE_MAIL_FROM: 'a@b.example' })).toThrow(
      'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…, got http://smtp.example.com',
    );
    expect(() => loadDamConfig({ SMTP_URL: 'smtp.example.com:25', MAGPIE_MAIL_FROM: 'a@b.example' })).toThrow(/SMTP_URL must be/);
    expect(() => loadDamConfig({ SMTP_URL: 'not a url s3cret', MAGPIE_MAIL_FROM: 'a@b.example' })).toThrow('got a value that is no URL');
    expect(() => loadDamConfig({ SMTP_URL: 'http://mailer:s3cret@smtp.example.com', MAGPIE_MAIL_FROM: 'a@b.example' })).not.toThrow(/s3cret/);
  });

  it('needs MAGPIE_MAIL_FROM with SMTP_URL, and refuses a sender that is no address', () => {
    expect(() => loadDamConfig({ SMTP_URL: 'smtp://smtp.example.com' })).toThrow(/MAGPIE_MAIL_FROM must be set with SMTP_URL/);
    for (const bad of ['Magpie', 'dam@', 'Magpie <dam>', 'a@b.example\r\nBcc: c@d.example']) {
      expect(() => loadDamConfig({ MAGPIE_MAIL_FROM: bad }), bad).toThrow(/MAGPIE_MAIL_FROM must be an address/);
    }
  });

  it('refuses a MAGPIE_PUBLIC_URL with a path, a query, credentials or another scheme', () => {
    for (const bad of ['dam.example.com', 'ftp://dam.example.com', 'https://dam.example.com/magpie', 'https://dam.example.com/?a=1', 'https://u:p@dam.example.com']) {
      expect(() => loadDamConfig({ MAGPIE_PUBLIC_URL: bad }), bad).toThrow(/MAGPIE_PUBLIC_URL must be http\(s\):\/\/host\[:port\] without a path/);
    }
  });
});
