import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, PIN_LIMIT_NOTICE, pinLimitMessage } from '@magpie/machines';
import { pinAllFailedNotice, pinAllNotice } from './pinAll.ts';

describe('pinning the selection at once (issue 13; spec 01 §4, §8)', () => {
  it('says how many were pinned, or that they were pinned already', () => {
    expect(pinAllNotice(3, 3, 3, 200)).toEqual({ name: 'pinned', message: '3 assets pinned.' });
    expect(pinAllNotice(3, 1, 1, 200)).toEqual({ name: 'pinned', message: '1 asset pinned.' });
    expect(pinAllNotice(2, 0, 0, 200)).toEqual({ name: 'pinned', message: 'The 2 assets are pinned already.' });
    expect(pinAllNotice(1, 0, 0, 200)).toEqual({ name: 'pinned', message: 'The asset is pinned already.' });
  });

  it('names the pin limit pinLimit when it stopped all or some of them', () => {
    expect(pinAllNotice(2, 2, 0, 4)).toEqual({ name: PIN_LIMIT_NOTICE, message: pinLimitMessage(4) });
    const some = pinAllNotice(3, 3, 1, 4);
    expect(some.name).toBe(PIN_LIMIT_NOTICE);
    expect(some.message).toContain('1 of 3 assets pinned');
    expect(some.message).toContain('(4)');
  });

  it('says why a save failed, as the pin toggles do', () => {
    expect(pinAllFailedNotice({ status: 404, responseJSON: { message: 'The asset was not found.' } })).toEqual({
      name: 'saveFailed',
      message: 'The pins could not be saved. The asset was not found.',
    });
    expect(pinAllFailedNotice(new TypeError('offline')).message).toContain(DEFAULT_ERROR_MESSAGE);
  });
});
