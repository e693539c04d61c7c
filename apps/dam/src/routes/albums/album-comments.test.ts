/**
 * Comments on albums (issue 13; spec 03 §3.3 albums.comment, moderateComments; dam.yaml `listAlbumComments`,
 * `addAlbumComment`, `deleteAlbumComment`): the people who open an album read its comments; holders of
 * `albums.comment` write them; authors, the album's owner and moderators delete them; bad text, closed albums and
 * strangers are refused without anything changing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

let sut: TestDam;
const { call } = requestsFor(() => sut);

interface Listed {
  data: Array<{ href: string; text: string; author: { name: string; href: string | null }; allowDelete: boolean; created: string }>;
  canComment: boolean;
}

/** An album of the owner `token`, shared with `userHref` to view; answers its href. */
async function sharedAlbum(token: string, name: string, userHref: string): Promise<string> {
  const album = (await call('POST', '/fotoweb/me/albums/', { name }, token)).json().href as string;
  const shared = await call('PATCH', `${album}.shares/`, { addShares: [{ type: 'user', href: userHref, acl: ['view'] }] }, token);
  expect(shared.statusCode, shared.body).toBe(200);
  return album;
}

const list = async (album: string, token: string) => (await call('GET', `${album}.comments/`, undefined, token)).json() as Listed;

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on' });
});
afterAll(async () => {
  await sut?.close();
});

describe('album comments', () => {
  it('lets the people an album is shared with read and write comments, oldest first, and counts them', async () => {
    const owner = await sut.createMemberWith('comments-owner', ['albums.create', 'albums.shareWithUsers', 'albums.comment']);
    const reader = await sut.createMemberWith('comments-reader', ['albums.comment']);
    const album = await sharedAlbum(owner.token, 'Harbour walk', `/fotoweb/api/users/${reader.id}`);

    expect(await list(album, reader.token)).toEqual({ data: [], canComment: true });
    const first = await call('POST', `${album}.comments/`, { text: '  The second photo is the one.\nAgreed?  ' }, reader.token);
    expect(first.statusCode, first.body).toBe(201);
    const comment = first.json();
    expect(first.headers.location).toBe(comment.href);
    expect(comment).toMatchObject({
      href: expect.stringMatching(new RegExp(`^${album.replace(/\./g, '\\.')}\\.comments/\\d+$`)),
      text: 'The second photo is the one.\nAgreed?',
      author: { name: 'comments-reader Tester', href: `/fotoweb/api/users/${reader.id}` },
      allowDelete: true,
    });
    expect(Date.parse(comment.created)).not.toBeNaN();
    expect((await call('POST', `${album}.comments/`, { text: 'Yes, for the cover.' }, owner.token)).statusCode).toBe(201);

    const seenByOwner = await list(album, owner.token);
    expect(seenByOwner.data.map((c) => [c.text, c.allowDelete])).toEqual([
      ['The second photo is the one.\nAgreed?', true],
      ['Yes, for the cover.', true],
    ]);
    // The reader deletes only their own.
    expect((await list(album, reader.token)).data.map((c) => c.allowDelete)).toEqual([true, false]);

    const opened = (await call('GET', album, undefined, reader.token)).json();
    expect(opened.props.comments).toEqual({ enabled: true, href: `${album}.comments/`, count: 2 });
    const listed = (await call('GET', '/fotoweb/me/albums/shared-with-me/', undefined, reader.token)).json().data.find((a: { href: string }) => a.href === album);
    expect(listed.props.comments).toMatchObject({ enabled: true, href: `${album}.comments/` });
    expect((await call('GET', '/fotoweb/me/', undefined, reader.token)).json().permissions).toMatchObject({ albums: { comment: true }, moderateComments: false });
  });

  it('deletes a comment for its author, the album’s owner and moderators, and refuses everyone else', async () => {
    const owner = await sut.createMemberWith('del-owner', ['albums.create', 'albums.shareWithUsers', 'albums.comment']);
    const writer = await sut.createMemberWith('del-writer', ['albums.comment']);
    const other = await sut.createMemberWith('del-other', ['albums.comment']);
    const moderator = await sut.createMemberWith('del-moderator', ['moderateComments']);
    const album = (await call('POST', '/fotoweb/me/albums/', { name: 'Moderated' }, owner.token)).json().href as string;
    for (const person of [writer, other, moderator]) {
      expect((await call('PATCH', `${album}.shares/`, { addShares: [{ type: 'user', href: `/fotoweb/api/users/${person.id}`, acl: ['view'] }] }, owner.token)).statusCode).toBe(
        200,
      );
    }
    const write = async (text: string) => (await call('POST', `${album}.comments/`, { text }, writer.token)).json().href as string;
    const [byAuthor, byOwner, byModerator] = [await write('one'), await write('two'), await write('three')];

    const refused = await call('DELETE', byAuthor, undefined, other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/moderateComments/);
    expect((await call('DELETE', byAuthor, undefined, writer.token)).statusCode).toBe(204);
    expect((await call('DELETE', byOwner, undefined, owner.token)).statusCode).toBe(204);
    expect((await list(album, moderator.token)).data.map((c) => c.allowDelete)).toEqual([true]);
    expect((await call('DELETE', byModerator, undefined, moderator.token)).statusCode).toBe(204);
    expect((await list(album, owner.token)).data).toEqual([]);
    // Gone, or never on this album: 404.
    expect((await call('DELETE', byModerator, undefined, owner.token)).statusCode).toBe(404);
    const elsewhere = (await call('POST', '/fotoweb/me/albums/', { name: 'Elsewhere' }, owner.token)).json().href as string;
    const foreign = (await call('POST', `${elsewhere}.comments/`, { text: 'not here' }, owner.token)).json().href as string;
    expect((await call('DELETE', foreign.replace(elsewhere, album), undefined, owner.token)).statusCode).toBe(404);
    expect((await list(elsewhere, owner.token)).data.map((c) => c.text)).toEqual(['not here']);
  });

  it('refuses comments without albums.comment, on closed albums, with bad text, and from strangers and guests', async () => {
    const owner = await sut.createMemberWith('bad-owner', ['albums.create', 'albums.shareWithUsers', 'albums.comment']);
    const silent = await sut.createMemberWith('bad-silent', []);
    const stranger = await sut.createMemberWith('bad-stranger', ['albums.comment']);
    const album = await sharedAlbum(owner.token, 'Closed soon', `/fotoweb/api/users/${silent.id}`);

    expect((await list(album, silent.token)).canComment).toBe(false);
    const forbidden = await call('POST', `${album}.comments/`, { text: 'hello' }, silent.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/albums\.comment/) });

    for (const [body, problem] of [
      [{ text: '   \n ' }, /Write something/],
      [{ text: 'x'.repeat(2001) }, /at most 2,000/],
      [{ text: 42 }, /text/],
      [{ text: 'ok', extra: true }, /.+/],
      [{}, /.+/],
    ] as const) {
      const answer = await call('POST', `${album}.comments/`, body, owner.token);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json())).toMatch(problem);
    }
    expect((await call('POST', `${album}.comments/`, { text: 'x'.repeat(2000) }, owner.token)).statusCode).toBe(201);

    // Strangers and guests: the album does not exist for them.
    expect((await call('GET', `${album}.comments/`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', `${album}.comments/`, { text: 'hi' }, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `${album}.comments/`, undefined, '')).statusCode).toBe(401);
    expect((await call('GET', '/fotoweb/users/999999/albums/1/.comments/', undefined, owner.token)).statusCode).toBe(404);

    // Archived: readable by its owner, closed to new comments; restored, open again.
    expect((await call('PATCH', album, { archived: true }, owner.token)).statusCode).toBe(200);
    expect((await list(album, owner.token)).canComment).toBe(false);
    const closed = await call('POST', `${album}.comments/`, { text: 'late' }, owner.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().value).toBe('AlbumClosed');
    expect((await list(album, owner.token)).data).toHaveLength(1);
    expect((await call('PATCH', album, { archived: false }, owner.token)).statusCode).toBe(200);
    expect((await call('POST', `${album}.comments/`, { text: 'back' }, owner.token)).statusCode).toBe(201);
  });

  it('keeps a removed author’s comments as a former user’s, and takes them away with a deleted album', async () => {
    const owner = await sut.createMemberWith('gone-owner', ['albums.create', 'albums.comment']);
    const album = (await call('POST', '/fotoweb/me/albums/', { name: 'Keeps' }, owner.token)).json().href as string;
    const writer = await sut.createUser('gone-writer');
    const id = Number(album.split('/').at(-2));
    await sut.ctx.database.db.insertInto('album_comments').values({ album_id: id, author_id: writer.id, text: 'Left behind' }).execute();
    await sut.ctx.database.db.deleteFrom('users').where('id', '=', writer.id).execute();
    expect((await list(album, owner.token)).data).toEqual([expect.objectContaining({ text: 'Left behind', author: { name: 'Former user', href: null }, allowDelete: true })]);

    expect((await call('DELETE', album, undefined, owner.token)).statusCode).toBe(204);
    expect((await call('DELETE', album, undefined, owner.token)).statusCode).toBe(204);
    const left = await sut.ctx.database.db.selectFrom('album_comments').select('id').where('album_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
