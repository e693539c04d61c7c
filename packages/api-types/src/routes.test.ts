import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BFF_ROUTES, DAM_ROUTES, ROUTES, allowedMethods, findRoute, isSafePath } from './routes.ts';

const contract = (name: string) =>
  parse(readFileSync(fileURLToPath(new URL(`../../../openapi/${name}.yaml`, import.meta.url)), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };

describe('findRoute', () => {
  it.each([
    ['POST', '/fotoweb/oauth2/token', 'createToken', {}],
    ['GET', '/fotoweb/services/keepalive', 'keepalive', {}],
    ['GET', '/fotoweb/health', 'getHealth', {}],
    ['GET', '/fotoweb/me/', 'getFullApiDescriptor', {}],
    ['GET', '/fotoweb/me', 'getFullApiDescriptorNoSlash', {}],
    ['GET', '/fotoweb/me/archives/', 'listMyArchives', { matrix: '' }],
    ['GET', '/fotoweb/me/archives/;p=1', 'listMyArchives', { matrix: ';p=1' }],
    ['GET', '/fotoweb/me/archives', 'listMyArchivesNoSlash', {}],
    ['GET', '/fotoweb/api/taxonomies/25?q=harb', 'getTaxonomyNoSlash', { fieldId: '25' }],
    ['GET', '/fotoweb/me/upload-to/', 'listUploadTargets', { matrix: '' }],
    ['GET', '/fotoweb/me/user-preferences/', 'getUserPreferences', {}],
    ['PATCH', '/fotoweb/me/user-preferences/', 'updateUserPreferences', {}],
    ['GET', '/fotoweb/archives/', 'listArchives', { matrix: '' }],
    ['GET', '/fotoweb/archives/?q=dog', 'listArchives', { matrix: '' }],
    ['GET', '/fotoweb/archives/5000-Photos/', 'getCollection', { archive: '5000-Photos', folderPath: '', matrix: '' }],
    ['GET', '/fotoweb/archives/5000/', 'getCollection', { archive: '5000', folderPath: '', matrix: '' }],
    ['GET', '/fotoweb/archives/5000-Photos/sub/folder/', 'getCollection', { archive: '5000-Photos', folderPath: '/sub/folder', matrix: '' }],
    ['GET', '/fotoweb/archives/5000-All-files/Folder%2019/;o=-fn;p=3?q=25%3Adog', 'getCollection', { archive: '5000-All-files', folderPath: '/Folder%2019', matrix: ';o=-fn;p=3' }],
    ['GET', '/fotoweb/archives/5001-testarchive/;p=1', 'getCollection', { archive: '5001-testarchive', folderPath: '', matrix: ';p=1' }],
    ['GET', '/fotoweb/archives/5000-X/;o=+', 'getCollection', { archive: '5000-X', folderPath: '', matrix: ';o=+' }],
    ['GET', '/fotoweb/archives/5000-X/;o=', 'getCollection', { archive: '5000-X', folderPath: '', matrix: ';o=' }],
    ['GET', '/fotoweb/archives/5000-All-files/Folder%2019/X.jpg.webp.info', 'getAsset', { archive: '5000-All-files', assetPath: 'Folder%2019/X.jpg.webp' }],
    ['GET', '/fotoweb/archives/5000-Photos/a.jpg.info', 'getAsset', { archive: '5000-Photos', assetPath: 'a.jpg' }],
    ['GET', '/fotoweb/archives/5000-Photos/2024/a.jpg.info/__renditions/ORIGINAL', 'getRendition', { archive: '5000-Photos', assetPath: '2024/a.jpg', rendition: 'ORIGINAL' }],
    ['GET', '/fotoweb/cache/previews/42/800.ab12.jpg', 'getPreview', { assetId: '42', previewName: '800.ab12.jpg' }],
    ['GET', '/fotoweb/cache/video/42/3f2a9c0b1d2e.mp4', 'getWebVideo', { assetId: '42', videoName: '3f2a9c0b1d2e.mp4' }],
    ['GET', '/fotoweb/cache/pages/42/3.ab12.jpg', 'getDocumentPage', { assetId: '42', pageName: '3.ab12.jpg' }],
    ['POST', '/fotoweb/api/uploads', 'createUpload', {}],
    ['POST', '/fotoweb/api/uploads/AbC_-1/chunks/0', 'uploadChunk', { id: 'AbC_-1', index: '0' }],
    ['GET', '/fotoweb/api/uploads/AbC_-1/status', 'getUploadStatus', { id: 'AbC_-1' }],
    ['PATCH', '/fotoweb/archives/5000-Photos/a.jpg.info', 'updateAsset', { archive: '5000-Photos', assetPath: 'a.jpg' }],
    ['GET', '/fotoweb/archives/5000-Photos/2024/a.jpg/__revisions/', 'listRevisions', { archive: '5000-Photos', assetPath: '2024/a.jpg' }],
    ['POST', '/fotoweb/archives/5000-Photos/a.jpg/__revisions/compare', 'compareRevisions', { archive: '5000-Photos', assetPath: 'a.jpg' }],
    ['GET', '/fotoweb/archives/5000-Photos/a.jpg/__revisions/3', 'getRevision', { archive: '5000-Photos', assetPath: 'a.jpg', revision: '3' }],
    ['DELETE', '/fotoweb/archives/5000-Photos/a.jpg/__revisions/3', 'deleteRevision', { archive: '5000-Photos', assetPath: 'a.jpg', revision: '3' }],
    ['POST', '/fotoweb/archives/5000-Photos/a%20b.jpg/__revisions/2/rollback', 'rollbackRevision', { archive: '5000-Photos', assetPath: 'a%20b.jpg', revision: '2' }],
    ['POST', '/fotoweb/archives/5000-Photos/a.jpg/__revisions/2/rollback-to', 'rollbackToRevision', { archive: '5000-Photos', assetPath: 'a.jpg', revision: '2' }],
    ['GET', '/fotoweb/editors/5f0c-ab', 'getMetadataView', { id: '5f0c-ab' }],
    ['PUT', '/fotoweb/editors/5f0c-ab', 'replaceMetadataView', { id: '5f0c-ab' }],
    ['POST', '/fotoweb/me/background-tasks/', 'createBackgroundTask', {}],
    ['GET', '/fotoweb/me/background-tasks/Tq_1', 'getBackgroundTask', { id: 'Tq_1' }],
    ['GET', '/fotoweb/api/taxonomies/', 'listTaxonomies', { matrix: '' }],
    ['GET', '/fotoweb/api/taxonomies/;p=2', 'listTaxonomies', { matrix: ';p=2' }],
    ['POST', '/fotoweb/api/taxonomies/', 'createTaxonomy', {}],
    ['POST', '/fotoweb/api/taxonomies/info/', 'getTaxonomyItemsInfo', {}],
    ['POST', '/fotoweb/api/taxonomies/info', 'getTaxonomyItemsInfo', {}],
    ['GET', '/fotoweb/api/taxonomies/archives/5000', 'listArchiveTaxonomies', { archiveId: '5000' }],
    ['GET', '/fotoweb/api/taxonomies/25/?q=dog', 'getTaxonomy', { fieldId: '25', matrix: '' }],
    ['GET', '/fotoweb/api/taxonomies/25/;p=1?q=dog', 'getTaxonomy', { fieldId: '25', matrix: ';p=1' }],
    ['PUT', '/fotoweb/api/taxonomies/25/', 'updateTaxonomy', { fieldId: '25' }],
    ['POST', '/fotoweb/api/taxonomies/25/', 'createTopLevelTaxonomyItem', { fieldId: '25' }],
    ['DELETE', '/fotoweb/api/taxonomies/25/', 'deleteTaxonomy', { fieldId: '25' }],
    ['POST', '/fotoweb/api/taxonomies/25/import', 'importTaxonomyText', { fieldId: '25' }],
    ['GET', '/fotoweb/api/taxonomies/25/1042', 'getTaxonomyItem', { fieldId: '25', itemId: '1042' }],
    ['PUT', '/fotoweb/api/taxonomies/25/1042', 'updateTaxonomyItem', { fieldId: '25', itemId: '1042' }],
    ['POST', '/fotoweb/api/taxonomies/25/1042', 'createChildTaxonomyItem', { fieldId: '25', itemId: '1042' }],
    ['DELETE', '/fotoweb/api/taxonomies/25/1042', 'deleteTaxonomyItem', { fieldId: '25', itemId: '1042' }],
    ['GET', '/fotoweb/api/taxonomies/25/1042/;p=3', 'getTaxonomyItemChildren', { fieldId: '25', itemId: '1042', matrix: ';p=3' }],
    ['GET', '/fotoweb/users/?q=ada&p=2', 'listUsers', {}],
    ['POST', '/fotoweb/users/', 'createUser', {}],
    ['PATCH', '/fotoweb/users/', 'updateUsers', {}],
    ['DELETE', '/fotoweb/users/', 'deleteUsers', {}],
    ['GET', '/fotoweb/users/site-owner', 'getSiteOwner', {}],
    ['PUT', '/fotoweb/users/site-owner', 'setSiteOwner', {}],
    ['GET', '/fotoweb/api/users/15002', 'getUser', { id: '15002' }],
    ['PATCH', '/fotoweb/api/users/15002', 'updateUser', { id: '15002' }],
    ['DELETE', '/fotoweb/api/users/15002', 'deleteUser', { id: '15002' }],
    ['GET', '/fotoweb/api/users/15002/member-of', 'getUserMemberOf', { id: '15002' }],
    ['PATCH', '/fotoweb/api/users/15002/member-of', 'updateUserMemberOf', { id: '15002' }],
    ['DELETE', '/fotoweb/api/users/15002/device-tokens', 'resetUserDeviceTokens', { id: '15002' }],
    ['GET', '/fotoweb/groups/?sortfield=name', 'listGroups', {}],
    ['POST', '/fotoweb/groups/', 'createGroup', {}],
    ['GET', '/fotoweb/api/groups/10003', 'getGroup', { id: '10003' }],
    ['PATCH', '/fotoweb/api/groups/10003', 'updateGroup', { id: '10003' }],
    ['DELETE', '/fotoweb/api/groups/10003', 'deleteGroup', { id: '10003' }],
    ['GET', '/fotoweb/api/groups/10003/users?p=1', 'listGroupUsers', { id: '10003' }],
    ['PATCH', '/fotoweb/api/groups/10003/users', 'updateGroupUsers', { id: '10003' }],
    ['GET', '/fotoweb/api/groups/10003/groups', 'listGroupGroups', { id: '10003' }],
    ['PATCH', '/fotoweb/api/groups/10003/groups', 'updateGroupGroups', { id: '10003' }],
    ['GET', '/fotoweb/api/groups/10003/member-of', 'getGroupMemberOf', { id: '10003' }],
    ['PATCH', '/fotoweb/api/groups/10003/member-of', 'updateGroupMemberOf', { id: '10003' }],
    ['GET', '/fotoweb/api/config/options', 'getConfigOptions', {}],
    ['POST', '/fotoweb/me/password', 'changeOwnPassword', {}],
    ['GET', '/fotoweb/api/config/applications', 'listApplications', {}],
    ['POST', '/fotoweb/api/config/applications', 'createApplication', {}],
    ['DELETE', '/fotoweb/api/config/applications/Ab1-x', 'deleteApplication', { clientId: 'Ab1-x' }],
    ['GET', '/fotoweb/api/config/mail?before=40', 'listMail', {}],
    ['POST', '/fotoweb/api/config/mail/test', 'sendTestMail', {}],
    ['GET', '/fotoweb/api/config/mail/12', 'getMail', { mailId: '12' }],
    ['GET', '/fotoweb/api/activity?action=asset.&before=9', 'listActivity', {}],
    ['GET', '/fotoweb/api/activity/export?format=csv', 'exportActivity', {}],
    ['POST', '/fotoweb/views/login?to=%2Ffotoweb%2F', 'login', {}],
    ['GET', '/fotoweb/views/session', 'getSession', {}],
    ['POST', '/fotoweb/services/logout', 'logoutSession', {}],
  ])('%s %s → %s', (method, path, operationId, params) => {
    const match = findRoute(method, path);
    expect(match?.route.operationId).toBe(operationId);
    expect(match?.params).toEqual(params);
  });

  it('looks HEAD up as GET and ignores the method case', () => {
    expect(findRoute('HEAD', '/fotoweb/archives/5000-Photos/a.jpg.info/__renditions/ORIGINAL')?.route.operationId).toBe('getRendition');
    expect(findRoute('get', '/fotoweb/me/')?.route.operationId).toBe('getFullApiDescriptor');
  });

  it('gives the BFF its own logout, and the DAM logout when asked for the DAM contract', () => {
    expect(findRoute('POST', '/fotoweb/services/logout')?.route.contract).toBe('bff');
    const dam = findRoute('POST', '/fotoweb/services/logout', { contract: 'dam' });
    expect(dam?.route.operationId).toBe('logout');
    expect(dam?.route.fromBrowser).toBe(false);
    expect(findRoute('POST', '/fotoweb/oauth2/token')?.route.fromBrowser).toBe(false);
  });

  it.each([
    ['GET', '/fotoweb/archives/5000-Photos'],
    ['GET', '/fotoweb/archives/Photos/'],
    ['GET', '/fotoweb/archives/5000-Photos/;p=x'],
    ['GET', '/fotoweb/archives/5000-Photos/a.jpg.webp/__revisions'],
    ['PUT', '/fotoweb/archives/5000-Photos/a.jpg/__revisions/2'],
    ['GET', '/fotoweb/editors/'],
    ['GET', '/fotoweb/archives/5000-Photos/__renditions/'],
    ['DELETE', '/fotoweb/archives/5000-Photos/a.jpg.info'],
    ['GET', '/fotoweb/api/uploads'],
    ['POST', '/fotoweb/api/uploads/x/chunks/'],
    ['GET', '/fotoweb/api/taxonomies/25/;p=x'],
    ['GET', '/fotoweb/api/taxonomies/25/1042/x'],
    ['GET', '/fotoweb/users'],
    ['PUT', '/fotoweb/users/'],
    ['GET', '/fotoweb/api/users/15002/'],
    ['POST', '/fotoweb/api/users/15002/device-tokens'],
    ['PATCH', '/fotoweb/api/users/15002/enabled'],
    ['GET', '/fotoweb/api/groups/10003/members'],
    ['GET', '/fotoweb/me/password'],
    ['GET', '/other'],
  ])('finds nothing for %s %s', (method, path) => {
    expect(findRoute(method, path)).toBeUndefined();
  });

  it('lets the browser call every user and group operation, DELETE /fotoweb/users/ with a user-list body', () => {
    const deleteUsers = findRoute('DELETE', '/fotoweb/users/');
    expect(deleteUsers?.route.fromBrowser).toBe(true);
    expect(deleteUsers?.route.bodyContentTypes).toEqual(['application/vnd.fotoware.user-list+json', 'application/json']);
    expect(deleteUsers?.route.body?.safeParse({ users: ['/fotoweb/api/users/15002'] }).success).toBe(true);
    const user = findRoute('GET', '/fotoweb/api/users/abc');
    expect(user?.route.operationId).toBe('getUser');
    expect(user?.route.params?.safeParse(user.params).success).toBe(false);
    expect(findRoute('PATCH', '/fotoweb/api/groups/10003/member-of')?.route.bodyContentTypes).toEqual(['application/vnd.fotoware.group-list-update+json', 'application/json']);
  });

  it('leaves precise checks to the schemas', () => {
    const match = findRoute('POST', '/fotoweb/api/uploads/x/chunks/abc');
    expect(match?.route.operationId).toBe('uploadChunk');
    expect(match?.route.params?.safeParse(match.params).success).toBe(false);
    expect(match?.route.bodyContentTypes).toEqual(['multipart/form-data']);
  });

  it('runs in linear time on hostile paths', () => {
    const started = performance.now();
    findRoute('GET', `/fotoweb/archives/5000-X/${'a/'.repeat(20_000)}x`);
    findRoute('GET', `/fotoweb/archives/5000-X/${'.info'.repeat(20_000)}/`);
    findRoute('GET', `/fotoweb/me/archives/${';o='.repeat(20_000)}/`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('allowedMethods', () => {
  it('lists the methods of a path', () => {
    expect(allowedMethods('/fotoweb/me/user-preferences/').sort()).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(allowedMethods('/fotoweb/users/').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'POST']);
    expect(allowedMethods('/nothing')).toEqual([]);
  });
});

describe('isSafePath', () => {
  it.each(['/fotoweb/archives/5000-X/a%2Fb/', '/fotoweb/archives/5000-X/..a/', '/fotoweb/me/'])('accepts %s', (path) => {
    expect(isSafePath(path)).toBe(true);
  });
  it.each(['/fotoweb/archives/5000-X/../../api/uploads', '/fotoweb/archives/5000-X/%2e%2E/x', '/fotoweb/archives/5000-X/./x', '/fotoweb//me/', '/fotoweb\\me', 'fotoweb/me'])(
    'refuses %s',
    (path) => {
      expect(isSafePath(path)).toBe(false);
    },
  );
});

describe('the route table and the contracts', () => {
  const operations = (name: 'dam' | 'bff') =>
    Object.entries(contract(name).paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete', 'head'].includes(method))
        .map(([method, op]) => ({ path, method: method.toUpperCase(), operationId: op.operationId })),
    );

  it.each(['dam', 'bff'] as const)('has exactly one route for every operation of %s.yaml, with its method', (name) => {
    const table = name === 'dam' ? DAM_ROUTES : BFF_ROUTES;
    const ops = operations(name);
    expect(table.map((r) => r.operationId).sort()).toEqual(ops.map((o) => o.operationId).sort());
    for (const op of ops) {
      expect(table.find((r) => r.operationId === op.operationId)?.method, op.operationId).toBe(op.method);
    }
  });

  it('matches each contract path with its own route (templated segments filled in)', () => {
    const samples: Record<string, string> = {
      '{archive}': '5000-Photos',
      '{assetPath}': 'a/b.jpg',
      '{rendition}': 'ORIGINAL',
      '{assetId}': '7',
      '{previewName}': '800.jpg',
      '{id}': 'abc',
      '{index}': '0',
      '{setting}': 'watermarks',
    };
    for (const name of ['dam', 'bff'] as const) {
      for (const op of operations(name)) {
        const path = op.path.replace(/\{[^}]+\}/g, (param) => samples[param] ?? 'x');
        expect(findRoute(op.method, path, { contract: name })?.route.operationId, `${op.method} ${path}`).toBe(op.operationId);
      }
    }
  });

  it('puts validation only where the contract has a body, and content types with every body', () => {
    for (const route of ROUTES) {
      if (route.body !== undefined) expect(route.bodyContentTypes?.length, route.operationId).toBeGreaterThan(0);
      expect(route.pattern.source.startsWith('^') && route.pattern.source.endsWith('$'), route.operationId).toBe(true);
    }
  });
});
