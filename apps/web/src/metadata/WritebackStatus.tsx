/**
 * Whether the asset's metadata is written into its file (Magpie `metadataWriteback`; issue 5 "Formats ExifTool cannot
 * write keep the change in the database and say so in the asset"). While the write-back job runs the asset is fetched
 * again every {@link WRITEBACK_RECHECK_MS} ms, at most {@link WRITEBACK_MAX_RECHECKS} times; then "Check again" asks
 * once more.
 */
import { useEffect, useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import type { Asset } from '@magpie/api-types';
import { writebackNotice } from './metadataView.ts';

/** While the metadata is being written into the file, the asset is fetched again this often (ms). */
export const WRITEBACK_RECHECK_MS = 2_000;

/** The most re-checks of one pending write-back before the view stops asking on its own. */
export const WRITEBACK_MAX_RECHECKS = 30;

/** The write-back notice of `asset` (nothing when the asset has no status); `reload` fetches the asset again. */
export function WritebackStatus({ asset, reload }: { asset: Pick<Asset, 'metadataWriteback' | 'modified'>; reload: () => void }) {
  const notice = writebackNotice(asset.metadataWriteback);
  const pending = asset.metadataWriteback?.status === 'pending';
  const [rechecks, setRechecks] = useState(0);
  useEffect(() => {
    if (!pending) {
      setRechecks(0);
      return;
    }
    if (rechecks >= WRITEBACK_MAX_RECHECKS) return;
    const timer = window.setTimeout(() => {
      setRechecks((n) => n + 1);
      reload();
    }, WRITEBACK_RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [pending, rechecks, asset.modified, reload]);

  if (!notice) return null;
  return (
    <Alert.Root status={notice.tone} size="sm" data-testid="writeback-status" data-status={asset.metadataWriteback?.status} aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{notice.text}</Alert.Description>
      </Alert.Content>
      {pending && rechecks >= WRITEBACK_MAX_RECHECKS && (
        <Button size="xs" variant="outline" onClick={() => setRechecks(0)}>
          Check again
        </Button>
      )}
    </Alert.Root>
  );
}
