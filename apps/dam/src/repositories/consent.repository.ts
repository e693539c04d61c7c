import { sql, type Kysely, type Updateable } from 'kysely';
import type { ConsentFormRow, ConsentFormsTable, ConsentSettingsRow, ConsentSettingsTable, Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

/** What a consent form records, as stored (dates `YYYY-MM-DD`). */
export type ConsentFormValues = Pick<ConsentFormsTable, 'person_name' | 'email' | 'state' | 'signed' | 'expires' | 'category'> & { usages: string[] };

/** The consent settings row, the consent forms and the assets they cover (issue 15; migration 0032). */
export class ConsentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The one settings row (made by migration 0032). */
  async settings(): Promise<ConsentSettingsRow> {
    return this.db.selectFrom('consent_settings').selectAll().executeTakeFirstOrThrow();
  }

  /** Changes the settings row and answers it. */
  async saveSettings(values: Omit<Updateable<ConsentSettingsTable>, 'singleton' | 'modified'>): Promise<ConsentSettingsRow> {
    return this.db
      .updateTable('consent_settings')
      .set({ ...values, modified: sql`now()` })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** One form. */
  async find(id: number): Promise<ConsentFormRow | undefined> {
    return this.db.selectFrom('consent_forms').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The ids of the assets a form covers. */
  async assetIdsOf(formId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('consent_form_assets').select('asset_id').where('form_id', '=', formId).orderBy('asset_id').execute();
    return rows.map((r) => r.asset_id);
  }

  /** The forms covering each of `assetIds` (newest first), with the asset each row is for. */
  async formsOfAssets(assetIds: readonly number[]): Promise<Array<ConsentFormRow & { asset_id: number }>> {
    if (assetIds.length === 0) return [];
    return this.db
      .selectFrom('consent_form_assets')
      .innerJoin('consent_forms', 'consent_forms.id', 'consent_form_assets.form_id')
      .selectAll('consent_forms')
      .select('consent_form_assets.asset_id')
      .where('consent_form_assets.asset_id', 'in', [...assetIds])
      .orderBy('consent_forms.id', 'desc')
      .execute();
  }

  /** For each form, the ids of the assets it covers. */
  async assetIdsOfForms(formIds: readonly number[]): Promise<Map<number, number[]>> {
    const byForm = new Map<number, number[]>();
    if (formIds.length === 0) return byForm;
    const rows = await this.db
      .selectFrom('consent_form_assets')
      .selectAll()
      .where('form_id', 'in', [...formIds])
      .orderBy('asset_id')
      .execute();
    for (const row of rows) byForm.set(row.form_id, [...(byForm.get(row.form_id) ?? []), row.asset_id]);
    return byForm;
  }

  /** A new form covering `assetIds` (at least one), in one transaction. */
  async create(values: ConsentFormValues, assetIds: readonly number[], createdBy: number): Promise<ConsentFormRow> {
    return inTransaction(this.db, async (trx) => {
      const form = await trx
        .insertInto('consent_forms')
        .values({ ...values, usages: JSON.stringify(values.usages), created_by: createdBy })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('consent_form_assets')
        .values(assetIds.map((asset_id) => ({ form_id: form.id, asset_id })))
        .execute();
      return form;
    });
  }

  /** Changes a form's fields; answers the row, or undefined when it is gone. */
  async update(id: number, values: ConsentFormValues): Promise<ConsentFormRow | undefined> {
    return this.db
      .updateTable('consent_forms')
      .set({ ...values, usages: JSON.stringify(values.usages), modified: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a form (its links go with it). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('consent_forms').where('id', '=', id).execute();
  }

  /** Links a form to one more asset; a second link changes nothing. */
  async link(formId: number, assetId: number): Promise<void> {
    await this.db
      .insertInto('consent_form_assets')
      .values({ form_id: formId, asset_id: assetId })
      .onConflict((oc) => oc.columns(['form_id', 'asset_id']).doNothing())
      .execute();
    await this.db
      .updateTable('consent_forms')
      .set({ modified: sql`now()` })
      .where('id', '=', formId)
      .execute();
  }

  /** Unlinks a form from an asset, deleting the form when that was its last asset; answers whether the form remains. */
  async unlink(formId: number, assetId: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('consent_forms').select('id').where('id', '=', formId).forUpdate().executeTakeFirst();
      await trx.deleteFrom('consent_form_assets').where('form_id', '=', formId).where('asset_id', '=', assetId).execute();
      const left = await trx.selectFrom('consent_form_assets').select('asset_id').where('form_id', '=', formId).limit(1).executeTakeFirst();
      if (left) {
        await trx
          .updateTable('consent_forms')
          .set({ modified: sql`now()` })
          .where('id', '=', formId)
          .execute();
        return true;
      }
      await trx.deleteFrom('consent_forms').where('id', '=', formId).execute();
      return false;
    });
  }
}
