import { useLocation } from 'react-router-dom';
import { isArchivesListPath, isAssetPath } from '../lib/urls.ts';
import { ArchivesView } from './archives/ArchivesView.tsx';
import { AssetView } from './asset/AssetView.tsx';
import { CollectionView } from './collection/CollectionView.tsx';

/**
 * Everything under `/fotoweb/archives/`: the page address is an API href, so the view depends only on its form —
 * the list itself, an asset (ends in `.info`), or a collection.
 */
export function ArchivePathView() {
  const { pathname } = useLocation();
  if (isArchivesListPath(pathname)) return <ArchivesView />;
  if (isAssetPath(pathname)) return <AssetView />;
  return <CollectionView />;
}
