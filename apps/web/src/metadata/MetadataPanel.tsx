/**
 * The asset view's metadata panel (spec 02 §2 Metadata field editors): the fields of the archive's metadata view, one
 * in-place {@link FieldEditor} each, saved one field at a time with `PATCH <asset>` (`assetupdate`, fotoweb-api-notes
 * §4), which answers the updated asset. Shortcut: E edits the first editable field. Without a metadata view the
 * asset's known fields are listed read-only; without EditText every field is read-only.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Heading, Kbd, Stack, Text } from '@chakra-ui/react';
import type { Asset } from '@magpie/api-types';
import type { SaveFieldInput } from '@magpie/machines';
import { useResource } from '../api/useResource.ts';
import { describeError } from '../api/client.ts';
import { useActions } from '../actions/ActionsProvider.tsx';
import { FieldEditor } from './FieldEditor.tsx';
import { fromWireValue, toWireValue } from './fieldValues.ts';
import { getMetadataView, updateAssetMetadata } from './metadataApi.ts';
import { canEditMetadata, viewRegions } from './metadataView.ts';

/** Props of {@link MetadataPanel}. */
export interface MetadataPanelProps {
  readonly asset: Asset;
  /** Called with the updated asset a save answered. */
  readonly onAssetChange: (asset: Asset) => void;
  /** Shown instead of the editors when the asset has no metadata view (the read-only rows). */
  readonly fallback: React.ReactNode;
}

/**
 * The metadata panel of `asset` (see the module comment): the regions of its archive's metadata view, each field an
 * in-place editor saved with `PATCH` (the answer goes to `onAssetChange`); `fallback` when the asset has no view.
 */
export function MetadataPanel({ asset, onAssetChange, fallback }: MetadataPanelProps) {
  const viewHref = asset.metadataEditor?.href;
  const view = useResource(viewHref, (signal) => getMetadataView(viewHref!, signal));
  const canEdit = canEditMetadata(asset.permissions);
  const regions = useMemo(() => (view.data ? viewRegions(view.data, canEdit) : []), [view.data, canEdit]);
  const [justSaved, setJustSaved] = useState<string>();
  const panelRef = useRef<HTMLDivElement>(null);

  const assetRef = useRef(asset);
  assetRef.current = asset;
  const save = useCallback(
    async ({ fieldId, value }: SaveFieldInput) => {
      const definition = regions.flatMap((region) => region.fields).find((field) => field.definition.id === fieldId)?.definition;
      if (!definition) throw new Error(`Field ${fieldId} is not in the metadata view`);
      const updated = await updateAssetMetadata(assetRef.current.href, { [fieldId]: { value: toWireValue(definition, value) } });
      setJustSaved(fieldId);
      onAssetChange(updated);
    },
    [regions, onAssetChange],
  );

  // E starts editing the first editable field (spec: "a shortcut to start editing"): the registry's editMetadata
  // action, offered while the panel has editors.
  const { setEditMetadata } = useActions();
  const hasEditors = viewHref !== undefined && canEdit && regions.length > 0;
  useEffect(() => {
    if (!hasEditors) return;
    setEditMetadata(() => panelRef.current?.querySelector<HTMLButtonElement>('[data-testid="field-edit"]')?.click());
    return () => setEditMetadata(undefined);
  }, [hasEditors, setEditMetadata]);

  if (!viewHref) return <>{fallback}</>;
  return (
    <Box ref={panelRef} data-testid="metadata-panel">
      <Heading as="h2" size="sm" mb="2">
        Metadata
      </Heading>
      {canEdit && regions.length > 0 && (
        <Text fontSize="xs" color="fg.muted" mb="3">
          Select a value to change it, or press <Kbd size="sm">E</Kbd>. <Kbd size="sm">Enter</Kbd> saves, <Kbd size="sm">Esc</Kbd> cancels.
        </Text>
      )}
      {view.status === 'error' && !view.data && (
        <Alert.Root status="warning" size="sm" mb="3" data-testid="metadata-view-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The metadata view could not be loaded</Alert.Title>
            <Alert.Description>{describeError(view.error).message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {view.status === 'error' && !view.data && fallback}
      {view.data && regions.length === 0 && (
        <Text color="fg.muted" fontSize="sm" data-testid="metadata-empty">
          This archive's metadata view has no fields.
        </Text>
      )}
      <Stack gap="5">
        {regions.map((region) => (
          <Stack as="section" key={region.name} gap="3" aria-label={region.name}>
            {regions.length > 1 && (
              <Heading as="h3" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {region.name}
              </Heading>
            )}
            {region.fields.map(({ definition, options, labelPlacement }) => {
              const value = fromWireValue(definition, asset.metadata?.[definition.id]?.value);
              return (
                <FieldEditor
                  // A new saved value (this save, a rollback, another user) starts the editor afresh from it.
                  key={`${definition.id}:${JSON.stringify(value)}:${definition.isWritable}`}
                  field={definition}
                  value={value}
                  options={options}
                  labelPlacement={labelPlacement}
                  onSave={save}
                  autoFocus={justSaved === definition.id}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
