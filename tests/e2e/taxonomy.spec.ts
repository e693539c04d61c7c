/**
 * Taxonomies end to end (issue 5; spec 02 §2 Taxonomy tree popover, Taxonomy item edit modal, Error modal; §4, §5,
 * §6, §8) on the real stack in Chromium, as the administrator (an editor: `allowTaxonomyEditing`):
 *
 * 1. In the asset view, the Keywords field's "Browse taxonomy" opens the tree popover; the editor builds keywords with
 *    Add and add child (inline, Enter), renames one in the edit modal (the value follows the label without < and >),
 *    deletes a leaf at once and a parent only after the confirmation; the search narrows the tree and says "No items
 *    found"; a failing request shows the general error modal and a failing search the "malformed search" tooltip.
 * 2. The title is edited and two keywords are picked (one with the keyboard: arrows, left collapses, right expands,
 *    Enter selects; one with the mouse from a search), saved and stored.
 * 3. The header search finds the asset by each keyword, and the advanced search finds it through the picker in a
 *    criteria row.
 * 4. A taxonomy larger than a page (imported through the API) pages with first/previous/next/last, and deleting the
 *    last item of a page lands on the first page.
 *
 * Every popover and modal passes axe. Names carry this run's id, so other specs' items never interfere.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, openFirstArchive, uniquePhoto, uploadToCollection } from './metadataAssets.ts';

const TITLE = '5';
const KEYWORDS = '25';

/** A tree item by its exact name. */
const treeItem = (scope: Locator, name: string) => scope.getByRole('treeitem', { name, exact: true });

/** The names in the order the tree shows them (spec 02 §2: sorted by name), as the client sorts. */
const byName = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));

/** Adds an item inline (spec 02 §5: the text is name and value; Enter adds) and waits for it in the tree. */
async function addInline(popover: Locator, opener: Locator, name: string): Promise<void> {
  await opener.click();
  const input = popover.getByTestId('taxonomy-add-input');
  await expect(input).toBeFocused();
  await input.fill(name);
  await input.press('Enter');
  await expect(input).toHaveCount(0);
  await expect(treeItem(popover, name)).toBeVisible();
}

/** The stored values of a field, read from the API. */
async function storedValues(page: Page, href: string, field: string): Promise<string[]> {
  const response = await page.request.get(href, { headers: { Accept: 'application/vnd.fotoware.asset+json' } });
  expect(response.ok()).toBe(true);
  const asset = (await response.json()) as { metadata?: Record<string, { value: string | string[] }> };
  const value = asset.metadata?.[field]?.value;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

test('build keywords in the taxonomy tree, pick them for an asset with a new title, and find it by them', async ({ page, credentials }) => {
  const run = Date.now().toString(36);
  const parent = `Fauna${run}`;
  const sparrow = `Sparrow${run}`;
  const cats = `Cats${run}`;
  const renamed = `<Felines> Lynx${run}`;
  const renamedValue = renamed.replace(/[<>]/g, ''); // spec 02 §5
  const spare = `Vehicles${run}`;
  const temp = `Temp${run}`;
  const tempChild = `Tempchild${run}`;
  const title = `Aviary ${run}`;

  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await openFirstArchive(page);
  const collectionUrl = page.url();
  const [href] = await uploadToCollection(page, [uniquePhoto(`taxonomy-${run}`)]);
  await page.goto(href!);

  const panel = page.getByTestId('metadata-panel');
  const titleEditor = panel.locator(`[data-testid="field-editor"][data-field-id="${TITLE}"]`);
  const keywordsEditor = panel.locator(`[data-testid="field-editor"][data-field-id="${KEYWORDS}"]`);

  // ---------------------------------------------------------------- the title
  await titleEditor.getByTestId('field-edit').click();
  await titleEditor.getByTestId('field-input').fill(title);
  await titleEditor.getByTestId('field-save').click();
  await expect(titleEditor.getByTestId('field-value')).toHaveText(title);

  // ---------------------------------------------------------------- the tree popover from the Keywords field
  await keywordsEditor.getByTestId('field-edit').click();
  await keywordsEditor.getByTestId('field-open-taxonomy').click();
  const popover = page.getByTestId('taxonomy-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByTestId('taxonomy-search')).toBeFocused();
  await expect(popover.getByTestId('taxonomy-add')).toBeVisible(); // editors only (spec 02 §6)
  await expectAccessible(page, '[data-testid="taxonomy-popover"]', 'taxonomy tree popover');

  // Add, add child (twice), sorted by name under their parent.
  await addInline(popover, popover.getByTestId('taxonomy-add'), parent);
  const parentItem = treeItem(popover, parent);
  await addInline(popover, parentItem.getByRole('button', { name: `Add child to ${parent}`, exact: true }), sparrow);
  await addInline(popover, parentItem.getByRole('button', { name: `Add child to ${parent}`, exact: true }), cats);
  await expect(parentItem).toHaveAttribute('aria-expanded', 'true');
  await expect(parentItem.getByRole('treeitem')).toHaveText(byName([sparrow, cats]).map((name) => new RegExp(`^${name}`)));
  await expect(treeItem(popover, sparrow)).toHaveAttribute('aria-level', '2');

  // Esc cancels an inline add; a blank text adds nothing.
  await popover.getByTestId('taxonomy-add').click();
  await popover.getByTestId('taxonomy-add-input').fill('   ');
  await popover.getByTestId('taxonomy-add-input').press('Enter');
  await expect(popover.getByTestId('taxonomy-add-input')).toBeVisible();
  await popover.getByTestId('taxonomy-add-input').press('Escape');
  await expect(popover.getByTestId('taxonomy-add-input')).toHaveCount(0);
  await expect(popover).toBeVisible();

  // The edit modal: OK after a change; the value copies the label without < and > (spec 02 §5).
  await treeItem(popover, cats)
    .getByRole('button', { name: `Edit ${cats}`, exact: true })
    .click();
  const modal = page.getByTestId('taxonomy-item-edit');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('taxonomy-edit-label')).toHaveValue(cats);
  await expect(modal.getByTestId('taxonomy-edit-value')).toHaveValue(cats);
  await expect(modal.getByTestId('taxonomy-edit-ok')).toBeDisabled();
  await modal.getByTestId('taxonomy-edit-label').fill(renamed);
  await expect(modal.getByTestId('taxonomy-edit-value')).toHaveValue(renamedValue);
  await modal.getByTestId('taxonomy-edit-description').fill('Wild cats');
  await expect(modal.getByTestId('taxonomy-edit-ok')).toBeEnabled();
  await expectAccessible(page, '[data-testid="taxonomy-item-edit"]', 'taxonomy item edit modal');
  await modal.getByTestId('taxonomy-edit-ok').click();
  await expect(modal).toBeHidden();
  await expect(treeItem(popover, renamed)).toBeVisible();
  await expect(treeItem(popover, cats)).toHaveCount(0);
  await expect(parentItem.getByRole('treeitem')).toHaveText(byName([sparrow, renamed]).map((name) => new RegExp(`^${name}`)));

  // A leaf goes at once; a failing delete shows the general error modal and keeps the item (spec 02 §8).
  await addInline(popover, popover.getByTestId('taxonomy-add'), spare);
  const failOnce = async (route: import('@playwright/test').Route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ value: 'InternalError', message: 'Database unavailable', heading: 'Could not delete', requestId: `req-${run}` }),
    });
  };
  await page.route('**/fotoweb/api/taxonomies/**', failOnce);
  await treeItem(popover, spare)
    .getByRole('button', { name: `Delete ${spare}`, exact: true })
    .click();
  const errorModal = page.getByTestId('taxonomy-error');
  await expect(errorModal).toBeVisible();
  await expect(errorModal).toContainText('general error, try later');
  await errorModal.getByRole('button', { name: 'Details' }).click();
  await expect(errorModal).toContainText('Could not delete');
  await expect(errorModal).toContainText(`req-${run}`);
  await expectAccessible(page, '[data-testid="taxonomy-error"]', 'taxonomy error modal');
  // The modal moves with its header and stays inside the viewport (spec 02 §2 Error modal).
  const header = errorModal.getByRole('heading', { name: 'Error' });
  const before = (await errorModal.boundingBox())!;
  const grip = (await header.boundingBox())!;
  const dragBy = async (dx: number, dy: number) => {
    const from = (await header.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + dx, from.y + from.height / 2 + dy, { steps: 5 });
    await page.mouse.up();
  };
  expect(grip.width).toBeGreaterThan(0);
  await dragBy(-60, 40);
  await expect.poll(async () => (await errorModal.boundingBox())!.x).toBeCloseTo(before.x - 60, 0);
  expect((await errorModal.boundingBox())!.y).toBeCloseTo(before.y + 40, 0);
  await dragBy(-5000, -5000);
  const viewport = page.viewportSize()!;
  await expect.poll(async () => (await errorModal.boundingBox())!.x).toBeCloseTo(0, 0);
  const clamped = (await errorModal.boundingBox())!;
  expect(clamped.y).toBeCloseTo(0, 0);
  expect(clamped.x + clamped.width).toBeLessThanOrEqual(viewport.width);
  await errorModal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(errorModal).toBeHidden();
  await expect(treeItem(popover, spare)).toBeVisible();
  await page.unroute('**/fotoweb/api/taxonomies/**', failOnce);
  await treeItem(popover, spare)
    .getByRole('button', { name: `Delete ${spare}`, exact: true })
    .click();
  await expect(treeItem(popover, spare)).toHaveCount(0);
  await expect(page.getByTestId('taxonomy-confirm-delete')).toHaveCount(0);

  // A parent only after the confirmation; Cancel keeps it.
  await addInline(popover, popover.getByTestId('taxonomy-add'), temp);
  await addInline(popover, treeItem(popover, temp).getByRole('button', { name: `Add child to ${temp}`, exact: true }), tempChild);
  await treeItem(popover, temp)
    .getByRole('button', { name: `Delete ${temp}`, exact: true })
    .click();
  const confirm = page.getByTestId('taxonomy-confirm-delete');
  await expect(confirm).toBeVisible();
  await expectAccessible(page, '[data-testid="taxonomy-confirm-delete"]', 'delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(treeItem(popover, tempChild)).toBeVisible();
  await treeItem(popover, temp)
    .getByRole('button', { name: `Delete ${temp}`, exact: true })
    .click();
  await confirm.getByTestId('taxonomy-confirm-delete-ok').click();
  await expect(treeItem(popover, temp)).toHaveCount(0);
  await expect(treeItem(popover, tempChild)).toHaveCount(0);
  // The server agrees: a search for them finds nothing.
  const gone = await page.request.get(`/fotoweb/api/taxonomies/${KEYWORDS}/?q=${encodeURIComponent(temp)}`, { headers: { Accept: 'application/json' } });
  expect(((await gone.json()) as { items: { data: unknown[] } }).items.data).toEqual([]);

  // Search: narrows to the hits (add child hidden), "No items found", a failing search's tooltip, back to the tree.
  const search = popover.getByTestId('taxonomy-search');
  await search.fill(`lynx${run}`);
  await expect(popover.getByRole('treeitem')).toHaveCount(1);
  await expect(treeItem(popover, renamed)).toBeVisible();
  // A hit shows where it sits in the tree.
  await expect(treeItem(popover, renamed).getByTestId('taxonomy-item-ancestors')).toHaveText(`${parent} ›`);
  await expect(popover.getByTestId('taxonomy-add-child')).toHaveCount(0);
  await search.fill(`nothing${run}`);
  await expect(popover.getByTestId('taxonomy-no-items')).toHaveText('No items found');
  const failSearch = (route: import('@playwright/test').Route) =>
    route.request().url().includes('?q=')
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ value: 'InvalidRequest', message: 'bad' }) })
      : route.fallback();
  await page.route('**/fotoweb/api/taxonomies/**', failSearch);
  await search.fill(`broken${run}`);
  await expect(popover.getByTestId('taxonomy-search-error')).toHaveText('malformed search');
  await expect(errorModal).toHaveCount(0);
  await page.unroute('**/fotoweb/api/taxonomies/**', failSearch);
  await search.fill('');
  await expect(popover.getByTestId('taxonomy-search-error')).toHaveCount(0);
  await expect(parentItem).toBeVisible();

  // ---------------------------------------------------------------- keyboard: pick the sparrow (spec 02 §2)
  const tree = popover.getByTestId('taxonomy-tree');
  await tree.focus();
  const idOf = async (name: string) => (await treeItem(popover, name).getAttribute('id')) ?? '';
  const parentId = await idOf(parent);
  const visibleCount = await popover.getByRole('treeitem').count();
  for (let i = 0; i < visibleCount && (await tree.getAttribute('aria-activedescendant')) !== parentId; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(tree).toHaveAttribute('aria-activedescendant', parentId);
  await page.keyboard.press('ArrowLeft');
  await expect(parentItem).toHaveAttribute('aria-expanded', 'false');
  await expect(treeItem(popover, sparrow)).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(parentItem).toHaveAttribute('aria-expanded', 'true');
  const children = byName([sparrow, renamed]);
  await page.keyboard.press('ArrowDown');
  await expect(tree).toHaveAttribute('aria-activedescendant', await idOf(children[0]!));
  if (children[0] !== sparrow) await page.keyboard.press('ArrowDown');
  await expect(tree).toHaveAttribute('aria-activedescendant', await idOf(sparrow));
  await page.keyboard.press('Enter');
  await expect(popover).toBeHidden();

  // ---------------------------------------------------------------- mouse: pick the lynx from a search, in dark mode
  await page.emulateMedia({ colorScheme: 'dark' });
  await keywordsEditor.getByTestId('field-open-taxonomy').click();
  await expect(popover).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page, '[data-testid="taxonomy-popover"]', 'taxonomy tree popover in dark mode');
  await popover.getByTestId('taxonomy-search').fill(`lynx${run}`);
  await treeItem(popover, renamed).getByTestId('taxonomy-item-label').click();
  await expect(popover).toBeHidden();
  await keywordsEditor.getByTestId('field-save').click();
  await expect(keywordsEditor).toHaveAttribute('data-state', 'view');
  await expect(keywordsEditor.getByTestId('keyword')).toHaveText([sparrow, renamedValue]);
  expect(await storedValues(page, href!, KEYWORDS)).toEqual([sparrow, renamedValue]);
  expect(await storedValues(page, href!, TITLE)).toEqual([title]);

  // ---------------------------------------------------------------- find the asset by its keywords
  await page.goto(collectionUrl);
  const headerSearch = page.getByTestId('header-search');
  const thumbnails = page.getByTestId('asset-thumbnail');
  for (const word of [`sparrow${run}`, `lynx${run}`]) {
    await headerSearch.fill(word);
    await headerSearch.press('Enter');
    await expect(page.getByTestId('collection-count')).toHaveText(/^1 asset\b/);
    await expect(thumbnails).toHaveCount(1);
    await expect(thumbnails.first()).toHaveAttribute('data-href', href!);
  }
  await headerSearch.fill('');
  await headerSearch.press('Enter');

  // The advanced search's criteria row picks from the same taxonomy (spec 02 §2).
  await page.getByRole('button', { name: 'Advanced search' }).click();
  const advanced = page.getByTestId('advanced-search');
  await advanced.getByTestId('advanced-add-criterion').click();
  await advanced.getByTestId('advanced-criterion-field').fill(KEYWORDS);
  await advanced.getByTestId('advanced-criterion-taxonomy').click();
  await expect(popover).toBeVisible();
  await popover.getByTestId('taxonomy-search').fill(`sparrow${run}`);
  await treeItem(popover, sparrow).getByTestId('taxonomy-item-label').click();
  await expect(popover).toBeHidden();
  await expect(advanced.getByTestId('advanced-criterion-value')).toHaveValue(sparrow);
  await expectAccessible(page, '[data-testid="advanced-search"]', 'advanced search with a taxonomy criterion');
  await advanced.getByTestId('advanced-submit').click();
  await expect(advanced).toBeHidden();
  expect(new URL(page.url()).searchParams.getAll(KEYWORDS)).toEqual([sparrow]);
  await expect(page.getByTestId('collection-count')).toHaveText(/^1 asset\b/);
  await expect(thumbnails.first()).toHaveAttribute('data-href', href!);
});

test('page through a large taxonomy from an advanced-search criterion, and land on the first page after deleting the last item of a page', async ({ page, credentials }) => {
  const run = Date.now().toString(36);
  const CITY = '90';
  const taxonomyHref = `/fotoweb/api/taxonomies/${CITY}/`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);

  // A City taxonomy one item larger than a page, through the API (the text import of issue 5).
  const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' };
  const created = await page.request.post('/fotoweb/api/taxonomies/', { headers, data: { field: Number(CITY), pluralName: 'Cities' } });
  expect([201, 409]).toContain(created.status());
  // One more than the DAM's page of 100 items (checked below from the answer); zero-padded so the last sorts last.
  const names = Array.from({ length: 101 }, (_, i) => `City${run} ${String(i + 1).padStart(4, '0')}`);
  const imported = await page.request.post(`${taxonomyHref}import`, { headers, data: { text: names.join('\n') } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const root = (await (await page.request.get(taxonomyHref, { headers: { Accept: 'application/json' } })).json()) as {
    items: { data: Array<{ name: string }>; paging: { next: string | null; last: string | null } | null };
  };
  const firstPage = root.items.data.map((item) => item.name);
  expect(root.items.paging?.next, 'the taxonomy spans more than one page').toBeTruthy();
  const lastPage = (
    (await (await page.request.get(root.items.paging!.last!, { headers: { Accept: 'application/json' } })).json()) as {
      data: Array<{ name: string }>;
    }
  ).data.map((item) => item.name);

  // The picker of a criterion on the City field.
  await page.getByRole('button', { name: 'Advanced search' }).click();
  const advanced = page.getByTestId('advanced-search');
  await advanced.getByTestId('advanced-add-criterion').click();
  await advanced.getByTestId('advanced-criterion-field').fill(CITY);
  await advanced.getByTestId('advanced-criterion-taxonomy').click();
  const popover = page.getByTestId('taxonomy-popover');
  const items = popover.getByRole('treeitem');
  await expect(items).toHaveCount(firstPage.length);
  await expect(items.first()).toHaveAccessibleName(firstPage[0]!);
  await expect(popover.getByRole('button', { name: 'First page' })).toBeDisabled();
  await expect(popover.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  // The last page, then delete its last item (a leaf: no confirmation) when it is the only one left.
  await popover.getByRole('button', { name: 'Last page' }).click();
  await expect(items).toHaveCount(lastPage.length);
  await expect(items.first()).toHaveAccessibleName(lastPage[0]!);
  await expect(popover.getByRole('button', { name: 'Next page' })).toBeDisabled();
  for (const name of lastPage.slice(0, -1)) {
    await treeItem(popover, name)
      .getByRole('button', { name: `Delete ${name}`, exact: true })
      .click();
    await expect(treeItem(popover, name)).toHaveCount(0);
  }
  const lastName = lastPage.at(-1)!;
  await treeItem(popover, lastName)
    .getByRole('button', { name: `Delete ${lastName}`, exact: true })
    .click();
  // spec 02 §4: the tree jumps to the first page.
  await expect(items.first()).toHaveAccessibleName(firstPage[0]!);
  await expect(items).toHaveCount(firstPage.length);
  await expect(treeItem(popover, lastName)).toHaveCount(0);
  await expectAccessible(page, '[data-testid="taxonomy-popover"]', 'taxonomy tree popover with paging');

  // Esc closes the tree only; the advanced search stays open.
  await popover.getByTestId('taxonomy-search').focus();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(advanced).toBeVisible();
});
