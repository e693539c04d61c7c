/**
 * The taxonomies room's rows of the authorization matrix (policies/authorization.matrix.test.ts): editing needs the
 * group permission manageTaxonomies (`allowTaxonomyEditing`) and is refused with 403, taxonomies being no secret; an
 * item hidden from non-editors (no Set, no Navigate) answers them 404. Reading lists and visible items is open to
 * every signed-in caller (the matrix's open operations). Each request acts on a taxonomy or item the owner made for it.
 */
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const EDITING = { groupPermissions: ['manageTaxonomies'] } as const;
const edits = (ok: number): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const hidden: MatrixExpect = { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: 200 };

/** Field ids for the matrix's taxonomies (1–9999; no other test DAM state uses these). */
let nextField = 8000;

/** A new taxonomy, made by the owner: its href. */
async function freshTaxonomy(w: MatrixWorld): Promise<string> {
  const field = ++nextField;
  const res = await w.dam.app.inject(as(w.owner, jsonRequest('POST', '/fotoweb/api/taxonomies/', { field, pluralName: `Matrix ${field}` })));
  if (res.statusCode !== 201) throw new Error(`taxonomy ${field}: ${res.statusCode} ${res.body}`);
  return `/fotoweb/api/taxonomies/${field}/`;
}

/** A new top-level item of a new taxonomy, made by the owner with `acl` (the default when omitted): its href. */
async function freshItem(w: MatrixWorld, acl?: string[]): Promise<string> {
  const res = await w.dam.app.inject(as(w.owner, jsonRequest('POST', await freshTaxonomy(w), { name: 'Matrix item', ...(acl ? { acl } : {}) })));
  if (res.statusCode !== 201) throw new Error(`taxonomy item: ${res.statusCode} ${res.body}`);
  return (res.json() as { href: string }).href;
}

export const TAXONOMIES_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'createTaxonomy',
    grant: EDITING,
    request: async () => jsonRequest('POST', '/fotoweb/api/taxonomies/', { field: ++nextField, pluralName: 'Matrix created' }),
    expect: edits(201),
  },
  { operation: 'updateTaxonomy', grant: EDITING, request: async (w) => jsonRequest('PUT', await freshTaxonomy(w), { pluralName: 'Matrix renamed' }), expect: edits(204) },
  { operation: 'deleteTaxonomy', grant: EDITING, request: async (w) => ({ method: 'DELETE', url: await freshTaxonomy(w) }), expect: edits(204) },
  {
    operation: 'importTaxonomyText',
    grant: EDITING,
    request: async (w) => jsonRequest('POST', `${await freshTaxonomy(w)}import`, { text: 'Birds\r\n\tOwls\r\n' }),
    expect: edits(200),
  },
  { operation: 'createTopLevelTaxonomyItem', grant: EDITING, request: async (w) => jsonRequest('POST', await freshTaxonomy(w), { name: 'Matrix top' }), expect: edits(201) },
  { operation: 'createChildTaxonomyItem', grant: EDITING, request: async (w) => jsonRequest('POST', await freshItem(w), { name: 'Matrix child' }), expect: edits(201) },
  {
    operation: 'updateTaxonomyItem',
    grant: EDITING,
    request: async (w) => jsonRequest('PUT', await freshItem(w), { name: 'Matrix renamed', value: 'Matrix renamed', acl: ['Set'] }),
    expect: edits(200),
  },
  { operation: 'deleteTaxonomyItem', grant: EDITING, request: async (w) => ({ method: 'DELETE', url: await freshItem(w) }), expect: edits(204) },
  { operation: 'getTaxonomyItem', label: 'hidden item', grant: EDITING, request: async (w) => ({ method: 'GET', url: await freshItem(w, []) }), expect: hidden },
  {
    operation: 'getTaxonomyItemChildren',
    label: 'hidden item',
    grant: EDITING,
    request: async (w) => ({ method: 'GET', url: `${await freshItem(w, [])}/` }),
    expect: hidden,
  },
];
