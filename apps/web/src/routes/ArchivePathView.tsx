import { lazy } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LazyBoundary } from '../components/LazyBoundary.tsx';
import { LoadingState } from '../components/States.tsx';
import { collectionPathWithSlash, isArchivesListPath, isAssetPath } from '../lib/urls.ts';
import { ArchivesView } from './archives/ArchivesView.tsx';

// The archives list ships with this chunk; a collection (batch metadata editor) and an asset (metadata editors,
// history) load their own chunks on first use (issue 10: route-level code splitting).
const AssetView = lazy(() => import('./asset/AssetView.tsx').then((module) => ({ default: module.AssetView })));
const CollectionView = lazy(() => import('./collection/CollectionView.tsx').then((module) => ({ default: module.CollectionView })));

/**
 * Everything under `/fotoweb/archives/`: the page address is an API href, so the view depends only on its form —
 * the list itself, an asset (ends in `.info`), or a collection. A typed collection address without its trailing
 * slash goes to the one with it.
 */
export function ArchivePathView() {
  const { pathname, search, hash } = useLocation();
  if (isArchivesListPath(pathname)) return <ArchivesView />;
  const withSlash = collectionPathWithSlash(pathname);
  if (withSlash !== undefined) return <Navigate to={`${withSlash}${search}${hash}`} replace />;
  return <LazyBoundary fallback={<LoadingState label="Loading the page…" />}>{isAssetPath(pathname) ? <AssetView /> : <CollectionView />}</LazyBoundary>;
}
