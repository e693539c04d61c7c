/** The consent room's words (issue 15; FotoWare's consent states, spec 01 §3). */
import type { ConsentFormState, ConsentStatus } from '@magpie/api-types';

/** An asset's overall consent state as people read it. */
export const ASSET_CONSENT_STATE_LABELS: Record<ConsentStatus['assetConsentState'], string> = {
  NoConsentInfo: 'No consent information',
  NoConsentNeeded: 'No consent needed',
  Pending: 'Consent pending',
  NoConsent: 'No consent',
  PartialConsent: 'Partial consent',
  FullConsent: 'Full consent',
  MoreConsentNeeded: 'More consent needed',
};

/** A consent form's state as people read it. */
export const CONSENT_FORM_STATE_LABELS: Record<ConsentFormState, string> = {
  Pending: 'Pending',
  Signed: 'Signed',
  PartiallySigned: 'Partially signed',
  Declined: 'Declined',
  Revoked: 'Revoked',
};

/** The badge colour of a state: green for full consent, red for none, orange while pending or partial, grey without forms. */
export function consentStatePalette(state: ConsentStatus['assetConsentState']): string {
  if (state === 'FullConsent' || state === 'NoConsentNeeded') return 'green';
  if (state === 'NoConsent') return 'red';
  if (state === 'NoConsentInfo') return 'gray';
  return 'orange';
}
