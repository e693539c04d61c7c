import { describe, expect, it } from 'vitest';
import type { Collection } from '@magpie/api-types';
import { destinationName, destinationOf, uploadTargetsWith } from './UploadProvider.tsx';

/** The parts of a collection the upload targets read. */
function collection(partial: Partial<Collection> & Pick<Collection, 'href' | 'name'>): Collection {
  return { type: 'archive', uploadHref: partial.href, ancestors: [], ...partial } as Collection;
}

const photos = collection({ href: '/fotoweb/archives/5000-Photos/', name: 'Photos' });
const inner = collection({
  href: '/fotoweb/archives/5000-Photos/2026/Inner/',
  name: 'Inner',
  type: 'folder',
  ancestors: [
    { name: 'Photos', href: '/fotoweb/archives/5000-Photos/', data: '/fotoweb/archives/5000-Photos/' },
    { name: '2026', href: '/fotoweb/archives/5000-Photos/2026/', data: '/fotoweb/archives/5000-Photos/2026/' },
  ],
});

describe('upload targets (issue 13: upload into a sub-folder)', () => {
  it('puts the folder on screen first when the user may upload there', () => {
    expect(uploadTargetsWith([photos], inner).map(destinationOf)).toEqual([inner.href, photos.href]);
    expect(uploadTargetsWith([photos], undefined)).toEqual([photos]);
  });

  it('leaves the targets as they are for an archive, a folder without upload, or no targets at all', () => {
    expect(uploadTargetsWith([photos], photos)).toEqual([photos]);
    expect(uploadTargetsWith([photos], { ...inner, uploadHref: '' })).toEqual([photos]);
    expect(uploadTargetsWith([], inner)).toEqual([]);
    expect(uploadTargetsWith([photos, inner], inner)).toEqual([photos, inner]);
  });

  it('names a folder by its path from its archive, an archive by its name', () => {
    expect(destinationName(inner)).toBe('Photos › 2026 › Inner');
    expect(destinationName(photos)).toBe('Photos');
  });
});
