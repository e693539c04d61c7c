import { GroupsRepository } from '../repositories/groups.repository.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { ApiError } from '../lib/errors.ts';
import { TaxonomiesRepository } from './taxonomies.repository.ts';
import { InvalidTaxonomyItemError, MANAGE_TAXONOMIES_PERMISSION, TaxonomiesService } from './taxonomies.service.ts';
import { TaxonomyImportError } from './text-import.ts';
import { taxonomyHref } from './taxonomy.presenter.ts';

/** A small page size so paging shows with a handful of items. */
const PAGE_SIZE = 3;
const FIELD = 25;

let dam: TestDam;
let sut: TaxonomiesService;
let repo: TaxonomiesRepository;
let admin: Caller;
let reader: Caller;
let groupEditor: Caller;

/** The service's sort order: lower-cased names in code-point order. */
const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

async function callerFor(token: string): Promise<Caller> {
  const caller = await dam.ctx.auth.authenticate(token);
  if (!caller) throw new Error('token refused');
  return caller;
}

async function expectApiError(promise: Promise<unknown>, status: number, value: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect({ status: (error as ApiError).status, value: (error as ApiError).value }).toEqual({ status, value });
}

/** Every page of the top-level list (following `next` links), as names. */
async function allRootNames(caller: Caller, query?: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 0; ; page++) {
    const { taxonomy } = await sut.getTaxonomy(caller, FIELD, { page, query });
    names.push(...taxonomy.items.data.map((i) => i.name));
    if (!taxonomy.items.paging.next) return names;
  }
}

beforeAll(async () => {
  dam = await createTestDam();
  repo = new TaxonomiesRepository(dam.ctx.database.db);
  sut = new TaxonomiesService(repo, { pageSize: PAGE_SIZE });
  admin = await callerFor(dam.adminToken);
  reader = await callerFor((await dam.createUser('reader')).token);
  const editor = await dam.createUser('group-editor');
  const group = await dam.ctx.database.db.insertInto('groups').values({ name: 'Taxonomy editors', builtin_key: null }).returning('id').executeTakeFirstOrThrow();
  await dam.ctx.database.db.insertInto('group_members').values({ group_id: group.id, user_id: editor.id }).execute();
  await new GroupsRepository(dam.ctx.database.db).grantPermission(group.id, MANAGE_TAXONOMIES_PERMISSION);
  groupEditor = await callerFor(editor.token);
});
afterAll(async () => {
  await dam?.close();
});

describe('taxonomies', () => {
  it('has an empty Keywords taxonomy (field 25) from the start', async () => {
    const list = await sut.listTaxonomies();
    expect(list.data).toEqual([
      { name: 'Keyword', pluralName: 'Keywords', description: '', hasChildren: false, field: 25, href: taxonomyHref(25), taxonomyHref: taxonomyHref(25) },
    ]);
    expect(list.paging).toEqual({ first: '/fotoweb/api/taxonomies/;p=0', prev: null, next: null, last: '/fotoweb/api/taxonomies/;p=0', index: 0, totalPages: 1, count: 1 });
  });

  it('grants editing to administrators and to groups holding manageTaxonomies only', async () => {
    expect(await sut.canEdit(admin)).toBe(true);
    expect(await sut.canEdit(groupEditor)).toBe(true);
    expect(await sut.canEdit(reader)).toBe(false);
  });

  it('creates, renames and deletes a taxonomy; refuses a second one for the same field and non-editors', async () => {
    expect(await sut.createTaxonomy(groupEditor, 90, { name: 'City', pluralName: 'Cities' })).toBe('/fotoweb/api/taxonomies/90/');
    await expectApiError(sut.createTaxonomy(admin, 90, { pluralName: 'Cities' }), 409, 'TaxonomyExists');
    await expectApiError(sut.createTaxonomy(reader, 91, { pluralName: 'Nope' }), 403, 'Forbidden');
    await sut.updateTaxonomy(admin, 90, { pluralName: 'Towns', description: 'Where' });
    expect((await sut.getTaxonomy(reader, 90)).info).toMatchObject({ name: 'City', pluralName: 'Towns', description: 'Where', field: 90 });
    await sut.deleteTaxonomy(admin, 90);
    await expectApiError(sut.getTaxonomy(admin, 90), 404, 'NotFound');
  });
});

describe('text import', () => {
  const FILE = [
    'Animals',
    '\tMammals',
    '\t\tBush dog',
    '\t\tRed fox',
    '\t[Birds]',
    '\t\tOwl',
    '\t\tEagle',
    'Places',
    '\tOslo',
    'Zebra crossing',
    'apple',
    'Banana',
    'cherry',
    '<Quoted>',
    '[Empty category]',
  ].join('\n');
  const TOTAL_ITEMS = 15;

  it('imports the tree with hierarchy and categories, and a re-import adds nothing', async () => {
    expect(await sut.importText(groupEditor, FIELD, FILE)).toEqual({ field: FIELD, created: TOTAL_ITEMS, existing: 0 });
    expect(await sut.importText(admin, FIELD, `${FILE}\nKiwi`)).toEqual({ field: FIELD, created: 1, existing: TOTAL_ITEMS });

    const animals = (await sut.getTaxonomy(admin, FIELD)).taxonomy.items.data.find((i) => i.name === 'Animals')!;
    expect(animals).toMatchObject({ value: 'Animals', acl: ['Navigate', 'Query', 'Set'], hasChildren: true, field: FIELD });
    const children = (await sut.getItem(admin, FIELD, animals.href.split('/').pop()!)).children.data;
    expect(children.map((c) => [c.name, c.acl])).toEqual([
      ['Birds', ['Navigate', 'Query']],
      ['Mammals', ['Navigate', 'Query', 'Set']],
    ]);
    const quoted = (await allRootNames(admin)).includes('<Quoted>');
    expect(quoted).toBe(true);
  });

  it('names the values a taxonomy-only field would refuse: no item with Set carries them', async () => {
    expect(await sut.valuesNotSettable(FIELD, ['Owl', 'Birds', 'Nope', 'Bush dog'])).toEqual(['Birds', 'Nope']);
    expect(await sut.valuesNotSettable(77, ['anything'])).toEqual([]);
  });

  it('gives a category the Set flag when a later import names it as a plain line, changing nothing else', async () => {
    expect(await sut.importText(admin, FIELD, 'Animals\n\tBirds\n\t\t[Owl]')).toEqual({ field: FIELD, created: 0, existing: 3 });
    const animals = (await sut.getTaxonomy(admin, FIELD)).taxonomy.items.data.find((i) => i.name === 'Animals')!;
    const birds = (await sut.getItem(admin, FIELD, animals.href.split('/').pop()!)).children.data.find((c) => c.name === 'Birds')!;
    expect(birds.acl).toEqual(['Navigate', 'Query', 'Set']);
    // A category line never takes Set away.
    const owl = (await sut.getItem(admin, FIELD, birds.href.split('/').pop()!)).children.data.find((c) => c.name === 'Owl')!;
    expect(owl.acl).toEqual(['Navigate', 'Query', 'Set']);
  });

  it.each([
    ['top-level items', null],
    ['the children of an item', 1],
  ])('reads pages of %s along taxonomy_items_page_idx, in its order (no sort step)', async (_what, parentId) => {
    const plan = await dam.ctx.database.db.transaction().execute(async (trx) => {
      // With few rows a scan and a sort are cheaper; forbid them to see whether the index serves the query alone.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_sort = off`.execute(trx);
      const rows = await new TaxonomiesRepository(trx).childrenPageQuery(FIELD, parentId, { editor: true }, { offset: 0, limit: PAGE_SIZE }).explain();
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan).toContain('taxonomy_items_page_idx');
    expect(plan).not.toMatch(/^\s*->\s*Sort\b/m);
  });

  it('finds items by name or value (info) along the name and value indexes', async () => {
    const plan = await dam.ctx.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const rows = await new TaxonomiesRepository(trx).itemsByNamesQuery(['Owl', 'places']).explain();
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan).toContain('taxonomy_items_name_idx');
    expect(plan).toContain('taxonomy_items_value_idx');
  });

  it('refuses a malformed file with its line number and stores nothing of it', async () => {
    const before = await allRootNames(admin);
    const error = await sut.importText(admin, FIELD, 'Fresh\n\t\tDeep\n\tShallow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaxonomyImportError);
    expect((error as TaxonomyImportError).line).toBe(3);
    expect(await allRootNames(admin)).toEqual(before);
  });

  it('refuses non-editors and unknown fields unless asked to create the taxonomy', async () => {
    await expectApiError(sut.importText(reader, FIELD, 'X'), 403, 'Forbidden');
    await expectApiError(sut.importText(admin, 80, 'Ann'), 404, 'NotFound');
    expect(await sut.importText(admin, 80, 'Ann\nBob', { create: { pluralName: 'Bylines' } })).toEqual({ field: 80, created: 2, existing: 0 });
    expect((await sut.getTaxonomy(admin, 80)).info).toMatchObject({ name: 'Bylines', pluralName: 'Bylines', hasChildren: true });
  });

  it('pages top-level items sorted by name, with first/prev/next/last links', async () => {
    const names = await allRootNames(admin);
    const expected = ['Animals', 'Places', 'Zebra crossing', 'apple', 'Banana', 'cherry', '<Quoted>', 'Empty category', 'Kiwi'].sort(byName);
    expect(names).toEqual(expected);
    const pages = Math.ceil(expected.length / PAGE_SIZE);
    const middle = (await sut.getTaxonomy(admin, FIELD, { page: 1 })).taxonomy.items.paging;
    expect(middle).toEqual({
      first: `${taxonomyHref(FIELD)};p=0`,
      prev: `${taxonomyHref(FIELD)};p=0`,
      next: `${taxonomyHref(FIELD)};p=2`,
      last: `${taxonomyHref(FIELD)};p=${pages - 1}`,
      index: 1,
      totalPages: pages,
      count: expected.length,
    });
    const past = (await sut.getTaxonomy(admin, FIELD, { page: pages + 3 })).taxonomy.items;
    expect(past.data).toEqual([]);
    expect(past.paging.prev).toBe(`${taxonomyHref(FIELD)};p=${pages - 1}`);
  });

  it('searches names and values case-insensitively, with ancestors, paging the results', async () => {
    const { taxonomy } = await sut.getTaxonomy(admin, FIELD, { query: 'O' });
    const all = await allRootNames(admin, 'O');
    // Every imported name containing "o", at any depth.
    const expected = ['Bush dog', 'Red fox', 'Owl', 'Oslo', 'Zebra crossing', '<Quoted>', 'Empty category'].filter((n) => n.toLowerCase().includes('o')).sort(byName);
    expect(all).toEqual(expected);
    expect(taxonomy.items.paging.next).toBe(`${taxonomyHref(FIELD)};p=1?q=O`);
    const fox = (await sut.getTaxonomy(admin, FIELD, { query: 'fox' })).taxonomy.items.data;
    expect(fox).toHaveLength(1);
    expect(fox[0]!.ancestors!.map((a) => a.name)).toEqual(['Animals', 'Mammals']);
    expect((await sut.getTaxonomy(admin, FIELD, { query: '100%_' })).taxonomy.items.data).toEqual([]);
  });
});

describe('items', () => {
  let parentId: string;

  it('creates an item with the default acl and a value from its name, and a child under it', async () => {
    const created = await sut.createItem(admin, FIELD, undefined, { name: '  <Sports> ' });
    expect(created).toMatchObject({ name: '<Sports>', value: 'Sports', description: '', customSearch: '', acl: ['Navigate', 'Query', 'Set'], hasChildren: false, ancestors: [] });
    parentId = created.href.split('/').pop()!;
    const child = await sut.createItem(groupEditor, FIELD, parentId, { name: 'Football', value: 'football', acl: ['Set', 'Navigate'], description: 'Soccer' });
    expect(child).toMatchObject({ value: 'football', acl: ['Navigate', 'Set'], description: 'Soccer', ancestors: [{ name: '<Sports>', href: created.href }] });
    expect((await sut.getItem(admin, FIELD, parentId)).hasChildren).toBe(true);
  });

  it('refuses non-editors, blank names, sibling names taken, bad custom searches and unknown parents', async () => {
    await expectApiError(sut.createItem(reader, FIELD, undefined, { name: 'X' }), 403, 'Forbidden');
    await expectApiError(sut.createItem(admin, FIELD, undefined, { name: '   ' }), 400, 'InvalidRequest');
    await expectApiError(sut.createItem(admin, FIELD, parentId, { name: 'FOOTBALL' }), 409, 'TaxonomyItemExists');
    await expectApiError(sut.createItem(admin, FIELD, undefined, { name: 'Y', customSearch: '(unclosed' }), 400, 'InvalidSearchExpression');
    await expectApiError(sut.createItem(admin, FIELD, '999999', { name: 'Z' }), 404, 'NotFound');
    await expectApiError(sut.createItem(admin, 77, undefined, { name: 'Z' }), 404, 'NotFound');
  });

  it('updates an item, keeping sibling names unique', async () => {
    const football = (await sut.getItem(admin, FIELD, parentId)).children.data[0]!;
    const id = football.href.split('/').pop()!;
    await sut.createItem(admin, FIELD, parentId, { name: 'Tennis' });
    const updated = await sut.updateItem(admin, FIELD, id, { name: 'Soccer', value: 'soccer', acl: ['Query'], description: 'Ball', customSearch: '25:soccer OR 25:football' });
    expect(updated).toMatchObject({ name: 'Soccer', value: 'soccer', acl: ['Query'], description: 'Ball', customSearch: '25:soccer OR 25:football' });
    await expectApiError(sut.updateItem(admin, FIELD, id, { name: 'tennis', value: 'tennis', acl: [] }), 409, 'TaxonomyItemExists');
    await expectApiError(sut.updateItem(reader, FIELD, id, { name: 'x', value: 'x', acl: [] }), 403, 'Forbidden');
    await expectApiError(sut.updateItem(admin, FIELD, id, { name: 'x', value: ' ', acl: [] }), 400, 'InvalidRequest');
    await expectApiError(sut.updateItem(admin, FIELD, '424242', { name: 'x', value: 'x', acl: [] }), 404, 'NotFound');
  });

  it('shows non-editors only items they can set or navigate into, and no children without Navigate', async () => {
    const sports = await sut.getItem(admin, FIELD, parentId);
    // Soccer has only Query: editors see it, readers do not.
    expect(sports.children.data.map((c) => c.name)).toEqual(['Soccer', 'Tennis']);
    expect((await sut.getItem(reader, FIELD, parentId)).children.data.map((c) => c.name)).toEqual(['Tennis']);
    const soccerId = sports.children.data[0]!.href.split('/').pop()!;
    await expectApiError(sut.getItem(reader, FIELD, soccerId), 404, 'NotFound');
    // An item with children but without Navigate or Set is hidden; with Set but without Navigate its children are not listed.
    await sut.updateItem(admin, FIELD, parentId, { name: '<Sports>', value: 'Sports', acl: ['Set'] });
    const forReader = await sut.getItem(reader, FIELD, parentId);
    expect({ hasChildren: forReader.hasChildren, children: forReader.children.data }).toEqual({ hasChildren: false, children: [] });
    await sut.updateItem(admin, FIELD, parentId, { name: '<Sports>', value: 'Sports', acl: ['Query'] });
    expect(await allRootNames(reader)).not.toContain('<Sports>');
    expect(await allRootNames(admin)).toContain('<Sports>');
    // The empty category has neither Set nor children.
    expect(await allRootNames(reader)).not.toContain('Empty category');
    expect(await allRootNames(reader, 'category')).toEqual([]);
    await sut.updateItem(admin, FIELD, parentId, { name: '<Sports>', value: 'Sports', acl: ['Navigate', 'Query', 'Set'] });
  });

  it('maps item ids to items across fields (taxonomies/info), leaving out unknown and hidden ones', async () => {
    const sports = await sut.getItem(admin, FIELD, parentId);
    const soccer = sports.children.data
      .find((c) => c.name === 'Soccer')!
      .href.split('/')
      .pop()!;
    const tennis = sports.children.data
      .find((c) => c.name === 'Tennis')!
      .href.split('/')
      .pop()!;
    expect((await sut.itemsInfo(admin, [tennis, 'nope', '99999', soccer])).map((i) => [i.name, i.field, i.ancestors?.map((a) => a.name)])).toEqual([
      ['Tennis', FIELD, ['<Sports>']],
      ['Soccer', FIELD, ['<Sports>']],
    ]);
    expect((await sut.itemsInfo(reader, [tennis, soccer])).map((i) => i.name)).toEqual(['Tennis']);
    // Names and values find items too (the web client's txnm names), each item once, in the order asked.
    expect((await sut.itemsInfo(admin, ['SOCCER', 'tennis', tennis, 'Owl'])).map((i) => [i.name, i.field])).toEqual([
      ['Soccer', FIELD],
      ['Tennis', FIELD],
      ['Owl', FIELD],
    ]);
  });

  it('answers the search expression of an item, refusing unknown items and items without Query', async () => {
    const sports = await sut.getItem(admin, FIELD, parentId);
    const [soccer, tennis] = sports.children.data.map((c) => c.href.split('/').pop()!);
    const expressions = await sut.searchExpressions([soccer!, tennis!]);
    expect(Object.fromEntries(expressions)).toEqual({ [soccer!]: '25:soccer OR 25:football', [tennis!]: '25:"Tennis"' });
    await expect(sut.searchExpressions(['123456789'])).rejects.toBeInstanceOf(InvalidTaxonomyItemError);
    await expect(sut.searchExpressions(['not-an-id'])).rejects.toBeInstanceOf(InvalidTaxonomyItemError);
    await sut.updateItem(admin, FIELD, tennis!, { name: 'Tennis', value: 'Tennis', acl: ['Set'] });
    await expect(sut.searchExpressions([tennis!])).rejects.toMatchObject({ value: 'InvalidTaxonomyItem', itemId: tennis });
  });

  it('deletes an item with its whole subtree; deleting it again changes nothing', async () => {
    const sports = await sut.getItem(admin, FIELD, parentId);
    const childId = sports.children.data[0]!.href.split('/').pop()!;
    await sut.createItem(admin, FIELD, childId, { name: 'Grandchild' });
    await expectApiError(sut.deleteItem(reader, FIELD, parentId), 403, 'Forbidden');
    expect(await sut.deleteItem(admin, FIELD, parentId)).toBe(4);
    expect(await sut.deleteItem(admin, FIELD, parentId)).toBe(0);
    await expectApiError(sut.getItem(admin, FIELD, childId), 404, 'NotFound');
    expect(await allRootNames(admin)).not.toContain('<Sports>');
  });
});
