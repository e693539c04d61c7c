import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@magpie/machines';
import { planBatchTasks } from './batchEdit.ts';
import { combineValues } from './fieldValues.ts';
import { LISTED_ASSET_NAMES, selectedNames } from './BatchEditDrawer.tsx';

const TITLE: FieldDefinition = { id: '5', label: 'Title', isWritable: true };
const KEYWORDS: FieldDefinition = { id: '25', label: 'Keywords', multiInstance: true, isWritable: true };

describe('planBatchTasks', () => {
  it('sets a single value on every asset with one task', () => {
    const assets = [
      { href: '/a.info', value: 'Harbour' },
      { href: '/b.info', value: 'Pier' },
    ];
    expect(planBatchTasks(TITLE, assets, null, 'Quay')).toEqual([
      { value: 'Quay', request: { assets: [{ href: '/a.info' }, { href: '/b.info' }], 'job-metadata': [{ field: 5, value: 'Quay' }] } },
    ]);
  });

  it('keeps a bag item only on the assets that had it, adds new items everywhere, removes dropped ones everywhere', () => {
    const assets = [
      { href: '/a.info', value: ['boat', 'sea'] },
      { href: '/b.info', value: ['boat', 'sky'] },
      { href: '/c.info', value: ['boat', 'sea'] },
    ];
    const before = combineValues(
      KEYWORDS,
      assets.map((asset) => asset.value),
    ).value;
    // The user removed "sky", kept "boat" and "sea" (sea is on a and c only), and added "harbour".
    const next = ['boat', 'sea', 'harbour'];
    const tasks = planBatchTasks(KEYWORDS, assets, before, next);
    const resultOf = (href: string) => tasks.find((task) => task.request.assets.some((asset) => asset.href === href))?.value;
    for (const asset of assets) {
      const expected = [...asset.value.filter((item) => next.includes(item)), ...next.filter((item) => !(before as string[]).includes(item))];
      expect(resultOf(asset.href)).toEqual(expected);
    }
    // a and c end the same, so they share a task.
    expect(tasks).toHaveLength(2);
    expect(tasks.every((task) => task.request['job-metadata'][0]?.field === 25)).toBe(true);
  });

  it('clears a bag everywhere with []', () => {
    const tasks = planBatchTasks(
      KEYWORDS,
      [
        { href: '/a.info', value: ['x'] },
        { href: '/b.info', value: ['y'] },
      ],
      ['x', 'y'],
      [],
    );
    expect(tasks).toEqual([{ value: [], request: { assets: [{ href: '/a.info' }, { href: '/b.info' }], 'job-metadata': [{ field: 25, value: [] }] } }]);
  });

  it('plans nothing for no assets', () => {
    expect(planBatchTasks(TITLE, [], null, 'x')).toEqual([]);
  });
});

describe('selectedNames', () => {
  it('lists a few file names, then how many more', () => {
    const assets = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((filename) => ({ filename }));
    expect(selectedNames(assets.slice(0, 2))).toBe('a.jpg, b.jpg');
    expect(selectedNames(assets)).toBe(
      `${assets
        .slice(0, LISTED_ASSET_NAMES)
        .map((a) => a.filename)
        .join(', ')} and ${assets.length - LISTED_ASSET_NAMES} more`,
    );
  });
});
