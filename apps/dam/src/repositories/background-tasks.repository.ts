import { sql, type Kysely } from 'kysely';
import type { BackgroundTaskRow, Database } from '../db/schema.ts';

/** Background tasks (fotoweb-api-notes §6.2): the request, state and per-asset results. */
export class BackgroundTasksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new task (`pending`, no results) of `total` assets for its creator `userId`. */
  async create(task: { id: string; userId: number; type: string; request: unknown; total: number }): Promise<BackgroundTaskRow> {
    return this.db
      .insertInto('background_tasks')
      .values({ id: task.id, user_id: task.userId, type: task.type, request: JSON.stringify(task.request), total: task.total })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A task by id, if it exists. */
  findById(id: string): Promise<BackgroundTaskRow | undefined> {
    return this.db.selectFrom('background_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Sets a task's state (`pending`, `inProgress`, `done`, `failed`) and its modification time. */
  setStatus(id: string, status: BackgroundTaskRow['status']): Promise<unknown> {
    return this.db.updateTable('background_tasks').set({ status, modified: new Date() }).where('id', '=', id).execute();
  }

  /** Appends one asset's result (progress). */
  async appendResult(id: string, result: unknown): Promise<void> {
    await sql`UPDATE background_tasks SET result = result || ${JSON.stringify([result])}::jsonb, modified = now() WHERE id = ${id}`.execute(this.db);
  }
}
