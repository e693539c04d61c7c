import { describe, expect, it } from 'vitest';
import { describeSecretRegisterModel } from '../secretRegister/secretRegister.testing.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  isHttpUrl,
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_FORBIDDEN,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_REQUIRED,
  WEBHOOK_URL_TOO_LONG,
  webhookErrorMessage,
  webhookProblems,
  webhookRegisterMachine,
  type RegisteredWebhook,
  type WebhookDraft,
} from './webhookRegister.machine.ts';
import { MODEL_REGISTERED_WEBHOOK, webhookRegisterModel } from './webhookRegister.model.ts';

describeSecretRegisterModel<WebhookDraft, RegisteredWebhook>(webhookRegisterModel, webhookRegisterMachine, {
  // An empty form has both problems; ftp is refused.
  afterRegister(draft, after) {
    const url = draft.url.trim();
    const sendable = url.startsWith('https://') && draft.events.length > 0;
    expect(after.value).toBe(sendable ? 'registering' : 'editing');
    if (url === '') expect(after.context.problems).toEqual([WEBHOOK_URL_REQUIRED, WEBHOOK_EVENTS_REQUIRED]);
    if (url.startsWith('ftp:')) expect(after.context.problems).toEqual([WEBHOOK_URL_INVALID]);
  },
  errorMessage: webhookErrorMessage,
  // The URL goes trimmed, the events in the DAM's order, the switch as set.
  sent: { url: 'https://hooks.example.com/magpie', events: ['asset.ingested', 'asset.deleted'], enabled: false },
  secretOf: (created) => created.secret,
  registered: MODEL_REGISTERED_WEBHOOK,
});

describe('webhook rules', () => {
  it('checks the URL and the events before sending', () => {
    expect(webhookProblems({ url: 'http://127.0.0.1:8080/hook', events: ['asset.modified'], enabled: true })).toEqual([]);
    expect(webhookProblems({ url: `https://example.com/${'x'.repeat(2048)}`, events: ['asset.modified'], enabled: true })).toEqual([WEBHOOK_URL_TOO_LONG]);
    expect(webhookProblems({ url: 'example.com/hook', events: ['asset.modified'], enabled: true })).toEqual([WEBHOOK_URL_INVALID]);
    expect(webhookProblems({ url: 'javascript:alert(1)', events: [], enabled: true })).toEqual([WEBHOOK_URL_INVALID, WEBHOOK_EVENTS_REQUIRED]);
    expect(isHttpUrl('https://example.com')).toBe(true);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
  });

  it('says the DAM reason for 403 and 400, the general error otherwise', () => {
    expect(webhookErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'No.' } })).toBe('No.');
    expect(webhookErrorMessage({ status: 403, responseJSON: null })).toBe(WEBHOOK_FORBIDDEN);
    expect(webhookErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'bad', issues: [{ message: 'Bad URL.' }] } })).toBe('Bad URL.');
    expect(webhookErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'bad' } })).toBe('bad');
    expect(webhookErrorMessage({ status: 502, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(webhookErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
