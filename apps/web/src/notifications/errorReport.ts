/**
 * What the error modal shows of a failed request (spec 01 §2 "Error modal: date, request id, background task id,
 * heading, message, detail, description and technical info. A 401 shows 'Access denied'", §8): read from an
 * {@link ApiError} (its status and FotoWeb-style body, dam.yaml `ErrorBody`), the machines' `{status, responseJSON}`
 * shape, or any other failure (a network error: its message as the technical info).
 */
import { ApiError } from '@magpie/api-types/client';
import { DEFAULT_ERROR_MESSAGE } from '@magpie/machines';

/** The detail rows of the error modal, in the order shown; each only when known. */
export interface ErrorDetails {
  /** The error's symbol (`value`, e.g. `NotFound`). */
  readonly value?: string;
  /** The request id the BFF and the DAM logged it under (`requestId`). */
  readonly requestId?: string;
  /** The background task it happened in (`task-status` id). */
  readonly taskId?: string;
  /** The server's heading. */
  readonly heading?: string;
  /** The server's message. */
  readonly detail?: string;
  /** Field problems of a 400, one per line (`issues`). */
  readonly description?: string;
  /** The HTTP status, or the failure's own text. */
  readonly technicalInfo?: string;
}

/** A failure as the error modal shows it: its title, the sentence for people, and the details. */
export interface ErrorReport {
  readonly title: string;
  readonly message: string;
  readonly details: ErrorDetails;
}

/** The title of a 401 (spec 01 §8 "401 in the error modal: Access denied"). */
export const ACCESS_DENIED = 'Access denied';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * The {@link ErrorReport} of `error`. `message` is the sentence for people (the action's own, e.g. spec 01 §8's
 * per-action messages; the general error by default); `taskId` names the background task.
 */
export function errorReport(error: unknown, options: { readonly message?: string; readonly taskId?: string; readonly title?: string } = {}): ErrorReport {
  let status: number | undefined;
  let body: Record<string, unknown> | undefined;
  if (error instanceof ApiError) {
    status = error.status;
    body = error.body as Record<string, unknown> | undefined;
  } else if (typeof error === 'object' && error !== null && 'status' in error) {
    const shaped = error as { status?: unknown; responseJSON?: unknown };
    status = typeof shaped.status === 'number' ? shaped.status : undefined;
    body = typeof shaped.responseJSON === 'object' && shaped.responseJSON !== null ? (shaped.responseJSON as Record<string, unknown>) : undefined;
  }
  const issues = Array.isArray(body?.['issues']) ? (body['issues'] as Array<{ path?: unknown; message?: unknown }>) : [];
  const details: ErrorDetails = {
    ...(text(body?.['value']) ? { value: text(body?.['value'])! } : {}),
    ...(text(body?.['requestId']) ? { requestId: text(body?.['requestId'])! } : {}),
    ...(options.taskId ? { taskId: options.taskId } : {}),
    ...(text(body?.['heading']) ? { heading: text(body?.['heading'])! } : {}),
    ...(text(body?.['message']) ? { detail: text(body?.['message'])! } : {}),
    ...(issues.length > 0 ? { description: issues.map((issue) => `${text(issue.path) ?? '(body)'}: ${text(issue.message) ?? ''}`).join('\n') } : {}),
    technicalInfo: status !== undefined ? `HTTP ${status}` : error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
  if (status === 401) return { title: ACCESS_DENIED, message: ACCESS_DENIED, details };
  return { title: options.title ?? 'Error', message: options.message ?? DEFAULT_ERROR_MESSAGE, details };
}
