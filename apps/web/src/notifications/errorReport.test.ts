import { describe, expect, it } from 'vitest';
import { ApiError } from '@magpie/api-types/client';
import { DEFAULT_ERROR_MESSAGE } from '@magpie/machines';
import { detailsText } from './ErrorModal.tsx';
import { ACCESS_DENIED, errorReport } from './errorReport.ts';

describe('errorReport (spec 01 §2 error modal, §8)', () => {
  it('reads the FotoWeb error body of an ApiError: value, request id, heading, message, issues, status', () => {
    const report = errorReport(
      new ApiError(400, {
        value: 'InvalidRequest',
        message: 'The name is not valid.',
        heading: 'Invalid request',
        requestId: 'req-42',
        issues: [{ path: 'body.name', message: 'Must not contain "/".' }],
      }),
      { message: 'The assets could not be renamed.', taskId: 'task-7' },
    );
    expect(report).toEqual({
      title: 'Error',
      message: 'The assets could not be renamed.',
      details: {
        value: 'InvalidRequest',
        requestId: 'req-42',
        taskId: 'task-7',
        heading: 'Invalid request',
        detail: 'The name is not valid.',
        description: 'body.name: Must not contain "/".',
        technicalInfo: 'HTTP 400',
      },
    });
  });

  it('says Access denied for a 401, from either shape', () => {
    expect(errorReport(new ApiError(401, { value: 'Unauthorized', message: 'Log in.' })).title).toBe(ACCESS_DENIED);
    expect(errorReport({ status: 401, responseJSON: null })).toMatchObject({ title: ACCESS_DENIED, message: ACCESS_DENIED, details: { technicalInfo: 'HTTP 401' } });
  });

  it('shows a network failure as the general error with its own text', () => {
    expect(errorReport(new TypeError('Failed to fetch'))).toEqual({ title: 'Error', message: DEFAULT_ERROR_MESSAGE, details: { technicalInfo: 'TypeError: Failed to fetch' } });
  });

  it('copies the date and the known details, one per line', () => {
    const text = detailsText(errorReport({ status: 404, responseJSON: { value: 'NotFound', message: 'Gone', requestId: 'r1' } }), new Date('2026-11-29T07:00:00Z'));
    expect(text).toBe(['Date: 2026-11-29T07:00:00.000Z', 'Value: NotFound', 'Request ID: r1', 'Message: Gone', 'Technical info: HTTP 404'].join('\n'));
  });
});
