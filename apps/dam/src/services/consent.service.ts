import type { Dam } from '@magpie/api-types';
import { notFound } from '../lib/errors.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { presentConsentForm, presentConsentSettings, presentConsentStatus, utcToday } from '../presenters/consent.presenter.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ConsentFormValues, ConsentRepository } from '../repositories/consent.repository.ts';
import type { AssetRef, AssetsService } from './assets.service.ts';

type S = Dam.components['schemas'];

/** What a consent form records, as the API names it (`ConsentFormFields`). */
export type ConsentFormInput = S['ConsentFormFields'];

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

  /** Saves the whole settings. @throws ApiError 403 without configureConsentForms. */
  async saveSettings(caller: Caller, input: S['ConsentFormSettings']): Promise<S['ConsentFormSettings']> {
    sitePolicy.assertCan(caller, 'configureConsentForms');
    const row = await this.deps.consent.saveSettings({
      company_about: input.companyAbout,
      contact_email_address: input.contactEmailAddress.trim(),
      company_name: input.companyName.trim(),
      default_url_expiry_days: input.defaultUrlExpiryDays,
      enable_consent_forms: input.enableConsentForms,
      pdf_render_company_logo: input.pdfRenderCompanyLogo,
      pdf_render_company_logo_in_banner: input.pdfRenderCompanyLogoInBanner,
      categories: JSON.stringify(input.categories),
      templates: JSON.stringify(input.templates),
      languages: JSON.stringify(input.languages),
      default_fields: JSON.stringify(input.defaultFields),
    });
    return presentConsentSettings(row);
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

  /** The caller's permissions on each of `assetIds` they may view (View on the archive, within its AutoSearch). */
  private async viewable(caller: Caller, assetIds: readonly number[]): Promise<Map<number, ReadonlySet<string>>> {
    const rows = await this.deps.assets.findByIds(assetIds);
    const access = await this.deps.policy.accessOn(caller, [...new Set(rows.map((r) => r.archive_id))]);
    const answer = new Map<number, ReadonlySet<string>>();
    for (const row of rows) {
      const a = access.get(row.archive_id);
      if (!a || !assetPolicy.can(a.permissions, 'view')) continue;
      if (a.visibility && !(await this.deps.assets.matches(row.id, a.visibility))) continue;
      answer.set(row.id, a.permissions);
    }
    return answer;
  }

  /**
   * A form the caller may change: seen through at least one of its assets, with ManageConsentStatus on all of them.
   * @throws ApiError 404 for an unknown form or one on no asset the caller sees, 403 without the permission.
   */
  private async managedForm(caller: Caller, formId: number) {
    const form = await this.deps.consent.find(formId);
    const assetIds = form ? await this.deps.consent.assetIdsOf(formId) : [];
    const viewable = await this.viewable(caller, assetIds);
    if (!form || viewable.size === 0) throw notFound('The consent form');
    for (const id of assetIds) assetPolicy.assertCan(viewable.get(id) ?? new Set(['View']), 'manageConsent');
    return { form, assetIds };
  }

  /** Whether the caller may change a form covering `assetIds`, knowing their permissions on those they see. */
  private mayManage(assetIds: readonly number[], viewable: ReadonlyMap<number, ReadonlySet<string>>): boolean {
    return assetIds.every((id) => {
      const permissions = viewable.get(id);
      return permissions !== undefined && assetPolicy.can(permissions, 'manageConsent');
    });
  }

  /**
   * The forms covering an asset, with their details. @throws ApiError 404 for an asset the caller may not view, 403
   * without ViewConsentDetails on its archive.
   */
  async formsOfAsset(caller: Caller, assetId: number): Promise<S['ConsentFormList']> {
    const own = await this.viewable(caller, [assetId]);
    const permissions = own.get(assetId);
    if (!permissions) throw notFound('The asset');
    assetPolicy.assertCan(permissions, 'viewConsentDetails');
    const forms = await this.deps.consent.formsOfAssets([assetId]);
    const assetsOf = await this.deps.consent.assetIdsOfForms(forms.map((f) => f.id));
    const viewable = await this.viewable(caller, [...new Set([...assetsOf.values()].flat())]);
    const today = this.today();
    return {
      data: forms.map(({ asset_id: _assetId, ...form }) => {
        const ids = assetsOf.get(form.id) ?? [];
        return presentConsentForm(
          form,
          ids.filter((id) => viewable.has(id)),
          this.mayManage(ids, viewable),
          today,
        );
      }),
    };
  }

  /**
   * Records a form covering the assets `refs` names. @throws ApiError 404 for an asset the caller may not view, 403
   * without ManageConsentStatus on one's archive.
   */
  async create(caller: Caller, refs: readonly AssetRef[], input: ConsentFormInput): Promise<S['ConsentForm']> {
    const loaded = await this.deps.assetsService.loadMany(caller, refs);
    const ids = new Set<number>();
    for (const entry of loaded) {
      if (!entry) throw notFound('The asset');
      assetPolicy.assertCan(entry.permissions, 'manageConsent');
      ids.add(entry.asset.id);
    }
    const form = await this.deps.consent.create(valuesOf(input), [...ids], caller.userId);
    return presentConsentForm(
      form,
      [...ids].sort((a, b) => a - b),
      true,
      this.today(),
    );
  }

  /** Changes a form's fields. @throws ApiError 404, 403 as {@link managedForm}. */
  async update(caller: Caller, formId: number, input: ConsentFormInput): Promise<S['ConsentForm']> {
    const { assetIds } = await this.managedForm(caller, formId);
    const form = await this.deps.consent.update(formId, valuesOf(input));
    if (!form) throw notFound('The consent form');
    return presentConsentForm(form, assetIds, true, this.today());
  }

  /** Deletes a form. @throws ApiError 404, 403 as {@link managedForm}. */
  async delete(caller: Caller, formId: number): Promise<void> {
    await this.managedForm(caller, formId);
    await this.deps.consent.delete(formId);
  }

  /** Links a form to one more asset. @throws ApiError 404, 403 as {@link managedForm}, and for the new asset. */
  async link(caller: Caller, formId: number, ref: AssetRef): Promise<S['ConsentForm']> {
    await this.managedForm(caller, formId);
    const { asset, permissions } = await this.deps.assetsService.load(caller, ref);
    assetPolicy.assertCan(permissions, 'manageConsent');
    await this.deps.consent.link(formId, asset.id);
    return this.presentManaged(formId);
  }

  /**
   * Unlinks a form from an asset; the form goes when that was its last. Answers the form, or undefined when it went.
   * @throws ApiError 404, 403 as {@link managedForm}; 404 when the form does not cover the asset.
   */
  async unlink(caller: Caller, formId: number, assetId: number): Promise<S['ConsentForm'] | undefined> {
    const { assetIds } = await this.managedForm(caller, formId);
    if (!assetIds.includes(assetId)) throw notFound('The asset of this consent form');
    const remains = await this.deps.consent.unlink(formId, assetId);
    return remains ? this.presentManaged(formId) : undefined;
  }

  private async presentManaged(formId: number): Promise<S['ConsentForm']> {
    const form = await this.deps.consent.find(formId);
    if (!form) throw notFound('The consent form');
    return presentConsentForm(form, await this.deps.consent.assetIdsOf(formId), true, this.today());
  }
}
