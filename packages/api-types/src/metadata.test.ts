import { describe, expect, it } from 'vitest';
import type { FieldDescription } from './index.ts';
import { fieldDefinitionOf } from './fields.ts';
import { findRoute } from './routes.ts';
import {
  BackgroundTaskRequestSchema,
  DeleteRequestSchema,
  DuplicateRequestSchema,
  MetadataEditRequestSchema,
  MetadataViewUpdateSchema,
  MoveRequestSchema,
  RenameRequestSchema,
  RevisionCompareRequestSchema,
  RevisionParamsSchema,
  RollbackToRequestSchema,
  RotateRequestSchema,
  TrashUpdateSchema,
} from './schemas.ts';
import { renameProblem } from './names.ts';

const field = (id: number, extra: Partial<FieldDescription['field']> = {}): FieldDescription => ({
  field: {
    id,
    label: `Field ${id}`,
    'data-type': 'text',
    'multi-instance': false,
    multiline: false,
    'max-size': null,
    taxonomyHref: null,
    validation: { regexp: null, min: null, max: null },
    ...extra,
  },
  isWritable: true,
  required: false,
  'taxonomy-only': false,
});

const view = {
  name: 'Archive',
  builtinFields: { title: 5, description: null, tags: 25, status: null, rating: null, notes: null },
  detailRegions: [{ name: 'Default', fields: [field(5), field(25, { 'multi-instance': true })] }],
};

describe('MetadataViewUpdateSchema', () => {
  it('accepts a view whose built-in fields are in its regions', () => {
    expect(MetadataViewUpdateSchema.safeParse(view).success).toBe(true);
  });

  it('refuses a field id used twice, a built-in field outside the regions, a bad regexp and min > max', () => {
    const twice = { ...view, detailRegions: [...view.detailRegions, { name: 'Again', fields: [field(5)] }] };
    const outside = { ...view, builtinFields: { ...view.builtinFields, notes: 230 } };
    const regexp = { ...view, detailRegions: [{ name: 'D', fields: [field(5, { validation: { regexp: '(', min: null, max: null } }), field(25)] }] };
    const range = { ...view, detailRegions: [{ name: 'D', fields: [field(5, { validation: { regexp: null, min: 3, max: 1 } }), field(25)] }] };
    const paths = (value: unknown) => MetadataViewUpdateSchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(paths(twice)).toEqual(['detailRegions']);
    expect(paths(outside)).toEqual(['builtinFields.notes']);
    expect(paths(regexp)).toEqual(['detailRegions.0.fields.0.field.validation.regexp']);
    expect(paths(range)).toEqual(['detailRegions.0.fields.0.field.validation.min']);
  });
});

describe('task and revision bodies', () => {
  it('takes string and bag values in a metadata-edit-request and refuses empty lists', () => {
    const body = {
      assets: [{ href: '/a.jpg.info' }],
      'job-metadata': [
        { field: 5, value: 'x' },
        { field: 25, value: [] },
      ],
    };
    expect(MetadataEditRequestSchema.parse(body)).toEqual(body);
    expect(MetadataEditRequestSchema.safeParse({ ...body, assets: [] }).success).toBe(false);
    expect(MetadataEditRequestSchema.safeParse({ ...body, 'job-metadata': [{ field: 'x', value: 'y' }] }).success).toBe(false);
  });

  it('takes a duplicate-request with optional revisions, and the task route accepts both task bodies and media types', () => {
    expect(DuplicateRequestSchema.safeParse({ assets: [{ href: '/a.jpg.info', revision: 2 }, { href: '/b.jpg.info' }] }).success).toBe(true);
    expect(DuplicateRequestSchema.safeParse({ assets: [{ href: '/a.jpg.info', revision: 0 }] }).success).toBe(false);
    const route = findRoute('POST', '/fotoweb/me/background-tasks/')!.route;
    expect(route.body).toBe(BackgroundTaskRequestSchema);
    expect(route.bodyContentTypes).toEqual(
      ['metadata-edit', 'duplicate', 'rename', 'move', 'copy', 'rotate', 'delete'].map((type) => `application/vnd.fotoware.${type}-request+json`),
    );
    expect(BackgroundTaskRequestSchema.safeParse({ assets: [{ href: '/a.jpg.info' }] }).success).toBe(true);
    expect(BackgroundTaskRequestSchema.safeParse({ assets: [] }).success).toBe(false);
  });

  it('takes the file operations of issue 13: one asset to rename, a destination, a direction, and the trash update', () => {
    const one = [{ href: '/a.jpg.info' }];
    expect(RenameRequestSchema.safeParse({ assets: one, 'job-filename': 'b.jpg' }).success).toBe(true);
    expect(RenameRequestSchema.safeParse({ assets: [...one, { href: '/c.jpg.info' }], 'job-filename': 'b.jpg' }).success).toBe(false);
    expect(RenameRequestSchema.safeParse({ assets: one, 'job-filename': '' }).success).toBe(false);
    expect(MoveRequestSchema.safeParse({ assets: one, 'job-destination': '/fotoweb/archives/5000-Photos/' }).success).toBe(true);
    expect(MoveRequestSchema.safeParse({ assets: one }).success).toBe(false);
    expect(RotateRequestSchema.safeParse({ assets: one, direction: 'ccw' }).success).toBe(true);
    expect(RotateRequestSchema.safeParse({ assets: one, direction: 'left' }).success).toBe(false);
    expect(DeleteRequestSchema.safeParse({ assets: one }).success).toBe(true);
    expect(DeleteRequestSchema.safeParse({ assets: Array.from({ length: 1001 }, () => one[0]) }).success).toBe(false);
    expect(TrashUpdateSchema.safeParse({ restore: [1], purge: [2] }).success).toBe(true);
    expect(TrashUpdateSchema.safeParse({}).success).toBe(false);
    expect(TrashUpdateSchema.safeParse({ restore: [0] }).success).toBe(false);
  });

  it('says what is wrong with a rename: the file-name rules, the extension kept, a new name', () => {
    expect(renameProblem('harbour.jpg', ' dawn.JPG ')).toBeUndefined();
    expect(renameProblem('harbour.jpg', 'dawn.png')).toContain('.jpg');
    expect(renameProblem('harbour.jpg', '.jpg')).toContain('.jpg');
    expect(renameProblem('harbour.jpg', 'a?b.jpg')).toContain('must not contain');
    expect(renameProblem('harbour.jpg', 'harbour.jpg')).toContain('already has');
    expect(renameProblem('README', 'NOTES')).toBeUndefined();
    expect(renameProblem('README', 'NOTES.txt')).toContain('no extension');
  });

  it('checks revision numbers and rollback types', () => {
    expect(RevisionParamsSchema.safeParse({ archive: '5000', assetPath: 'a.jpg', revision: '0' }).success).toBe(false);
    expect(RevisionParamsSchema.safeParse({ archive: '5000', assetPath: 'a.jpg', revision: '12' }).success).toBe(true);
    expect(RevisionCompareRequestSchema.safeParse({ leftRevision: 1, rightRevision: 2.5 }).success).toBe(false);
    expect(RollbackToRequestSchema.parse({})).toEqual({});
    expect(RollbackToRequestSchema.safeParse({ rollbackType: 'everything' }).success).toBe(false);
  });
});

describe('fieldDefinitionOf', () => {
  it('derives the editor from data-type and values, and drops null rules', () => {
    expect(fieldDefinitionOf(field(320, { 'data-type': 'integer', validation: { regexp: null, min: 0, max: 5 } }))).toMatchObject({
      id: '320',
      dataType: 'number',
      validation: { min: 0, max: 5 },
    });
    expect(fieldDefinitionOf(field(10, { values: ['Draft', 'Final'] })).dataType).toBe('dropdown');
    expect(fieldDefinitionOf(field(55, { 'data-type': 'date' })).dataType).toBe('date');
    expect(fieldDefinitionOf({ ...field(310), editor: 'email' }).dataType).toBe('email');
    const keywords = fieldDefinitionOf({
      ...field(25, { 'multi-instance': true, taxonomyHref: '/fotoweb/api/taxonomies/25/' }),
      'taxonomy-only': true,
      options: { cancelEditOnBlur: true },
    });
    expect(keywords).toEqual({
      id: '25',
      label: 'Field 25',
      dataType: 'text',
      multiInstance: true,
      multiline: false,
      taxonomyOnly: true,
      taxonomyHref: '/fotoweb/api/taxonomies/25/',
      required: false,
      isWritable: true,
      validation: {},
      cancelEditOnBlur: true,
    });
  });
});
