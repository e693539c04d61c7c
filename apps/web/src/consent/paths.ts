/** The Consent page (the descriptor's `views.manageConsentForms`; issue 15, spec 03 §2.1). */
export const CONSENT_VIEW_PATH = '/fotoweb/views/consent';
