import type { Dam } from '@magpie/api-types';
import type { ConsentFormRow, ConsentFormStateName, ConsentSettingsRow } from '../db/schema.ts';
import { presentConsentLists } from './consent-settings.presenter.ts';
import { presentPaging } from './user.presenter.ts';

type S = Dam.components['schemas'];

/** Where consent forms live (Magpie's own API, issue 15). */
export const CONSENT_FORMS_HREF = '/fotoweb/consent/forms/';
/** The consent page of the web client (spec 03 §2.1 "Consent forms", `views.manageConsentForms`). */
export const CONSENT_VIEW = '/fotoweb/views/consent';
/** The descriptor's consent feature level while consent forms are on: what the consent status filter needs (spec 02 §9). */
export const CONSENT_FEATURE_LEVEL = 40; // spec 02 §9

/** The form states in the order `countByConsentFormState` lists them (FotoWare's `ConsentFormState`). */
export const CONSENT_FORM_STATES: readonly ConsentFormStateName[] = ['Pending', 'Signed', 'PartiallySigned', 'Declined', 'Revoked'];

/** A consent form's href. */
export function consentFormHref(id: number): string {
  return `${CONSENT_FORMS_HREF}${id}`;
}

/** Today as `YYYY-MM-DD` in UTC: the day a form's `expires` is compared with. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a form's consent has run out: its last valid day (`expires`, `YYYY-MM-DD`) is before `today`. */
export function isExpired(form: Pick<ConsentFormRow, 'expires'>, today: string): boolean {
  return form.expires !== null && form.expires < today;
}

/**
 * An asset's overall consent state from its forms (issue 15; spec 01 §3 `assetConsentState`; docs/decisions.md
 * "Consent"): no form `NoConsentInfo`; a declined, revoked or expired form `NoConsent`; every form signed
 * `FullConsent`; a partially signed form `PartialConsent`; otherwise (some still pending) `Pending`. The search's
 * `cst` filter compiles the same rule to SQL (search/compile.ts `consentStateSql`).
 */
export function assetConsentState(forms: ReadonlyArray<Pick<ConsentFormRow, 'state' | 'expires'>>, today: string): S['AssetConsentState'] {
  if (forms.length === 0) return 'NoConsentInfo';
  if (forms.some((f) => f.state === 'Declined' || f.state === 'Revoked' || isExpired(f, today))) return 'NoConsent';
  if (forms.every((f) => f.state === 'Signed')) return 'FullConsent';
  if (forms.some((f) => f.state === 'PartiallySigned')) return 'PartialConsent';
  return 'Pending';
}

const category = (key: string): S['AssetConsentCategory'] => ({ key, title: key });

/**
 * The `consentStatus` of an asset (spec 01 §3; FotoWare's `ConsentStatus`) from its forms: the state, the usages
 * every valid signed form approves (`approvedConsents`), those a declined, revoked or expired form names
 * (`declinedConsents`), `MoreConsentNeeded` while a form is pending or partially signed, and the counts per state.
 */
export function presentConsentStatus(forms: ReadonlyArray<Pick<ConsentFormRow, 'state' | 'expires' | 'usages'>>, today: string): S['ConsentStatus'] {
  const valid = forms.filter((f) => f.state === 'Signed' && !isExpired(f, today));
  const refused = forms.filter((f) => f.state === 'Declined' || f.state === 'Revoked' || isExpired(f, today));
  const approved = valid.length === 0 ? [] : valid.map((f) => new Set(f.usages)).reduce((a, b) => new Set([...a].filter((u) => b.has(u))));
  const declined = new Set(refused.flatMap((f) => f.usages));
  return {
    assetConsentState: assetConsentState(forms, today),
    approvedConsents: [...approved].sort().map(category),
    declinedConsents: [...declined].sort().map(category),
    ConsentFlags: forms.some((f) => f.state === 'Pending' || f.state === 'PartiallySigned') ? ['MoreConsentNeeded'] : [],
    consentFormCount: forms.length,
    countByConsentFormState: CONSENT_FORM_STATES.map((state) => ({ consentFormState: state, consentFormCount: forms.filter((f) => f.state === state).length })).filter(
      (entry) => entry.consentFormCount > 0,
    ),
  };
}

/** A linked asset as a form names it: its id (`uniqueid`) and file name. */
export interface ConsentLinkedAsset {
  readonly id: number;
  readonly name: string;
}

/**
 * A consent form as its details are shown (`ConsentForm`): `assets` are the linked assets the caller may see (by id,
 * ascending), `assets` their ids and `linkedAssets` their ids and file names.
 */
export function presentConsentForm(form: ConsentFormRow, assets: readonly ConsentLinkedAsset[], canManage: boolean, today: string): S['ConsentForm'] {
  const linked = [...assets].sort((a, b) => a.id - b.id);
  return {
    id: form.id,
    href: consentFormHref(form.id),
    personName: form.person_name,
    email: form.email,
    state: form.state,
    signed: form.signed,
    expires: form.expires,
    expired: isExpired(form, today),
    category: form.category,
    usages: form.usages,
    assets: linked.map((a) => a.id),
    linkedAssets: linked.map((a) => ({ id: a.id, name: a.name })),
    created: form.created.toISOString(),
    modified: form.modified.toISOString(),
    canManage,
  };
}

/** The page size of the consent form list (`listConsentForms`). */
export const CONSENT_FORM_PAGE_SIZE = 25;

/** A page of forms (`ConsentFormPage`): the forms as presented, `count` in all, and `paging` links that keep `q`. */
export function presentConsentFormPage(forms: S['ConsentForm'][], count: number, q: string | undefined, page: number): S['ConsentFormPage'] {
  return { data: forms, count, paging: presentPaging(CONSENT_FORMS_HREF, { query: { q }, page, pageSize: CONSENT_FORM_PAGE_SIZE }, count) };
}

/** The settings row as `ConsentFormSettings` (spec 03 §3.10). */
export function presentConsentSettings(row: ConsentSettingsRow): S['ConsentFormSettings'] {
  return {
    companyAbout: row.company_about,
    contactEmailAddress: row.contact_email_address,
    companyName: row.company_name,
    defaultUrlExpiryDays: row.default_url_expiry_days,
    enableConsentForms: row.enable_consent_forms,
    pdfRenderCompanyLogo: row.pdf_render_company_logo,
    pdfRenderCompanyLogoInBanner: row.pdf_render_company_logo_in_banner,
    ...presentConsentLists(row),
  };
}
