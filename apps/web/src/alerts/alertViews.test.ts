import { describe, expect, it } from 'vitest';
import type { Collection } from '@magpie/api-types';
import { ApiError } from '@magpie/api-types/client';
import { ALERT_CREATE_FAILED_MESSAGE, ALERT_INTERVALS, alertConfirmationQuery, alertNotice } from '@magpie/machines';
import {
  ALERT_INTERVAL_LABELS,
  alertConfirmationStateName,
  alertConfirmationText,
  alertEditorStateName,
  alertIntervalLabel,
  alertRequestError,
  alertsButtonLabel,
  alertSearchLabel,
  alertSubjectKey,
  alertSearchOf,
  alertSubjectOf,
  findAlert,
  isAlertRequestRunning,
  notificationTime,
} from './alertViews.ts';

const PHOTOS = '/fotoweb/archives/5000-Photos/';

function collection(fields: Partial<Collection>): Collection {
  return { href: PHOTOS, matchingHref: PHOTOS, name: 'Photos', permissions: ['View', 'Alert'], searchString: '', ...fields } as Collection;
}

describe('the alerts popover helpers (spec 01 §2 Alert editing, §3, §8, §9)', () => {
  it('words every interval of spec 01 §3, and passes an unknown one through', () => {
    expect(Object.keys(ALERT_INTERVAL_LABELS)).toEqual([...ALERT_INTERVALS]);
    expect(alertIntervalLabel('every_day')).toBe('Every day');
    expect(alertIntervalLabel('every_6_hours')).toBe('Every 6 hours');
    expect(alertIntervalLabel('every_fortnight')).toBe('every_fortnight');
  });

  it('words the search, an empty one as every new asset', () => {
    expect(alertSearchLabel(' sunset ')).toBe('“sunset”');
    expect(alertSearchLabel('')).toBe('Every new asset');
  });

  it('takes the archive or folder itself from the collection on screen, with its search', () => {
    expect(alertSubjectOf(undefined)).toBeUndefined();
    expect(alertSubjectOf(collection({ href: `${PHOTOS};o=+?q=boats`, searchString: ' boats ' }))).toEqual({
      href: PHOTOS,
      name: 'Photos',
      permissions: ['View', 'Alert'],
      searchText: 'boats',
    });
    // Without matchingHref: the href without sort and search.
    expect(alertSubjectOf(collection({ href: `${PHOTOS}Trips/;o=-fn?q=x`, matchingHref: null }))?.href).toBe(`${PHOTOS}Trips/`);
    expect(alertSubjectOf(collection({ searchString: null }))?.searchText).toBe('');
  });

  it('makes an advanced search with key=value criteria an expression the DAM reads, and keeps typed text as typed', () => {
    expect(alertSearchOf({ searchString: 'fn=IMG_1.jpg&dt=image', searchQuery: 'fn:"IMG_1.jpg" AND dt:"image"' })).toBe('fn:"IMG_1.jpg" AND dt:"image"');
    expect(alertSearchOf({ searchString: 'boats&rating=5', searchQuery: 'boats AND rating:"5"' })).toBe('boats AND rating:"5"');
    expect(alertSearchOf({ searchString: ' fn:IMG_1.jpg ', searchQuery: 'fn:"IMG_1.jpg"' })).toBe('fn:IMG_1.jpg');
    expect(alertSearchOf({ searchString: '', searchQuery: '' })).toBe('');
    expect(alertSearchOf({ searchString: null, searchQuery: null })).toBe('');
  });

  it('keys the editor on collection, search and permissions', () => {
    const one = alertSubjectOf(collection({ searchString: 'boats' }));
    expect(alertSubjectKey(one)).toBe(alertSubjectKey(alertSubjectOf(collection({ searchString: 'boats' }))));
    expect(alertSubjectKey(one)).not.toBe(alertSubjectKey(alertSubjectOf(collection({ searchString: 'cars' }))));
    expect(alertSubjectKey(one)).not.toBe(alertSubjectKey(alertSubjectOf(collection({ searchString: 'boats', permissions: ['View'] }))));
    expect(alertSubjectKey(undefined)).toBe('none');
  });

  it('finds the alert of the same collection and search only', () => {
    const subject = alertSubjectOf(collection({ searchString: 'boats' }))!;
    const alerts = [
      { href: '/a/1', collection: PHOTOS, dtSearchString: '' },
      { href: '/a/2', collection: `${PHOTOS}Trips/`, dtSearchString: 'boats' },
      { href: '/a/3', collection: PHOTOS, dtSearchString: 'boats' },
    ];
    expect(findAlert(alerts, subject)?.href).toBe('/a/3');
    expect(findAlert(alerts, { ...subject, searchText: '' })?.href).toBe('/a/1');
    expect(findAlert(alerts, { ...subject, searchText: 'cars' })).toBeUndefined();
  });

  it('names the machine’s regions in one word', () => {
    expect(alertEditorStateName({ popover: 'closed', confirmation: 'hidden' })).toBe('closed');
    expect(alertEditorStateName({ popover: { open: 'saving' }, confirmation: 'shown' })).toBe('saving');
    expect(alertConfirmationStateName({ popover: 'closed', confirmation: 'closing' })).toBe('closing');
    expect(alertConfirmationStateName('x')).toBe('hidden');
    expect(['creating', 'saving', 'deleting'].every(isAlertRequestRunning)).toBe(true);
    expect(['closed', 'offering', 'read', 'edit'].some(isAlertRequestRunning)).toBe(false);
  });

  it('hands the machine the DAM’s words for a failure, and nothing for a lost connection (spec 01 §8)', () => {
    const conflict = new ApiError(409, { value: 'AlertExists', message: 'You already have an alert on this search.', heading: 'Conflict' });
    expect(alertRequestError(conflict)).toEqual({ value: 'AlertExists', message: 'You already have an alert on this search.', heading: 'Conflict', status: 409 });
    expect(alertNotice('create', alertRequestError(conflict), ALERT_CREATE_FAILED_MESSAGE).message).toBe('You already have an alert on this search.');
    expect(alertNotice('create', alertRequestError(new TypeError('Failed to fetch')), ALERT_CREATE_FAILED_MESSAGE).message).toBe(ALERT_CREATE_FAILED_MESSAGE);
    expect(alertNotice('create', alertRequestError(new ApiError(500, undefined)), ALERT_CREATE_FAILED_MESSAGE).message).toBe(ALERT_CREATE_FAILED_MESSAGE);
  });

  it('shows the confirmation query once: escaped by the machine, decoded for a text node (spec 01 §2, §9)', () => {
    const query = 'harbour & "sunset" <boats> at dawn, Bergen waterfront, drone, aerial view';
    expect(alertConfirmationText(alertConfirmationQuery(query))).toBe('Alert created for “harbour & "sunset" <boats> at dawn, Bergen waterfr…”');
    expect(alertConfirmationText(alertConfirmationQuery('&amp;'))).toBe('Alert created for “&amp;”');
    expect(alertConfirmationText(alertConfirmationQuery(''))).toBe('Alert created for every new asset');
  });

  it('dates notifications relative to now within a day', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(notificationTime('2026-11-29T11:59:30Z', now)).toBe('just now');
    expect(notificationTime('2026-11-29T11:55:00Z', now)).toBe('5 min ago');
    expect(notificationTime('2026-11-29T09:00:00Z', now)).toBe('3 h ago');
    expect(notificationTime('2026-11-20T09:00:00Z', now)).toMatch(/^20 Nov 2026, \d\d:\d\d$/);
    expect(notificationTime('not a date', now)).toBe('not a date');
  });

  it('names the bell with its unread count', () => {
    expect(alertsButtonLabel(0)).toBe('Alerts');
    expect(alertsButtonLabel(1)).toBe('Alerts, 1 unread notification');
    expect(alertsButtonLabel(12)).toBe('Alerts, 12 unread notifications');
  });
});
