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
});
