import type { Dam } from '@magpie/api-types';
import { ApiError, forbidden, notFound } from '../lib/errors.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import {
  CONSENT_FORM_PAGE_SIZE,
  presentConsentForm,
  presentConsentFormPage,
  presentConsentSettings,
  presentConsentStatus,
  utcToday,
  type ConsentLinkedAsset,
} from '../presenters/consent.presenter.ts';
import { storedConsentLists } from '../presenters/consent-settings.presenter.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ConsentFormRow } from '../db/schema.ts';
import type { ConsentFormValues, ConsentRepository } from '../repositories/consent.repository.ts';
import type { AssetRef, AssetsService } from './assets.service.ts';
import { recordActivity } from './activity.service.ts';

type S = Dam.components['schemas'];

/** What a consent form records, as the API names it (`ConsentFormFields`). */
export type ConsentFormInput = S['ConsentFormFields'];

/** The API names of a form's fields, by their column, for the activity log's `fields` of a change. */
const FIELD_NAMES = { person_name: 'personName', email: 'email', state: 'state', signed: 'signed', expires: 'expires', category: 'category', usages: 'usages' } as const;

/** The API names of the fields `values` changes in `before`. */
function changedFields(before: ConsentFormValues, values: ConsentFormValues): string[] {
  return (Object.keys(FIELD_NAMES) as Array<keyof typeof FIELD_NAMES>).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(values[key])).map((key) => FIELD_NAMES[key]);
}

/** The settings' keys whose values differ (the activity log names them, never their values). */
function changedSettings(before: S['ConsentFormSettings'], after: S['ConsentFormSettings']): string[] {
  return (Object.keys(after) as Array<keyof S['ConsentFormSettings']>).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

const valuesOf = (input: ConsentFormInput): ConsentFormValues => ({
  person_name: input.personName.trim(),
  email: input.email?.trim() || null,
  state: input.state,
  signed: input.signed ?? null,
  expires: input.expires ?? null,
  category: input.category?.trim() || null,
  usages: [...new Set((input.usages ?? []).map((u) => u.trim()).filter((u) => u !== ''))],
});

/**
 * Consent (issue 15; spec 01 §3 `consentStatus`, spec 03 §3.10 settings, §3.11 permissions; docs/decisions.md
 * "Consent"): the settings (`configureConsentForms`), the consent forms and the assets they cover. Reading an asset's
 * summary needs `ViewConsentSummary` on its archive, the forms' details `ViewConsentDetails`, recording and changing
 * forms `ManageConsentStatus` on the archive of every asset a form covers.
 */
export class ConsentService {
  constructor(
    private readonly deps: {
      consent: ConsentRepository;
      assets: AssetsRepository;
      policy: ArchivePolicy;
      assetsService: AssetsService;
      /** The clock a form's expiry is compared with (tests move it). */
      now?: () => Date;
    },
  ) {}

  private today(): string {
    return utcToday(this.deps.now?.() ?? new Date());
  }

  /** The settings (spec 03 §3.10). @throws ApiError 403 without configureConsentForms or manageArchives (the archive dialog reads them, spec 03 §6). */
  async settings(caller: Caller): Promise<S['ConsentFormSettings']> {
    sitePolicy.assertCanAny(caller, ['configureConsentForms', 'manageArchives']);
    return presentConsentSettings(await this.deps.consent.settings());
  }

  /**
   * Saves the whole settings, the lists as `storedConsentLists` keeps them (the route's schema has checked them with
   * `consentListProblems`: 400 naming the item). The activity log records `site.consentSettingsChanged` (the keys
   * changed, whether consent forms are on) in the same transaction. @throws ApiError 403 without configureConsentForms.
   */
  async saveSettings(caller: Caller, input: S['ConsentFormSettings']): Promise<S['ConsentFormSettings']> {
    sitePolicy.assertCan(caller, 'configureConsentForms');
    return this.deps.consent.transaction(async (consent, trx) => {
      const before = presentConsentSettings(await consent.settings());
      const after = presentConsentSettings(await this.storeSettings(consent, input));
      const details = { fields: changedSettings(before, after), enableConsentForms: after.enableConsentForms };
      await recordActivity(trx, caller, 'site.consentSettingsChanged', { kind: 'site', name: 'Consent settings' }, details);
      return after;
    });
  }

  private async storeSettings(consent: ConsentRepository, input: S['ConsentFormSettings']) {
    return consent.saveSettings({
      company_about: input.companyAbout,
      contact_email_address: input.contactEmailAddress.trim(),
      company_name: input.companyName.trim(),
      default_url_expiry_days: input.defaultUrlExpiryDays,
      enable_consent_forms: input.enableConsentForms,
      pdf_render_company_logo: input.pdfRenderCompanyLogo,
      pdf_render_company_logo_in_banner: input.pdfRenderCompanyLogoInBanner,
      ...storedConsentLists(input),
    });
  }

  /** Whether consent forms are on (the descriptor's feature level, assets' `consentStatus`). */
  async isEnabled(): Promise<boolean> {
    return (await this.deps.consent.settings()).enable_consent_forms;
  }

  /**
   * The `consentStatus` of assets of one archive for a caller holding `permissions` there: a map by asset id, or
   * undefined (no `consentStatus` to show) while consent forms are off or without `ViewConsentSummary`.
   */
  async statusesOf(permissions: ReadonlySet<string>, assetIds: readonly number[]): Promise<Map<number, S['ConsentStatus']> | undefined> {
    if (!assetPolicy.can(permissions, 'viewConsentSummary') || !(await this.isEnabled())) return undefined;
    const rows = await this.deps.consent.formsOfAssets(assetIds);
    const today = this.today();
    return new Map(
      assetIds.map((id) => [
        id,
        presentConsentStatus(
          rows.filter((row) => row.asset_id === id),
          today,
        ),
      ]),
    );
  }

  /**
   * The caller's permissions on each of `assetIds` they may view (View on the archive, within its AutoSearch; live
   * assets only), with the asset's file name.
   */
  private async viewable(caller: Caller, assetIds: readonly number[]): Promise<Map<number, { permissions: ReadonlySet<string>; name: string }>> {
    const rows = await this.deps.assets.findByIds(assetIds);
    const byArchive = new Map<number, typeof rows>();
    for (const row of rows) byArchive.set(row.archive_id, [...(byArchive.get(row.archive_id) ?? []), row]);
    const access = await this.deps.policy.accessOn(caller, [...byArchive.keys()]);
    const answer = new Map<number, { permissions: ReadonlySet<string>; name: string }>();
    for (const [archiveId, archiveRows] of byArchive) {
      const a = access.get(archiveId);
      if (!a || !assetPolicy.can(a.permissions, 'view')) continue;
      const visible = a.visibility
        ? await this.deps.assets.matchingIds(
            archiveRows.map((r) => r.id),
            a.visibility,
          )
        : undefined;
      for (const row of archiveRows) if (!visible || visible.has(row.id)) answer.set(row.id, { permissions: a.permissions, name: row.filename });
    }
    return answer;
  }

  /** Whether the caller holds ManageConsentStatus on at least one archive: who may list forms and manage those that cover no asset. */
  private async managesSomewhere(caller: Caller): Promise<boolean> {
    const access = await this.deps.policy.accessOn(caller);
    return [...access.values()].some((a) => assetPolicy.can(a.permissions, 'manageConsent'));
  }

  /**
   * A form the caller may change: seen through at least one of its assets, with ManageConsentStatus on all of them
   * (an asset they may not view counts as one they may not manage); a form covering no asset, with
   * ManageConsentStatus on some archive (docs/decisions.md "Consent").
   * @throws ApiError 404 for an unknown form or one on no asset the caller sees, 403 without the permission.
   */
  private async managedForm(caller: Caller, formId: number) {
    const form = await this.deps.consent.find(formId);
    if (!form) throw notFound('The consent form');
    const assetIds = await this.deps.consent.assetIdsOf(formId);
    if (assetIds.length === 0) {
      if (!(await this.managesSomewhere(caller))) throw notFound('The consent form');
      return { form, assetIds, viewable: new Map<number, { permissions: ReadonlySet<string>; name: string }>() };
    }
    const viewable = await this.viewable(caller, assetIds);
    if (viewable.size === 0) throw notFound('The consent form');
    for (const id of assetIds) assetPolicy.assertCan(viewable.get(id)?.permissions ?? new Set(['View']), 'manageConsent');
    return { form, assetIds, viewable };
  }

  /** Whether the caller may change a form covering `assetIds`, knowing what they see of those assets. */
  private mayManage(assetIds: readonly number[], viewable: ReadonlyMap<number, { permissions: ReadonlySet<string> }>, managesSomewhere: boolean): boolean {
    if (assetIds.length === 0) return managesSomewhere;
    return assetIds.every((id) => {
      const permissions = viewable.get(id)?.permissions;
      return permissions !== undefined && assetPolicy.can(permissions, 'manageConsent');
    });
  }

  /** `rows` as presented to the caller: each with the linked assets they see and whether they may change it. */
  private async presentAll(caller: Caller, rows: readonly ConsentFormRow[], managesSomewhere: boolean): Promise<S['ConsentForm'][]> {
    const assetsOf = await this.deps.consent.assetIdsOfForms(rows.map((f) => f.id));
    const viewable = await this.viewable(caller, [...new Set([...assetsOf.values()].flat())]);
    const today = this.today();
    return rows.map((form) => {
      const ids = assetsOf.get(form.id) ?? [];
      return presentConsentForm(form, linkedOf(ids, viewable), this.mayManage(ids, viewable, managesSomewhere), today);
    });
  }

  /**
   * The forms covering an asset, with their details. @throws ApiError 404 for an asset the caller may not view, 403
   * without ViewConsentDetails on its archive.
   */
  async formsOfAsset(caller: Caller, assetId: number): Promise<S['ConsentFormList']> {
    const own = await this.viewable(caller, [assetId]);
    const permissions = own.get(assetId)?.permissions;
    if (!permissions) throw notFound('The asset');
    assetPolicy.assertCan(permissions, 'viewConsentDetails');
    const forms = await this.deps.consent.formsOfAssets([assetId]);
    return {
      data: await this.presentAll(
        caller,
        forms.map(({ asset_id: _assetId, ...form }) => form),
        false,
      ),
    };
  }

  /**
   * A page of the forms the caller may see (issue 15; the panel's "Link existing form"): those covering an asset they
   * may view with ViewConsentDetails on its archive, and those covering no asset; `q` filters on the person's name,
   * e-mail and category; `page` is 0-based.
   * @throws ApiError 403 without ManageConsentStatus on any archive.
   */
  async list(caller: Caller, q: string | undefined, page: number): Promise<S['ConsentFormPage']> {
    const access = await this.deps.policy.accessOn(caller);
    if (![...access.values()].some((a) => assetPolicy.can(a.permissions, 'manageConsent')))
      throw forbidden('You need the ManageConsentStatus permission on an archive to list and link consent forms.');
    const archives = [...access].filter(([, a]) => assetPolicy.can(a.permissions, 'viewConsentDetails')).map(([archiveId, a]) => ({ archiveId, visibility: a.visibility }));
    const { rows, count } = await this.deps.consent.list({ archives, unlinked: true }, q, page * CONSENT_FORM_PAGE_SIZE, CONSENT_FORM_PAGE_SIZE);
    return presentConsentFormPage(await this.presentAll(caller, rows, true), count, q?.trim() || undefined, page);
  }

  /**
   * Records a form covering the assets `refs` names. @throws ApiError 404 for an asset the caller may not view, 403
   * without ManageConsentStatus on one's archive.
   */
  async create(caller: Caller, refs: readonly AssetRef[], input: ConsentFormInput): Promise<S['ConsentForm']> {
    const loaded = await this.deps.assetsService.loadMany(caller, refs);
    const linked = new Map<number, ConsentLinkedAsset>();
    for (const entry of loaded) {
      if (!entry) throw notFound('The asset');
      assetPolicy.assertCan(entry.permissions, 'manageConsent');
      linked.set(entry.asset.id, { id: entry.asset.id, name: entry.asset.filename });
    }
    const form = await this.deps.consent.transaction(async (consent, trx) => {
      const created = await consent.create(valuesOf(input), [...linked.keys()], caller.userId);
      const details = { state: created.state, assets: [...linked.keys()].sort((a, b) => a - b) };
      await recordActivity(trx, caller, 'consent.formCreated', { kind: 'consentForm', id: created.id, name: created.person_name }, details);
      return created;
    });
    return presentConsentForm(form, [...linked.values()], true, this.today());
  }

  /** Changes a form's fields. @throws ApiError 404, 403 as {@link managedForm}. */
  async update(caller: Caller, formId: number, input: ConsentFormInput): Promise<S['ConsentForm']> {
    const { form: before, assetIds, viewable } = await this.managedForm(caller, formId);
    const values = valuesOf(input);
    const form = await this.deps.consent.transaction(async (consent, trx) => {
      const updated = await consent.update(formId, values);
      if (!updated) throw notFound('The consent form');
      const details = { fields: changedFields(before, values), state: updated.state };
      await recordActivity(trx, caller, 'consent.formChanged', { kind: 'consentForm', id: formId, name: updated.person_name }, details);
      return updated;
    });
    return presentConsentForm(form, linkedOf(assetIds, viewable), true, this.today());
  }

  /**
   * Deletes a form; its assets stay. With `expected` (the asset ids the caller confirmed), only while the form covers
   * exactly those. @throws ApiError 404, 403 as {@link managedForm}; 409 ConsentFormChanged when it covers others.
   */
  async delete(caller: Caller, formId: number, expected?: readonly number[]): Promise<void> {
    const { form } = await this.managedForm(caller, formId);
    const outcome = await this.deps.consent.transaction(async (consent, trx) => {
      const assets = await consent.assetIdsOf(formId);
      const answer = await consent.deleteCovering(formId, expected);
      if (answer === 'deleted') await recordActivity(trx, caller, 'consent.formDeleted', { kind: 'consentForm', id: formId, name: form.person_name }, { assets });
      return answer;
    });
    if (outcome === 'gone') throw notFound('The consent form');
    if (outcome === 'changed')
      throw new ApiError(
        409,
        'ConsentFormChanged',
        'The consent form was linked to other assets since you looked; it was not deleted. Look again, then delete it.',
        'Changed meanwhile',
      );
  }

  /** Links a form to one more asset. @throws ApiError 404, 403 as {@link managedForm}, and for the new asset. */
  async link(caller: Caller, formId: number, ref: AssetRef): Promise<S['ConsentForm']> {
    const { form } = await this.managedForm(caller, formId);
    const { asset, permissions } = await this.deps.assetsService.load(caller, ref);
    assetPolicy.assertCan(permissions, 'manageConsent');
    await this.deps.consent.transaction(async (consent, trx) => {
      await consent.link(formId, asset.id);
      await recordActivity(trx, caller, 'consent.formLinked', { kind: 'consentForm', id: formId, name: form.person_name }, { asset: asset.id });
    });
    return this.presentManaged(caller, formId);
  }

  /**
   * Unlinks a form from an asset; the form stays, also when that was its last asset (it may be linked again).
   * @throws ApiError 404, 403 as {@link managedForm}; 404 when the form does not cover the asset.
   */
  async unlink(caller: Caller, formId: number, assetId: number): Promise<S['ConsentForm']> {
    const { form, assetIds } = await this.managedForm(caller, formId);
    if (!assetIds.includes(assetId)) throw notFound('The asset of this consent form');
    await this.deps.consent.transaction(async (consent, trx) => {
      await consent.unlink(formId, assetId);
      await recordActivity(trx, caller, 'consent.formUnlinked', { kind: 'consentForm', id: formId, name: form.person_name }, { asset: assetId });
    });
    return this.presentManaged(caller, formId);
  }

  private async presentManaged(caller: Caller, formId: number): Promise<S['ConsentForm']> {
    const form = await this.deps.consent.find(formId);
    if (!form) throw notFound('The consent form');
    const assetIds = await this.deps.consent.assetIdsOf(formId);
    return presentConsentForm(form, linkedOf(assetIds, await this.viewable(caller, assetIds)), true, this.today());
  }
}

/** The linked assets of `ids` the caller sees, with their names. */
function linkedOf(ids: readonly number[], viewable: ReadonlyMap<number, { name: string }>): ConsentLinkedAsset[] {
  return ids.flatMap((id) => {
    const seen = viewable.get(id);
    return seen ? [{ id, name: seen.name }] : [];
  });
}
