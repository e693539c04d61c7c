import { describe, expect, it } from 'vitest';
import { progressPercent, statusText, toUploadInputs } from './fileRow.ts';

describe('upload file rows', () => {
  it('shows progress in percent', () => {
    expect(progressPercent({ size: 200, bytesSent: 50, status: 'uploading' })).toBe(25);
    expect(progressPercent({ size: 0, bytesSent: 0, status: 'uploading' })).toBe(0);
    expect(progressPercent({ size: 200, bytesSent: 500, status: 'uploading' })).toBe(100);
    expect(progressPercent({ size: 200, bytesSent: 0, status: 'processing' })).toBe(100);
    expect(progressPercent({ size: 200, bytesSent: 200, status: 'done' })).toBe(100);
  });

  it('says what happens, or why it failed (spec 01 §8)', () => {
    expect(statusText({ size: 10, bytesSent: 0, status: 'queued' })).toBe('Waiting');
    expect(statusText({ size: 10, bytesSent: 5, status: 'uploading' })).toBe('Uploading… 50%');
    expect(statusText({ size: 10, bytesSent: 10, status: 'processing' })).toBe('Processing…');
    expect(statusText({ size: 10, bytesSent: 10, status: 'done' })).toBe('Uploaded');
    expect(statusText({ size: 10, bytesSent: 0, status: 'failed', error: { value: 'uploadTargetError', message: 'Upload target error.' } })).toBe('Upload target error.');
  });

  it('keeps the bytes of picked files', () => {
    const blob = new Blob(['abc']);
    const file = Object.assign(blob, { name: 'a.jpg' }) as unknown as File;
    expect(toUploadInputs([file])).toEqual([{ name: 'a.jpg', size: 3, blob: file }]);
  });
});
