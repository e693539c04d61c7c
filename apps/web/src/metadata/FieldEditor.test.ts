import { describe, expect, it } from 'vitest';
import { ApiError } from '@magpie/api-types/client';
import { FIELD_SAVE_FAILED_MESSAGE, toFieldSaveError } from '@magpie/machines';
import { saveErrorText } from './FieldEditor.tsx';
import { BatchEditError } from './batchJob.ts';

describe('saveErrorText', () => {
  it("adds the server's reason to the save failure", () => {
    const refused = new ApiError(400, { value: 'InvalidMetadata', message: 'Title is at most 64 characters.' });
    expect(saveErrorText(toFieldSaveError(refused))).toBe(`${FIELD_SAVE_FAILED_MESSAGE} Title is at most 64 characters.`);
  });

  it("adds the batch edit's own message", () => {
    const failed = new BatchEditError('1 of 2 assets could not be changed.', ['/a.info']);
    expect(saveErrorText(toFieldSaveError(failed))).toBe(`${FIELD_SAVE_FAILED_MESSAGE} 1 of 2 assets could not be changed.`);
  });

  it('says only that the save failed for anything else', () => {
    expect(saveErrorText(toFieldSaveError(new TypeError('Failed to fetch')))).toBe(FIELD_SAVE_FAILED_MESSAGE);
    expect(saveErrorText(toFieldSaveError(new ApiError(500, undefined)))).toBe(FIELD_SAVE_FAILED_MESSAGE);
  });
});
