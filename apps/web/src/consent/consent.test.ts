import { describe, expect, it } from 'vitest';
import { ASSET_CONSENT_STATE_LABELS, CONSENT_FORM_STATE_LABELS, consentStatePalette } from './consent.ts';

describe('the consent room’s words (issue 15)', () => {
  it('colours full consent green, no consent red, no forms grey and the rest orange', () => {
    expect(consentStatePalette('FullConsent')).toBe('green');
    expect(consentStatePalette('NoConsentNeeded')).toBe('green');
    expect(consentStatePalette('NoConsent')).toBe('red');
    expect(consentStatePalette('NoConsentInfo')).toBe('gray');
    expect(consentStatePalette('Pending')).toBe('orange');
    expect(consentStatePalette('PartialConsent')).toBe('orange');
  });

  it('names every state', () => {
    expect(Object.keys(ASSET_CONSENT_STATE_LABELS)).toHaveLength(7);
    expect(Object.values(CONSENT_FORM_STATE_LABELS)).toEqual(['Pending', 'Signed', 'Partially signed', 'Declined', 'Revoked']);
  });
});
