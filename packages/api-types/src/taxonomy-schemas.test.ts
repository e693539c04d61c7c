import { describe, expect, it } from 'vitest';
import {
  TaxonomyCreationInfoSchema,
  TaxonomyFieldParamsSchema,
  TaxonomyImportRequestSchema,
  TaxonomyInfoRequestSchema,
  TaxonomyItemCreationInfoSchema,
  TaxonomyItemParamsSchema,
  TaxonomyItemUpdateSchema,
  TaxonomyQuerySchema,
} from './schemas.ts';
import { findRoute } from './routes.ts';

const paths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) => result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('taxonomy item bodies (spec 02 §3, §5)', () => {
  it('needs only a non-blank name to create an item', () => {
    expect(TaxonomyItemCreationInfoSchema.parse({ name: 'Owl' })).toEqual({ name: 'Owl' });
    expect(paths(TaxonomyItemCreationInfoSchema.safeParse({ name: '   ' }))).toEqual(['name']);
    expect(paths(TaxonomyItemCreationInfoSchema.safeParse({ value: 'x' }))).toEqual(['name']);
  });

  it('takes only the usage flags Navigate, Query, Set and Hint', () => {
    expect(TaxonomyItemCreationInfoSchema.parse({ name: 'a', acl: ['Set', 'Hint'] }).acl).toEqual(['Set', 'Hint']);
    expect(paths(TaxonomyItemCreationInfoSchema.safeParse({ name: 'a', acl: ['Set', 'Edit'] }))).toEqual(['acl.1']);
  });

  it('needs a label, a value and the acl to update an item', () => {
    expect(TaxonomyItemUpdateSchema.safeParse({ name: 'a', value: 'a', acl: [] }).success).toBe(true);
    expect(paths(TaxonomyItemUpdateSchema.safeParse({ name: 'a', value: ' ', acl: [] }))).toEqual(['value']);
    expect(paths(TaxonomyItemUpdateSchema.safeParse({ name: 'a', value: 'a' }))).toEqual(['acl']);
  });

  it('limits names to 255 characters and custom searches to 2000', () => {
    expect(paths(TaxonomyItemCreationInfoSchema.safeParse({ name: 'x'.repeat(256) }))).toEqual(['name']);
    expect(paths(TaxonomyItemCreationInfoSchema.safeParse({ name: 'x', customSearch: 'x'.repeat(2001) }))).toEqual(['customSearch']);
  });
});

describe('other taxonomy payloads', () => {
  it('creates a taxonomy for a field id 1–9999 with a plural name', () => {
    expect(TaxonomyCreationInfoSchema.safeParse({ field: 25, pluralName: 'Keywords' }).success).toBe(true);
    expect(paths(TaxonomyCreationInfoSchema.safeParse({ field: 0, pluralName: 'x' }))).toEqual(['field']);
    expect(paths(TaxonomyCreationInfoSchema.safeParse({ field: 25 }))).toEqual(['pluralName']);
  });

  it('takes 1–1000 item ids or names for info, as an array or as {txnm}', () => {
    expect(TaxonomyInfoRequestSchema.safeParse(['1042', 'Owl']).success).toBe(true);
    expect(TaxonomyInfoRequestSchema.safeParse({ txnm: ['Owl'] }).success).toBe(true);
    expect(TaxonomyInfoRequestSchema.safeParse([]).success).toBe(false);
    expect(TaxonomyInfoRequestSchema.safeParse(Array.from({ length: 1001 }, String)).success).toBe(false);
  });

  it('limits the text of an import and the search text', () => {
    expect(TaxonomyImportRequestSchema.safeParse({ text: 'a\n\tb' }).success).toBe(true);
    expect(TaxonomyImportRequestSchema.safeParse({ text: 'x'.repeat(1_000_001) }).success).toBe(false);
    expect(TaxonomyQuerySchema.safeParse({ q: 'x'.repeat(200) }).success).toBe(true);
    expect(TaxonomyQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });

  it('checks the ids a route pattern leaves loose', () => {
    const item = findRoute('GET', '/fotoweb/api/taxonomies/25/abc');
    expect(item?.route.operationId).toBe('getTaxonomyItem');
    expect(paths(TaxonomyItemParamsSchema.safeParse(item!.params))).toEqual(['itemId']);
    expect(paths(TaxonomyFieldParamsSchema.safeParse({ fieldId: '12345' }))).toEqual(['fieldId']);
  });
});
