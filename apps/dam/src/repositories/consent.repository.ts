import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { ConsentFormRow, ConsentFormsTable, ConsentSettingsRow, ConsentSettingsTable, Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { compileSearch } from '../search/compile.ts';
import type { SearchNode } from '../search/expression.ts';
import { escapeLike } from './like.ts';

/**
 * Which consent forms a list shows (`ConsentRepository.list`): those covering a live asset of one of `archives`
 * (within the archive's AutoSearch `visibility` when it has one), and with `unlinked` those covering no asset at all.
 */
export interface ConsentFormScope {
  readonly archives: ReadonlyArray<{ readonly archiveId: number; readonly visibility?: SearchNode | undefined }>;
  readonly unlinked: boolean;
}

/** What deleting a form with an expected set of assets did: deleted, refused (it covers other assets now), or already gone. */
export type ConsentFormDeletion = 'deleted' | 'changed' | 'gone';

/** What a consent form records, as stored (dates `YYYY-MM-DD`). */
export type ConsentFormValues = Pick<ConsentFormsTable, 'person_name' | 'email' | 'state' | 'signed' | 'expires' | 'category'> & { usages: string[] };

/** The consent settings row, the consent forms and the assets they cover (issue 15; migration 0032). */
export class ConsentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction with a repository bound to it (`trx` for the other statements of the unit, such as
   * the activity log's row). @returns what `work` answers. @throws what it throws, after the rollback.
   */
  async transaction<T>(work: (repository: ConsentRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(new ConsentRepository(trx), trx));
  }

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

  /**
   * A page of the forms `scope` shows whose person's name, e-mail or category contains `q` (case-insensitive), newest
   * first, and how many there are in all. `offset` and `limit` are counts of forms.
   */
  async list(scope: ConsentFormScope, q: string | undefined, offset: number, limit: number): Promise<{ rows: ConsentFormRow[]; count: number }> {
    const plain = scope.archives.filter((a) => !a.visibility).map((a) => a.archiveId);
    const limited = scope.archives.filter((a): a is { archiveId: number; visibility: SearchNode } => a.visibility !== undefined);
    const base = this.db.selectFrom('consent_forms').where((eb) => {
      const shown: Expression<SqlBool>[] = [];
      if (scope.archives.length > 0) {
        shown.push(
          eb.exists(
            eb
              .selectFrom('consent_form_assets as l')
              .innerJoin('assets', 'assets.id', 'l.asset_id')
              .select(sql<number>`1`.as('one'))
              .whereRef('l.form_id', '=', 'consent_forms.id')
              .where('assets.deleted', 'is', null)
              .where((inner) =>
                inner.or([
                  ...(plain.length > 0 ? [inner('assets.archive_id', 'in', plain)] : []),
                  ...limited.map((a) => inner.and([inner('assets.archive_id', '=', a.archiveId), compileSearch(a.visibility)])),
                ]),
              ),
          ),
        );
      }
      if (scope.unlinked)
        shown.push(
          eb.not(
            eb.exists(
              eb
                .selectFrom('consent_form_assets as u')
                .select(sql<number>`1`.as('one'))
                .whereRef('u.form_id', '=', 'consent_forms.id'),
            ),
          ),
        );
      const text = q?.trim();
      const found: Expression<SqlBool>[] = [];
      if (text) {
        const pattern = `%${escapeLike(text)}%`;
        found.push(eb.or([eb('person_name', 'ilike', pattern), eb('email', 'ilike', pattern), eb('category', 'ilike', pattern)]));
      }
      return eb.and([eb.or(shown.length > 0 ? shown : [sql<SqlBool>`false`]), ...found]);
    });
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /**
   * Deletes a form (its links go with it), with `expected` only while it covers exactly those asset ids; in one
   * transaction, the form's row locked, so a link made meanwhile is never lost with it.
   */
  async deleteCovering(id: number, expected: readonly number[] | undefined): Promise<ConsentFormDeletion> {
    return inTransaction(this.db, async (trx) => {
      const form = await trx.selectFrom('consent_forms').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!form) return 'gone';
      if (expected) {
        const rows = await trx.selectFrom('consent_form_assets').select('asset_id').where('form_id', '=', id).execute();
        const covered = new Set(rows.map((r) => r.asset_id));
        const wanted = new Set(expected);
        if (covered.size !== wanted.size || [...covered].some((assetId) => !wanted.has(assetId))) return 'changed';
      }
      await trx.deleteFrom('consent_forms').where('id', '=', id).execute();
      return 'deleted';
    });
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

  /** Unlinks a form from an asset; the form stays, even when it then covers no asset. */
  async unlink(formId: number, assetId: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const removed = await trx.deleteFrom('consent_form_assets').where('form_id', '=', formId).where('asset_id', '=', assetId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      await trx
        .updateTable('consent_forms')
        .set({ modified: sql`now()` })
        .where('id', '=', formId)
        .execute();
    });
  }
}
