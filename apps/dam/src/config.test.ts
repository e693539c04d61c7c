import { describe, expect, it } from 'vitest';
import { loadDamConfig } from './config.ts';

describe('loadDamConfig', () => {
  it('reads LOG_FORMAT (json or pretty, any case), leaving it unset to follow the terminal', () => {
    expect(loadDamConfig({}).logFormat).toBeUndefined();
    expect(loadDamConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadDamConfig({ LOG_FORMAT: ' Pretty ' }).logFormat).toBe('pretty');
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
});
