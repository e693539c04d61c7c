/**
 * Archive administration (issue 12; spec 03 §3.8–§3.11, §4, §5 Archive save, §7 Archives, §8 Archive save): adding,
 * changing and deleting archives with their access lists, AutoSearch filters in every read and search, and the
 * metadata view an archive chooses.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');
const OTHER_PHOTO = path.join(SAMPLES_DIR, 'photos/orientation/Landscape_1.jpg');
const CONFIG = '/fotoweb/api/config/archives';

/** The Photos archive's own metadata view id: the view a new archive can use. */
let photosView: string;

/** An archive body with everything right (spec 03 §3.8); `overrides` change parts of it. */
function archiveBody(overrides: Record<string, unknown> = {}) {
  return { Name: 'Press', MetadataSetId: photosView, Pool: 'default', Path: null, MemberList: [], ...overrides };
}

async function save(method: 'POST' | 'PUT', url: string, body: unknown, token = sut.adminToken) {
  return sut.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

async function archiveCount(): Promise<number> {
  return (await sut.ctx.repos.archives.list()).length;
}

beforeAll(async () => {
  sut = await createTestDam();
  photosView = (await sut.app.inject({ method: 'GET', url: `${CONFIG}/5000`, headers: bearer(sut.adminToken) })).json().MetadataSetId;
});
afterAll(async () => {
  await sut?.close();
});

describe('who may administer archives', () => {
  it('lets the site owner and manageArchives holders list and read archives, and refuses others with 403', async () => {
    const list = await sut.app.inject({ method: 'GET', url: CONFIG, headers: bearer(sut.adminToken) });
    expect(list.statusCode).toBe(200);
    const photos = list.json().data.find((a: { Id: number }) => a.Id === 5000);
    expect(photos).toMatchObject({ Name: 'Photos', Pool: 'default', href: `${CONFIG}/5000`, collectionHref: '/fotoweb/archives/5000-Photos/' });
    expect(photos.MemberList).toEqual([expect.objectContaining({ MemberType: 'group', Name: 'Registered Users', Permissions: expect.arrayContaining(['View', 'UploadFile']) })]);

    const keeper = await sut.createMemberWith('keeper', ['manageArchives']);
    expect((await sut.app.inject({ method: 'GET', url: `${CONFIG}/5000`, headers: bearer(keeper.token) })).statusCode).toBe(200);
    const plain = await sut.createUser('plain-reader');
    const refused = await sut.app.inject({ method: 'GET', url: CONFIG, headers: bearer(plain.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('manageArchives') });
    const unknown = await sut.app.inject({ method: 'GET', url: `${CONFIG}/4999`, headers: bearer(sut.adminToken) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('saving an archive (spec 03 §5, §8)', () => {
  it('answers every problem together, each with its value, and stores nothing', async () => {
    const group = await sut.createGroupWith('Checkers', []);
    const before = await archiveCount();
    const res = await save(
      'POST',
      CONFIG,
      archiveBody({
        Name: '  ',
        MetadataSetId: 'no-such-view',
        Pool: null,
        Path: '../etc',
        DownloadProcessing: { ProcessingType: 1, SpecificProcessingProfile: '00000000-0000-0000-0000-000000000000' },
        Renditions: { WatermarkId: 'wm-1' },
        InputFolder: 'a/../b',
        MemberList: [
          { Id: group, MemberType: 'group', Permissions: ['View', 'HistoryRollback'] },
          { Id: group, MemberType: 'group', Permissions: ['View', 'Fly'] },
          { Id: 999999, MemberType: 'user', Permissions: ['View'], AutoSearch: '(unclosed' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.value).toBe('name_required');
    expect(body.issues.map((i: { value: string }) => i.value)).toEqual([
      'name_required',
      'metadata_invalid',
      'path_invalid',
      'processing_profile_invalid',
      'setting_invalid',
      'setting_invalid',
      'permission_dependency',
      'member_duplicate',
      'permission_invalid',
      'member_invalid',
      'InvalidSearchExpression',
    ]);
    expect(body.issues[0]).toMatchObject({ path: 'body.Name' });
    expect(await archiveCount()).toBe(before);
  });

  it('refuses a duplicate name case-insensitively, a missing pool and a processing profile set, but keeps an unchanged name on update', async () => {
    const duplicate = await save('POST', CONFIG, archiveBody({ Name: 'photos' }));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ value: 'name_exists', message: expect.stringContaining('unique') });
    const noPool = await save('POST', CONFIG, archiveBody({ Name: 'Elsewhere', Pool: '', Path: '' }));
    expect(noPool.json().value).toBe('path_invalid');
    const unknownPool = await save('POST', CONFIG, archiveBody({ Name: 'Elsewhere', Pool: 'tape' }));
    expect(unknownPool.json().value).toBe('path_invalid');
    const set = await save('POST', CONFIG, archiveBody({ Name: 'Elsewhere', DownloadProcessing: { ProcessingType: 2, CustomProcessingProfileSet: null } }));
    expect(set.json().value).toBe('processing_profile_set_invalid');

    const photos = (await sut.app.inject({ method: 'GET', url: `${CONFIG}/5000`, headers: bearer(sut.adminToken) })).json();
    const same = await save('PUT', `${CONFIG}/5000`, { ...photos, Description: 'Every photo' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ Name: 'Photos', Description: 'Every photo' });
  });

  it('refuses a body of the wrong shape with 400 and an unknown archive with 404', async () => {
    const shape = await save('POST', CONFIG, { Name: 5, MemberList: 'all' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().value).toBe('InvalidRequest');
    const missing = await save('PUT', `${CONFIG}/4999`, archiveBody({ Name: 'Ghost' }));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an archive over MAGPIE_MAX_ARCHIVES with too_many_archives', async () => {
    const small = await createTestDam({ MAGPIE_MAX_ARCHIVES: '1' });
    try {
      const view = (await small.app.inject({ method: 'GET', url: `${CONFIG}/5000`, headers: bearer(small.adminToken) })).json().MetadataSetId;
      const res = await small.app.inject({
        method: 'POST',
        url: CONFIG,
        headers: { ...bearer(small.adminToken), 'content-type': 'application/json' },
        payload: JSON.stringify({ Name: 'Second', MetadataSetId: view, Pool: 'default', MemberList: [] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().value).toBe('too_many_archives');
    } finally {
      await small.close();
    }
  });
});

describe('an archive with an access list and an AutoSearch filter', () => {
  let press: { Id: number; href: string; collectionHref: string };
  let editor: { id: number; token: string; groupId: number };
  let outsider: { id: number; token: string };
  let pressPhoto: string;
  let privatePhoto: string;

  beforeAll(async () => {
    editor = await sut.createMemberWith('press-editor', []);
    outsider = await sut.createUser('press-outsider');
    const res = await save(
      'POST',
      CONFIG,
      archiveBody({
        Name: 'Press',
        Properties: [
          { key: 'desk', value: 'news' },
          { key: '', value: 'dropped' },
        ],
        MemberList: [
          { Id: 10000, MemberType: 'group', Permissions: ['View', 'Preview'] },
          { Id: editor.groupId, MemberType: 'group', Permissions: ['View', 'Preview', 'UploadFile'], AutoSearch: 'fn:press*' },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    press = res.json();
    expect(res.headers.location).toBe(press.href);
    // Uploads by the site owner: one the filter lets through, one it hides.
    const shown = await sut.upload(sut.adminToken, press.collectionHref, PHOTO, { filename: 'press-dog.jpg' });
    const hidden = await sut.upload(sut.adminToken, press.collectionHref, OTHER_PHOTO, { filename: 'private-landscape.jpg' });
    expect([shown.status, hidden.status]).toEqual(['done', 'done']);
    pressPhoto = shown.result!.assetUrl;
    privatePhoto = hidden.result!.assetUrl;
  });

  it('stores the list in order with Id 10000 last, drops empty properties, and names each member', async () => {
    const stored = (await sut.app.inject({ method: 'GET', url: press.href, headers: bearer(sut.adminToken) })).json();
    expect(stored.MemberList.map((m: { Id: number }) => m.Id)).toEqual([editor.groupId, 10000]);
    expect(stored.MemberList[0]).toMatchObject({ Name: 'press-editor group', AutoSearch: 'fn:press*', Permissions: ['View', 'Preview', 'UploadFile'] });
    expect(stored.Properties).toEqual([{ key: 'desk', value: 'news' }]);
    expect(stored.assetCount).toBe(2);
  });

  it('shows a member only what their AutoSearch matches, in lists, searches, counts, asset reads and previews', async () => {
    const archives = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(editor.token) })).json();
    const listed = archives.data.find((c: { name: string }) => c.name === 'Press');
    expect(listed.assetCount).toBe(1);
    const page = await sut.app.inject({
      method: 'GET',
      url: press.collectionHref,
      headers: { ...bearer(editor.token), accept: 'application/vnd.fotoware.assetlist+json' },
    });
    expect(page.json().data.map((a: { href: string }) => a.href)).toEqual([pressPhoto]);
    const everywhere = (await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/?q=landscape', headers: bearer(editor.token) })).json();
    expect(everywhere.data.map((c: { name: string }) => c.name)).not.toContain('Press');
    expect((await sut.app.inject({ method: 'GET', url: privatePhoto, headers: bearer(editor.token) })).statusCode).toBe(404);
    const seen = await sut.app.inject({ method: 'GET', url: pressPhoto, headers: bearer(editor.token) });
    expect(seen.statusCode).toBe(200);
    const privatePreview = (await sut.app.inject({ method: 'GET', url: privatePhoto, headers: bearer(sut.adminToken) })).json().previews[0].href;
    expect((await sut.app.inject({ method: 'GET', url: privatePreview, headers: bearer(editor.token) })).statusCode).toBe(404);
    // The site owner sees both.
    const all = await sut.app.inject({ method: 'GET', url: press.collectionHref, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(all.json().data).toHaveLength(2);
  });

  it('hides the archive from a user who is in no member, and takes it from a member on their next request after removal', async () => {
    expect((await sut.app.inject({ method: 'GET', url: press.collectionHref, headers: bearer(outsider.token) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: press.collectionHref, headers: bearer(editor.token) })).statusCode).toBe(200);
    const stored = (await sut.app.inject({ method: 'GET', url: press.href, headers: bearer(sut.adminToken) })).json();
    const without = await save('PUT', press.href, { ...stored, MemberList: stored.MemberList.filter((m: { Id: number }) => m.Id !== editor.groupId) });
    expect(without.statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: press.collectionHref, headers: bearer(editor.token) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: pressPhoto, headers: bearer(editor.token) })).statusCode).toBe(404);
    // Back on the list, with the filter gone: everything.
    const back = await save('PUT', press.href, { ...stored, MemberList: stored.MemberList.map((m: { Id: number }) => (m.Id === editor.groupId ? { ...m, AutoSearch: '' } : m)) });
    expect(back.statusCode).toBe(200);
    const page = await sut.app.inject({ method: 'GET', url: press.collectionHref, headers: { ...bearer(editor.token), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(page.json().data).toHaveLength(2);
  });

  it('refuses to delete an archive that holds assets, moves them on request, and deletes an empty one', async () => {
    const full = await sut.app.inject({ method: 'DELETE', url: press.href, headers: bearer(sut.adminToken) });
    expect(full.statusCode).toBe(409);
    expect(full.json().value).toBe('archive_not_empty');
    const self = await sut.app.inject({ method: 'DELETE', url: `${press.href}?moveAssetsTo=${press.Id}`, headers: bearer(sut.adminToken) });
    expect(self.statusCode).toBe(400);

    const receiving = (await save('POST', CONFIG, archiveBody({ Name: 'Archive of old press' }))).json();
    // A file of the same name in the same folder stops the move, and nothing moves.
    expect((await sut.upload(sut.adminToken, receiving.collectionHref, PHOTO, { filename: 'press-dog.jpg' })).status).toBe('done');
    const clash = await sut.app.inject({ method: 'DELETE', url: `${press.href}?moveAssetsTo=${receiving.Id}`, headers: bearer(sut.adminToken) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ value: 'move_conflict', message: expect.stringContaining('press-dog.jpg') });
    expect((await sut.app.inject({ method: 'GET', url: press.href, headers: bearer(sut.adminToken) })).json().assetCount).toBe(2);

    const spare = (await save('POST', CONFIG, archiveBody({ Name: 'Spare' }))).json();
    const moved = await sut.app.inject({ method: 'DELETE', url: `${press.href}?moveAssetsTo=${spare.Id}`, headers: bearer(sut.adminToken) });
    expect(moved.statusCode).toBe(204);
    expect((await sut.app.inject({ method: 'GET', url: press.href, headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: spare.href, headers: bearer(sut.adminToken) })).json().assetCount).toBe(2);
    const list = await sut.app.inject({ method: 'GET', url: spare.collectionHref, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(
      list
        .json()
        .data.map((a: { filename: string }) => a.filename)
        .sort(),
    ).toEqual(['press-dog.jpg', 'private-landscape.jpg']);

    const empty = (await save('POST', CONFIG, archiveBody({ Name: 'Empty' }))).json();
    expect((await sut.app.inject({ method: 'DELETE', url: empty.href, headers: bearer(sut.adminToken) })).statusCode).toBe(204);
  });

  it('keeps uploads on their way: refused while files are being uploaded into it, moved with moveAssetsTo', async () => {
    const busy = (await save('POST', CONFIG, archiveBody({ Name: 'Busy' }))).json();
    const started = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ destination: busy.collectionHref, filename: 'on-its-way.jpg', fileSize: 10, folder: 'incoming' }),
    });
    expect(started.statusCode).toBe(200);
    const refused = await sut.app.inject({ method: 'DELETE', url: busy.href, headers: bearer(sut.adminToken) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ value: 'archive_not_empty', message: expect.stringContaining('being uploaded') });
    const moved = await sut.app.inject({ method: 'DELETE', url: `${busy.href}?moveAssetsTo=5000`, headers: bearer(sut.adminToken) });
    expect(moved.statusCode).toBe(204);
    const upload = await sut.ctx.repos.uploads.findById(started.json().id);
    expect(upload).toMatchObject({ archive_id: 5000, status: 'awaitingData', folder_path: 'incoming' });
  });
});

describe('uploads into a configured archive', () => {
  it('land in the input folder and get the metadata macros where the upload gives no value', async () => {
    const created = await save(
      'POST',
      CONFIG,
      archiveBody({
        Name: 'Incoming',
        InputFolder: 'Inbox/New',
        MetadataMacros: [
          { FieldId: 105, Value: 'Uploaded by {fullname} ({username}) on {date}: {filename}' },
          { FieldId: 5, Value: 'Macro title' },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const archive = created.json();
    expect(archive).toMatchObject({ InputFolder: 'Inbox/New', MetadataMacros: [expect.objectContaining({ FieldId: 105 }), expect.objectContaining({ FieldId: 5 })] });
    const status = await sut.upload(sut.adminToken, archive.collectionHref, OTHER_PHOTO, { filename: 'macro.jpg', metadata: { fields: [{ id: 5, value: 'Given title' }] } });
    expect(status.status).toBe('done');
    expect(status.result!.assetUrl).toContain('/Inbox/New/macro.jpg');
    const asset = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: bearer(sut.adminToken) })).json();
    expect(asset.metadata['5'].value).toBe('Given title');
    expect(asset.metadata['105'].value).toMatch(/^Uploaded by .* \(admin\) on \d{4}-\d{2}-\d{2}: macro\.jpg$/);
    // An upload into a folder it names goes there, not into the input folder.
    const elsewhere = await sut.upload(sut.adminToken, archive.collectionHref, PHOTO, { filename: 'placed.jpg', folder: 'Chosen' });
    expect(elsewhere.result!.assetUrl).toContain('/Chosen/placed.jpg');
  });

  it('refuses an input folder with .. and a macro for a field the view does not have', async () => {
    const res = await save('POST', CONFIG, archiveBody({ Name: 'Bad inbox', InputFolder: '../up', MetadataMacros: [{ FieldId: 999, Value: 'x' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['body.InputFolder', 'body.MetadataMacros.0.FieldId']);
  });
});

describe('the metadata view an archive uses', () => {
  it('links the assets of an archive to the view its MetadataSetId names', async () => {
    const created = (await save('POST', CONFIG, archiveBody({ Name: 'Shared view' }))).json();
    expect(created.MetadataSetId).toBe(photosView);
    const status = await sut.upload(sut.adminToken, created.collectionHref, PHOTO);
    const asset = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: bearer(sut.adminToken) })).json();
    expect(asset.metadataEditor.href).toBe(`/fotoweb/editors/${photosView}`);
  });
});

describe('guests (spec 02 §6)', () => {
  it('answer the public descriptor and what Everyone is granted without a token, and nothing else', async () => {
    const open = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on' });
    try {
      const view = (await open.app.inject({ method: 'GET', url: `${CONFIG}/5000`, headers: bearer(open.adminToken) })).json().MetadataSetId;
      const everyone = (await open.app.inject({ method: 'GET', url: '/fotoweb/api/groups/10001', headers: { ...bearer(open.adminToken), accept: 'application/json' } })).statusCode;
      expect(everyone).toBe(200);
      // Nothing is public yet: guest access on exposes nothing, taxonomy terms included.
      const closedTaxonomies = await open.app.inject({ method: 'GET', url: '/fotoweb/api/taxonomies/' });
      expect(closedTaxonomies.statusCode).toBe(401);
      expect((await open.app.inject({ method: 'GET', url: '/fotoweb/api/taxonomies/25/' })).statusCode).toBe(401);
      const created = await open.app.inject({
        method: 'POST',
        url: CONFIG,
        headers: { ...bearer(open.adminToken), 'content-type': 'application/json' },
        payload: JSON.stringify({ Name: 'Public', MetadataSetId: view, Pool: 'default', MemberList: [{ Id: 10001, MemberType: 'group', Permissions: ['View', 'Preview'] }] }),
      });
      expect(created.statusCode).toBe(201);
      const upload = await open.upload(open.adminToken, created.json().collectionHref, PHOTO);
      const descriptor = await open.app.inject({ method: 'GET', url: '/fotoweb/', headers: { accept: 'application/vnd.fotoware.api-descriptor+json' } });
      expect(descriptor.statusCode).toBe(200);
      expect(descriptor.headers['content-type']).toContain('application/vnd.fotoware.api-descriptor+json');
      expect(descriptor.json()).toMatchObject({ archives: '/fotoweb/archives/', isGuest: true, services: { login: '/fotoweb/views/login' } });
      const signedIn = await open.app.inject({ method: 'GET', url: '/fotoweb/', headers: { ...bearer(open.adminToken), accept: 'application/json' } });
      expect(signedIn.json().isGuest).toBe(false);
      // Administrators' descriptor names the guest user while guests are on (dam.yaml DescriptorUserManagement).
      const full = await open.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(open.adminToken) });
      expect(full.json().userManagement.guestUser).toBe('/fotoweb/api/users/15000');
      expect((await open.app.inject({ method: 'GET', url: '/fotoweb/api/taxonomies/' })).statusCode).toBe(200);
      const archives = (await open.app.inject({ method: 'GET', url: '/fotoweb/archives/' })).json();
      expect(archives.data.map((c: { name: string }) => c.name)).toEqual(['Public']);
      expect((await open.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/' })).statusCode).toBe(404);
      const asset = await open.app.inject({ method: 'GET', url: upload.result!.assetUrl });
      expect(asset.statusCode).toBe(200);
      expect(asset.json().permissions.sort()).toEqual(['Preview', 'View']);
      const preview = await open.app.inject({ method: 'GET', url: asset.json().previews[0].href });
      expect(preview.statusCode).toBe(200);
      // What guests may not do still needs a token.
      expect((await open.app.inject({ method: 'GET', url: '/fotoweb/me/' })).statusCode).toBe(401);
      const uploadAttempt = await open.app.inject({
        method: 'POST',
        url: '/fotoweb/api/uploads',
        payload: { destination: created.json().collectionHref, filename: 'a.jpg', fileSize: 1 },
      });
      expect(uploadAttempt.statusCode).toBe(401);
      // The guest user and group show in the lists while guests are on.
      const groups = (await open.app.inject({ method: 'GET', url: '/fotoweb/groups/', headers: bearer(open.adminToken) })).json();
      expect(groups.data.map((g: { id: number }) => g.id)).toContain(10000);
    } finally {
      await open.close();
    }
    // Guest-disabled mode (this file's DAM): the public descriptor and browsing need a token.
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/' })).statusCode).toBe(401);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/' })).statusCode).toBe(401);
  });
});
