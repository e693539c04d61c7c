import { describe, expect, it } from 'vitest';
import { MODEL_EXISTING_ARCHIVE, MODEL_NEW_ARCHIVE } from './archiveSave.model.ts';
import {
  ARCHIVE_NAME_MUST_BE_UNIQUE,
  ARCHIVE_NAME_REQUIRED,
  ARCHIVE_NAME_UNIQUE,
  ARCHIVE_SAVE_ERROR_MESSAGES,
  ARCHIVE_SAVE_GENERAL_ERROR,
  archiveSaveErrorMessage,
  archiveSaveErrorMessages,
  newArchiveDraft,
  EMPTY_PROFILE_ID,
  METADATA_SET_REQUIRED,
  PATH_OR_POOL_REQUIRED,
  prepareArchiveForSave,
  PROCESSING_PROFILE_REQUIRED,
  PROCESSING_PROFILE_SET_REQUIRED,
  PROCESSING_TYPE,
  TOO_MANY_ARCHIVES,
  validateArchive,
  type ArchiveDraft,
} from './archiveValidation.ts';

const RULES = { existingNames: ['Photos', 'Press'], originalName: undefined };

describe('archive save validation (spec 03 §5)', () => {
  it('collects every problem together, not only the first', () => {
    const archive: ArchiveDraft = {
      ...MODEL_NEW_ARCHIVE,
      Pool: null,
      DownloadProcessing: { ProcessingType: PROCESSING_TYPE.specific, SpecificProcessingProfile: EMPTY_PROFILE_ID },
    };
    expect(validateArchive(archive, RULES)).toEqual([
      { field: 'Name', message: ARCHIVE_NAME_REQUIRED },
      { field: 'MetadataSetId', message: METADATA_SET_REQUIRED },
      { field: 'PathOrPool', message: PATH_OR_POOL_REQUIRED },
      { field: 'DownloadProcessing', message: PROCESSING_PROFILE_REQUIRED },
    ]);
  });

  it("refuses a duplicate name (trimmed, any case) with 'archive name must be unique', unless unchanged", () => {
    const valid = { ...MODEL_EXISTING_ARCHIVE };
    // One message for one problem, whether the dialog or the server finds it (spec 03 §5, §8).
    expect(ARCHIVE_NAME_UNIQUE).toBe('archive name must be unique');
    expect(validateArchive({ ...valid, Name: ' press ' }, RULES)).toEqual([{ field: 'Name', message: ARCHIVE_NAME_UNIQUE }]);
    expect(validateArchive(valid, { ...RULES, originalName: 'Photos' })).toEqual([]);
    expect(validateArchive({ ...valid, Name: 'PHOTOS' }, { ...RULES, originalName: 'Photos' })).toEqual([]);
    expect(validateArchive({ ...valid, Name: 'Press' }, { ...RULES, originalName: 'Photos' })).toHaveLength(1);
    expect(validateArchive({ ...valid, Name: 'Campaigns' }, RULES)).toEqual([]);
  });

  it('needs a metadata set and a path or a pool', () => {
    const valid = { ...MODEL_EXISTING_ARCHIVE, Name: 'Campaigns' };
    expect(validateArchive({ ...valid, MetadataSetId: null }, RULES).map((e) => e.message)).toEqual([METADATA_SET_REQUIRED]);
    expect(validateArchive({ ...valid, MetadataSetId: '  ' }, RULES).map((e) => e.message)).toEqual([METADATA_SET_REQUIRED]);
    expect(validateArchive({ ...valid, Pool: null, Path: '' }, RULES).map((e) => e.message)).toEqual([PATH_OR_POOL_REQUIRED]);
    expect(validateArchive({ ...valid, Pool: null, Path: '/mnt/campaigns' }, RULES)).toEqual([]);
    expect(validateArchive({ ...valid, Pool: 3, Path: null }, RULES)).toEqual([]);
  });

  it('needs a specific profile for ProcessingType 1 and a profile set for 2 (the all-zero id is none)', () => {
    const valid = { ...MODEL_EXISTING_ARCHIVE, Name: 'Campaigns' };
    const withProcessing = (DownloadProcessing: ArchiveDraft['DownloadProcessing']) => validateArchive({ ...valid, DownloadProcessing }, RULES).map((e) => e.message);
    expect(PROCESSING_TYPE).toEqual({ unmodified: 0, specific: 1, custom: 2 });
    expect(withProcessing({ ProcessingType: 1, SpecificProcessingProfile: EMPTY_PROFILE_ID })).toEqual([PROCESSING_PROFILE_REQUIRED]);
    expect(withProcessing({ ProcessingType: 1, SpecificProcessingProfile: null })).toEqual([PROCESSING_PROFILE_REQUIRED]);
    expect(withProcessing({ ProcessingType: 1, SpecificProcessingProfile: 'pp-web' })).toEqual([]);
    expect(withProcessing({ ProcessingType: 2, CustomProcessingProfileSet: '' })).toEqual([PROCESSING_PROFILE_SET_REQUIRED]);
    expect(withProcessing({ ProcessingType: 2, CustomProcessingProfileSet: 'pps-print' })).toEqual([]);
    // The set is not needed for type 1, nor the profile for type 2, nor either for 0.
    expect(withProcessing({ ProcessingType: 0 })).toEqual([]);
  });

  it('saves only complete custom properties and moves member 10000 to the end (spec 03 §4, §5)', () => {
    const prepared = prepareArchiveForSave({
      ...MODEL_EXISTING_ARCHIVE,
      Name: '  Campaigns ',
      Properties: [
        { key: 'department', value: 'Marketing' },
        { key: '', value: 'orphan' },
        { key: 'note', value: ' ' },
      ],
      MemberList: [
        { Id: 10000, Name: 'Everyone', Permissions: ['View'], MemberType: 'group' },
        { Id: 12, Name: 'Editors', Permissions: ['View'], MemberType: 'group' },
        { Id: 15001, Name: 'Ada', Permissions: ['View'], MemberType: 'user' },
      ],
    });
    expect(prepared.Name).toBe('Campaigns');
    expect(prepared.Properties).toEqual([{ key: 'department', value: 'Marketing' }]);
    expect(prepared.MemberList.map((m) => m.Id)).toEqual([12, 15001, 10000]);
    expect(prepared.Pool).toBe('default');
  });
});

describe('archive save errors (spec 03 §8)', () => {
  it('maps every server value to its message', () => {
    expect(ARCHIVE_SAVE_ERROR_MESSAGES).toEqual({
      name_required: 'archive name is required',
      name_exists: ARCHIVE_NAME_MUST_BE_UNIQUE,
      metadata_invalid: 'metadata set is required',
      path_invalid: 'metadata set is required',
      processing_profile_invalid: 'processing profile is required',
      processing_profile_set_invalid: 'processing profile set is required',
      too_many_archives: TOO_MANY_ARCHIVES,
    });
    for (const [value, message] of Object.entries(ARCHIVE_SAVE_ERROR_MESSAGES)) {
      expect(archiveSaveErrorMessage({ status: 400, responseJSON: { value, heading: 'ignored' } })).toBe(message);
    }
  });

  it('shows the heading unless the status is 500, else the general message', () => {
    expect(archiveSaveErrorMessage({ status: 403, responseJSON: { heading: 'No access' } })).toBe('No access');
    expect(archiveSaveErrorMessage({ status: 400, responseJSON: { value: 'unknown', heading: 'Bad pool' } })).toBe('Bad pool');
    expect(archiveSaveErrorMessage({ status: 500, responseJSON: { heading: 'Stack trace' } })).toBe(ARCHIVE_SAVE_GENERAL_ERROR);
    expect(archiveSaveErrorMessage({ status: 502, responseJSON: null })).toBe(ARCHIVE_SAVE_GENERAL_ERROR);
    expect(archiveSaveErrorMessage({ status: 400, responseJSON: { value: 'toString' } })).toBe(ARCHIVE_SAVE_GENERAL_ERROR);
    expect(archiveSaveErrorMessage(new TypeError('Failed to fetch'))).toBe(ARCHIVE_SAVE_GENERAL_ERROR);
    expect(archiveSaveErrorMessage('boom')).toBe(ARCHIVE_SAVE_GENERAL_ERROR);
  });
});

describe('archive save errors with several problems (dam.yaml ErrorIssue)', () => {
  const sent = { MemberList: [{ Id: 12, Name: 'Press editors', Permissions: ['View'], MemberType: 'group' as const }] };

  it('shows one message per issue, §8 values by their message and the others in the server words, without repeats', () => {
    const error = {
      status: 400,
      responseJSON: {
        value: 'name_exists',
        heading: 'The archive was not saved',
        issues: [
          { path: 'body.Name', value: 'name_exists', message: 'An archive named “Press” exists already.' },
          { path: 'body.MetadataSetId', value: 'metadata_invalid', message: 'Choose a metadata view.' },
          { path: 'body.Pool', value: 'path_invalid', message: 'Choose a storage pool.' },
          { path: 'body.MemberList.0.AutoSearch', value: 'InvalidSearchExpression', message: ' The AutoSearch filter does not parse. ' },
          { path: 'body.MemberList.7', value: 'member_invalid', message: 'There is no user with id 99.' },
          { path: 'body', value: 'setting_invalid', message: '' },
        ],
      },
    };
    expect(archiveSaveErrorMessages(error, sent)).toEqual([
      ARCHIVE_NAME_MUST_BE_UNIQUE,
      'metadata set is required',
      'Press editors: The AutoSearch filter does not parse.',
      'There is no user with id 99.',
    ]);
    expect(archiveSaveErrorMessages(error)).toContain('The AutoSearch filter does not parse.');
  });

  it('falls back to the one §8 message without issues, or when no issue can be shown', () => {
    expect(archiveSaveErrorMessages({ status: 409, responseJSON: { value: 'name_exists' } })).toEqual([ARCHIVE_NAME_MUST_BE_UNIQUE]);
    expect(archiveSaveErrorMessages({ status: 500, responseJSON: { heading: 'Down', issues: [{ value: 'odd', message: 'Stack trace' }] } })).toEqual([ARCHIVE_SAVE_GENERAL_ERROR]);
    expect(archiveSaveErrorMessages({ status: 400, responseJSON: { heading: 'Refused', issues: [null, { value: 'odd' }] } })).toEqual(['Refused']);
    expect(archiveSaveErrorMessages(undefined)).toEqual([ARCHIVE_SAVE_GENERAL_ERROR]);
  });
});

describe('a new archive (spec 03 §2.12, §3.8)', () => {
  it('opens with nothing chosen but the pool, unmodified downloads and no settings this server lacks', () => {
    const draft = newArchiveDraft('default');
    expect(draft).toMatchObject({ Name: '', MetadataSetId: '', Path: null, Pool: 'default', MemberList: [], Properties: [] });
    expect(draft.DownloadProcessing).toEqual({ ProcessingType: PROCESSING_TYPE.unmodified, SpecificProcessingProfile: null, CustomProcessingProfileSet: null });
    expect(validateArchive(draft, RULES).map((e) => e.field)).toEqual(['Name', 'MetadataSetId']);
    expect(validateArchive(newArchiveDraft(null), RULES).map((e) => e.field)).toEqual(['Name', 'MetadataSetId', 'PathOrPool']);
  });
});
