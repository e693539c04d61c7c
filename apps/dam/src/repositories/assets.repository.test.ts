import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';
import { parseSearchExpression } from '../search/expression.ts';
import { sql } from 'kysely';

let sut: TestDam;
const ARCHIVE = '/fotoweb/archives/5000-Photos/';
const PHOTOS = ['Landscape_1.jpg', 'Portrait_1.jpg', 'Landscape_3.jpg', 'Portrait_3.jpg'].map((name) => `photos/orientation/${name}`).map((p) => path.join(SAMPLES_DIR, p));

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(() => sut.close());

/** Counts hits through the HTTP API (a search collection's `assetCount`). */
async function hits(q: string): Promise<number> {
  const response = await sut.app.inject({ method: 'GET', url: `${ARCHIVE}?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${sut.adminToken}`, accept: 'application/vnd.fotoware.collectioninfo+json' } });
  expect(response.statusCode).toBe(200);
  return response.json().assetCount as number;
}

describe('hit counts are counted once per search and follow every change (issue #4)', () => {
  it('a repeated count is answered from the cache while no asset changed', async () => {
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[0]!, { filename: 'countcache-a.jpg' })).status).toBe('done');
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[3]!, { filename: 'other.jpg' })).status).toBe('done');
    const archive = (await sut.ctx.repos.archives.findByName('Photos'))!;
    const scope = { archiveId: archive.id, search: parseSearchExpression('fn:countcache*')! };
    expect(await sut.ctx.repos.assets.count(scope)).toBe(1);
    // A row written behind the repository's back without advancing the generation stays invisible to the cache,
    // which proves the second answer came from it; advancing the generation makes it count again.
    await sql`ALTER TABLE assets DISABLE TRIGGER USER`.execute(sut.ctx.database.db);
    try {
      await sql`UPDATE assets SET filename = 'countcache-b.jpg' WHERE filename = 'other.jpg'`.execute(sut.ctx.database.db);
    } finally {
      await sql`ALTER TABLE assets ENABLE TRIGGER USER`.execute(sut.ctx.database.db);
    }
    expect(await sut.ctx.repos.assets.count(scope)).toBe(1);
    await sql`SELECT nextval('asset_generation')`.execute(sut.ctx.database.db);
    expect(await sut.ctx.repos.assets.count(scope)).toBe(2);
  });

  it('an upload, an update and a delete each show in the next count', async () => {
    const before = await hits('fn:counted-*');
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[1]!, { filename: 'counted-1.jpg' })).status).toBe('done');
    expect(await hits('fn:counted-*')).toBe(before + 1);
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[2]!, { filename: 'counted-2.jpg' })).status).toBe('done');
    expect(await hits('fn:counted-*')).toBe(before + 2);
    await sql`UPDATE assets SET filename = 'renamed-2.jpg' WHERE filename = 'counted-2.jpg'`.execute(sut.ctx.database.db);
    expect(await hits('fn:counted-*')).toBe(before + 1);
    await sql`DELETE FROM assets WHERE filename = 'counted-1.jpg'`.execute(sut.ctx.database.db);
    expect(await hits('fn:counted-*')).toBe(before);
  });
});
