import { describe, expect, it, vi } from 'vitest';
import type { ArchiveConfig } from '@magpie/api-types';
import { ARCHIVE_PERMISSION_IDS, CONSENT_PERMISSIONS, newArchiveDraft, offeredArchivePermissions, prepareArchiveForSave, type ArchiveMember } from '@magpie/machines';
import {
  addMembers,
  ARCHIVE_PERMISSION_LABELS,
  archiveDraftOf,
  archiveInputOf,
  memberKey,
  metadataViewChoices,
  moveMember,
  permissionGroups,
  permissionOffer,
  removeMember,
  samePermissions,
  tabOfField,
  updateMember,
} from './archiveForm.ts';
import { memberListLinks, metadataViewConfigChoices, pickedGroup, pickedUser, poolChoices } from './archivesApi.ts';
import { isNearBottom, LOAD_MORE_MARGIN_PX, LOAD_MORE_THROTTLE_MS, throttle } from './infiniteScroll.ts';
import { canManageArchives } from './ArchiveAdmin.tsx';

const member = (Id: number, MemberType: 'user' | 'group', Name: string, Permissions: string[] = ['View', 'Preview']): ArchiveMember => ({
  Id,
  MemberType,
  Name,
  Permissions,
  AutoSearch: '',
});

/** An archive as the DAM answers it (dam.yaml ArchiveConfig). */
function config(overrides: Partial<ArchiveConfig> = {}): ArchiveConfig {
  return {
    Id: 5000,
    Name: 'Photos',
    Description: 'The first archive',
    MetadataSetId: '5000',
    Path: null,
    Pool: 'default',
    MemberList: [{ Id: 10002, MemberType: 'group', Name: 'Registered Users', Description: '', AutoSearch: '', Permissions: ['View', 'Preview', 'Download', 'UploadFile'] }],
    Properties: [{ key: 'department', value: 'News' }],
    EnableConsentManagement: false,
    InputFolder: 'Incoming',
    InputLocation: '',
    MetadataMacros: [{ FieldId: 80, Value: '{fullname}' }],
    DownloadProcessing: { ProcessingType: 0, SpecificProcessingProfile: null, CustomProcessingProfileSet: null },
    SocialSettings: { AnnotationsEnabled: true },
    NavigationPaneControl: { ShowFolders: false },
    Renditions: { WatermarkId: null, QuickRenditionSetId: null, CropProfileSetId: null },
    SortId: 2,
    href: '/fotoweb/api/config/archives/5000',
    collectionHref: '/fotoweb/archives/5000-Photos/',
    assetCount: 3,
    ...overrides,
  };
}

describe('what the archive dialog offers (spec 03 §2.12, §5)', () => {
  it('names each metadata view in use after the archives that use it, once', () => {
    expect(
      metadataViewChoices([
        { MetadataSetId: '5000', Name: 'Photos' },
        { MetadataSetId: '5001', Name: 'Video' },
        { MetadataSetId: '5000', Name: 'Press' },
        { MetadataSetId: '', Name: 'Broken' },
      ]),
    ).toEqual([
      { id: '5000', label: 'Metadata view of Photos, Press' },
      { id: '5001', label: 'Metadata view of Video' },
    ]);
  });

  it('names the metadata views with the archives that use them, and offers the pools by name', () => {
    expect(
      metadataViewConfigChoices([
        {
          Id: '5000',
          Name: 'Photos view',
          href: '/fotoweb/editors/5000',
          UsedBy: [
            { Id: 5000, Name: 'Photos', SortId: 0 },
            { Id: 5001, Name: 'Press', SortId: 0 },
          ],
        },
        { Id: 'mv-new', Name: 'Spare', href: '/fotoweb/editors/mv-new', UsedBy: [] },
      ]),
    ).toEqual([
      { id: '5000', label: 'Photos view (used by Photos, Press)' },
      { id: 'mv-new', label: 'Spare' },
    ]);
    expect(poolChoices({ AllowExternalPath: false, AllowPoolManagement: false, Pools: [{ Id: 'default', Name: 'Default storage', Description: '' }] })).toEqual([
      { id: 'default', label: 'Default storage' },
    ]);
    // spec 03 §7: a failed load is an empty value.
    expect(poolChoices(undefined)).toEqual([]);
  });

  it('offers every permission but MngVideo without video management, and the consent group only with consent forms and consent management on', () => {
    const noVideo = { permissions: { hasAdvancedVideoControls: false } as never };
    const offered = offeredArchivePermissions(permissionOffer(noVideo, true, false));
    expect(offered).not.toContain('MngVideo');
    expect(offered.filter((id) => CONSENT_PERMISSIONS.includes(id))).toEqual([]);
    expect(offered).toContain('HistoryManage');
    expect(offeredArchivePermissions(permissionOffer(noVideo, true, true))).toEqual(expect.arrayContaining([...CONSENT_PERMISSIONS]));
    expect(offeredArchivePermissions(permissionOffer(noVideo, false, true)).filter((id) => CONSENT_PERMISSIONS.includes(id))).toEqual([]);
    expect(offeredArchivePermissions(permissionOffer({ permissions: { hasAdvancedVideoControls: true } as never }, false, false))).toContain('MngVideo');
    expect(permissionOffer(undefined, false, false).available).not.toContain('MngVideo');
  });

  it('groups the offered permissions (version control and consent apart) and labels every id', () => {
    const groups = permissionGroups(offeredArchivePermissions({}));
    expect(groups.map((g) => g.title)).toEqual(['Permissions', 'Version control']);
    expect(groups[1]?.ids).toEqual(['HistoryView', 'HistoryRollback', 'HistoryManage']);
    expect(permissionGroups(['View', 'ViewConsentSummary']).map((g) => g.title)).toEqual(['Permissions', 'Consent']);
    for (const id of ARCHIVE_PERMISSION_IDS) expect(ARCHIVE_PERMISSION_LABELS[id].length).toBeGreaterThan(0);
  });

  it('puts the name, metadata view and pool on General and the download processing on Export/Import', () => {
    expect(['Name', 'MetadataSetId', 'PathOrPool', 'DownloadProcessing'].map((f) => tabOfField(f as never))).toEqual(['general', 'general', 'general', 'export']);
  });
});

describe('the access list (spec 03 §2.12, §4)', () => {
  const editors = member(12, 'group', 'Editors', ['View', 'Preview', 'UploadFile']);
  const ada = member(15001, 'user', 'Ada');
  const everyone = member(10000, 'group', 'Everyone', ['View']);

  it('adds picked users and groups with View and Preview, never twice', () => {
    const next = addMembers(
      [editors],
      [
        { Id: 12, Name: 'Editors', Description: '', MemberType: 'group' },
        { Id: 15001, Name: 'Ada', Description: 'Photo desk', MemberType: 'user' },
        { Id: 15001, Name: 'Ada', Description: 'Photo desk', MemberType: 'user' },
        // A user and a group may share an id: they are different members.
        { Id: 12, Name: 'Twelve', Description: '', MemberType: 'user' },
      ],
    );
    expect(next.map(memberKey)).toEqual(['group:12', 'user:15001', 'user:12']);
    expect(next[0]).toBe(editors);
    expect(next[1]).toEqual({ Id: 15001, Name: 'Ada', Description: 'Photo desk', MemberType: 'user', AutoSearch: '', Permissions: ['View', 'Preview'] });
  });

  it('removes, reorders and changes one member', () => {
    const list = [editors, ada, everyone];
    expect(removeMember(list, 'user:15001').map(memberKey)).toEqual(['group:12', 'group:10000']);
    expect(moveMember(list, 'group:10000', 'group:12').map(memberKey)).toEqual(['group:10000', 'group:12', 'user:15001']);
    expect(moveMember(list, 'group:12', 'user:15001').map(memberKey)).toEqual(['user:15001', 'group:12', 'group:10000']);
    expect(moveMember(list, 'group:12', 'user:999').map(memberKey)).toEqual(['group:12', 'user:15001', 'group:10000']);
    const changed = updateMember(list, 'user:15001', { AutoSearch: 'fn:press-*', Permissions: ['View'] });
    expect(changed[1]).toMatchObject({ Name: 'Ada', AutoSearch: 'fn:press-*', Permissions: ['View'] });
    expect(changed[0]).toBe(editors);
  });

  it('compares permission lists as sets', () => {
    expect(samePermissions(['Preview', 'View'], ['View', 'Preview'])).toBe(true);
    expect(samePermissions(['View'], ['View', 'Preview'])).toBe(false);
    expect(samePermissions(['View', 'View'], ['View'])).toBe(true);
  });
});

describe('the archive as edited and as saved (spec 03 §3.8, §7)', () => {
  it('reads every field of the DAM answer into the draft, and writes the body back the same', () => {
    const draft = archiveDraftOf(config());
    expect(draft).toMatchObject({ Id: 5000, Name: 'Photos', MetadataSetId: '5000', Pool: 'default', InputFolder: 'Incoming', SortId: 2 });
    expect(draft['MetadataMacros']).toEqual([{ FieldId: '80', Value: '{fullname}' }]);
    const body = archiveInputOf(prepareArchiveForSave(draft));
    expect(body).toEqual({
      Name: 'Photos',
      Description: 'The first archive',
      MetadataSetId: '5000',
      Path: null,
      Pool: 'default',
      MemberList: [{ Id: 10002, MemberType: 'group', AutoSearch: '', Permissions: ['View', 'Preview', 'Download', 'UploadFile'] }],
      Properties: [{ key: 'department', value: 'News' }],
      EnableConsentManagement: false,
      InputFolder: 'Incoming',
      InputLocation: '',
      MetadataMacros: [{ FieldId: 80, Value: '{fullname}' }],
      DownloadProcessing: { ProcessingType: 0, SpecificProcessingProfile: null, CustomProcessingProfileSet: null },
      SocialSettings: { AnnotationsEnabled: true },
      NavigationPaneControl: { ShowFolders: false },
      Renditions: { WatermarkId: null, QuickRenditionSetId: null, CropProfileSetId: null },
      SortId: 2,
    });
  });

  it('sends a new archive with no path, trimmed filters and folders, and only macros with a numeric field id', () => {
    const draft = {
      ...newArchiveDraft('default'),
      Name: 'Press',
      MetadataSetId: '5000',
      InputFolder: ' Incoming/Press ',
      MemberList: [{ ...member(12, 'group', 'Editors'), AutoSearch: '  fn:press-*  ' }],
      MetadataMacros: [
        { FieldId: ' 25 ', Value: '{username}' },
        { FieldId: 'title', Value: 'x' },
        { FieldId: '', Value: '' },
      ],
    };
    const body = archiveInputOf(draft);
    expect(body).toMatchObject({ Name: 'Press', Path: null, Pool: 'default', InputFolder: 'Incoming/Press', MetadataMacros: [{ FieldId: 25, Value: '{username}' }] });
    expect(body.MemberList).toEqual([{ Id: 12, MemberType: 'group', AutoSearch: 'fn:press-*', Permissions: ['View', 'Preview'] }]);
    expect(body).not.toHaveProperty('SortId');
    expect(archiveInputOf({ ...draft, MetadataSetId: '' }).MetadataSetId).toBeNull();
  });
});

describe('the Add member dialog lists (spec 03 §2.12, §6)', () => {
  it('uses the user-management links, else the descriptor lists, else none', () => {
    expect(memberListLinks({ userManagement: { userList: '/fotoweb/users/', groupList: '/fotoweb/groups/' } as never, users: null, groups: null })).toEqual({
      userList: '/fotoweb/users/',
      groupList: '/fotoweb/groups/',
    });
    expect(memberListLinks({ userManagement: null, users: null, groups: '/fotoweb/groups/' })).toEqual({ userList: undefined, groupList: '/fotoweb/groups/' });
    expect(memberListLinks(undefined)).toEqual({ userList: undefined, groupList: undefined });
  });

  it('names users by full name (else user name) and groups by name', () => {
    expect(pickedUser({ id: 15001, fullName: 'Ada Lovelace', username: 'ada', description: 'Desk' })).toEqual({
      Id: 15001,
      Name: 'Ada Lovelace',
      Description: 'Desk',
      MemberType: 'user',
    });
    expect(pickedUser({ id: 15002, fullName: ' ', username: 'bob', description: '' }).Name).toBe('bob');
    expect(pickedGroup({ id: 12, name: 'Editors', description: '' })).toEqual({ Id: 12, Name: 'Editors', Description: '', MemberType: 'group' });
  });

  it('offers the archive administration only with hasManageArchivesPermission', () => {
    expect(canManageArchives({ permissions: { hasManageArchivesPermission: true } as never })).toBe(true);
    expect(canManageArchives({ permissions: { hasManageArchivesPermission: false } as never })).toBe(false);
    expect(canManageArchives(undefined)).toBe(false);
  });
});

describe('the listing loads more near the bottom (spec 03 §2.11, §9)', () => {
  it('is near the bottom within 400 px of the end, or when the page does not scroll', () => {
    expect(LOAD_MORE_MARGIN_PX).toBe(400);
    expect(isNearBottom({ scrollTop: 600, clientHeight: 800, scrollHeight: 1800 })).toBe(true);
    expect(isNearBottom({ scrollTop: 599, clientHeight: 800, scrollHeight: 1800 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 800, scrollHeight: 500 })).toBe(true);
  });

  it('checks at most once every 300 ms, and always checks the last position', () => {
    expect(LOAD_MORE_THROTTLE_MS).toBe(300);
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const check = throttle(run);
      check();
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(100);
      check();
      check();
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(199);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(300);
      check();
      expect(run).toHaveBeenCalledTimes(3);
      check();
      check.cancel();
      vi.advanceTimersByTime(1000);
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
