import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@magpie/api-types';
import { NO_ACTIVITY_FILTERS } from '@magpie/machines';
import { ACTION_FILTER_CHOICES, activityHref, describeDetails, describeLogging, filtersFromSearch } from './activity.ts';

const entry = (details: Record<string, unknown>): ActivityEntry => ({
  id: 1,
  at: '2026-11-29T10:00:00.000Z',
  user: { id: 1, name: 'admin', fullName: '' },
  action: 'asset.renamed',
  target: { kind: 'asset', id: '1', href: null, name: 'a.jpg' },
  details,
});

describe('the activity room’s helpers (issue 15)', () => {
  it('writes only the filters that are set, and reads them back from an address', () => {
    expect(activityHref('/fotoweb/api/activity', NO_ACTIVITY_FILTERS)).toBe('/fotoweb/api/activity');
    const filters = { from: '2026-11-01', to: '', action: 'asset.', target: ' dog & cat ' };
    expect(activityHref('/fotoweb/api/activity', filters)).toBe('/fotoweb/api/activity?from=2026-11-01&action=asset.&target=dog+%26+cat');
    expect(filtersFromSearch('?from=2026-11-01&action=asset.&target=dog+%26+cat')).toEqual({ from: '2026-11-01', to: '', action: 'asset.', target: 'dog & cat' });
  });

  it('offers every action, each kind and all', () => {
    expect(ACTION_FILTER_CHOICES[0]).toEqual({ value: '', label: 'Every action' });
    expect(ACTION_FILTER_CHOICES.map((c) => c.value)).toEqual(expect.arrayContaining(['asset.', 'asset.metadataEdited', 'login.failed']));
  });

  it('reads details in a few words', () => {
    expect(describeDetails(entry({ fields: ['5', '25'], changes: [] }))).toBe('fields 5, 25');
    expect(describeDetails(entry({ from: { folderPath: 'a', filename: 'x.jpg' }, to: { folderPath: 'b', filename: 'x.jpg' }, comment: 'Moved' }))).toBe('from a/x.jpg to b/x.jpg');
    expect(describeDetails(entry({ permissions: [] }))).toBe('permissions none');
    expect(describeDetails(entry({ orderer: 'ada' }))).toBe('{"orderer":"ada"}');
    expect(describeDetails(entry({}))).toBe('');
  });

  it('reads the logging switch and the custom CSS’s size in a few words', () => {
    const all = { assets: true, archives: true, usersAndGroups: true, decisions: true, logins: true, settings: true };
    expect(describeLogging({ enabled: true, categories: all })).toBe('recording everything');
    expect(describeLogging({ enabled: true, categories: { ...all, logins: false, assets: false } })).toBe('not recording: Assets, Logins');
    expect(describeLogging({ enabled: false, categories: all })).toBe('recording off');
    const settings = { ...entry({ before: {}, after: { enabled: true, categories: { ...all, logins: false } } }), action: 'site.activitySettingsChanged' as const };
    expect(describeDetails(settings)).toBe('not recording: Logins');
    expect(describeDetails(entry({ bytes: 2048, previousBytes: 0 }))).toBe('2,048 bytes');
    expect(describeDetails(entry({ bytes: 0, previousBytes: 10 }))).toBe('now empty');
    expect(ACTION_FILTER_CHOICES.map((c) => c.value)).toEqual(expect.arrayContaining(['site.', 'consent.', 'site.footerChanged', 'consent.formDeleted']));
  });
});
