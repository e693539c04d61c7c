/**
 * Editing the metadata of several selected assets at once (spec 02 §2 Metadata field editors; §3 multi-select bag
 * items with `notInAll`): a drawer with the fields of the first asset's metadata view, each an in-place
 * {@link FieldEditor} showing the common value, "Multiple values" where the assets differ, and bag items that only
 * some assets carry as such. Saving a field runs background tasks (`metadata-edit-request`, polled by the
 * background-job machine) with a progress bar; the field stays in its saving state until every asset is done.
 */
import { useCallback, useMemo, useState } from 'react';
import { Box, CloseButton, Drawer, Heading, HStack, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import type { Asset } from '@magpie/api-types';
import type { BackgroundJobProgress, FieldDefinition, FieldOptions, SaveFieldInput } from '@magpie/machines';
import { useResource } from '../api/useResource.ts';
import { describeError } from '../api/client.ts';
import { FieldEditor, isFieldEditorEscape, type LabelPlacement } from './FieldEditor.tsx';
import { combineValues, fromWireValue, toWireValue } from './fieldValues.ts';
import { getMetadataView } from './metadataApi.ts';
import { canEditMetadata, viewRegions } from './metadataView.ts';
import { planBatchTasks } from './batchEdit.ts';
import { runMetadataTasks } from './batchJob.ts';

/** Props of {@link BatchEditDrawer}. */
export interface BatchEditDrawerProps {
  /** The selected assets (at least two for a batch; one works too). */
  readonly assets: readonly Asset[];
  /** Closes the drawer. */
  onClose(): void;
  /** Called after a field was saved on the assets (the collection reloads them). */
  onSaved(): void;
}

/** The drawer (see the module comment). Render it while open. */
export function BatchEditDrawer({ assets: selected, onClose, onSaved }: BatchEditDrawerProps) {
  // The values the assets have now: the selection as loaded, then what each save set.
  const [assets, setAssets] = useState(selected);
  const viewHref = assets[0]?.metadataEditor?.href;
  const view = useResource(viewHref, (signal) => getMetadataView(viewHref!, signal));
  const canEdit = assets.every((asset) => canEditMetadata(asset.permissions));
  const regions = useMemo(() => (view.data ? viewRegions(view.data, canEdit) : []), [view.data, canEdit]);

  return (
    <Drawer.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      // Esc in a field being edited cancels that edit, not the drawer.
      onEscapeKeyDown={(event) => isFieldEditorEscape(event) && event.preventDefault()}
      size="md"
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="batch-edit">
            <Drawer.Header>
              <Drawer.Title>Edit metadata of {assets.length === 1 ? '1 asset' : `${assets.length} assets`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Text fontSize="sm" mb="2" data-testid="batch-edit-assets">
                {selectedNames(assets)}
              </Text>
              <Text fontSize="sm" color="fg.muted" mb="4">
                A saved field changes every selected asset. Fields whose values differ say “Multiple values”; dashed keywords are on some of the assets only and stay there unless
                you remove them.
              </Text>
              {!viewHref && <Text data-testid="batch-edit-unavailable">These assets have no metadata view to edit.</Text>}
              {view.status === 'error' && !view.data && (
                <Text role="alert" color="fg.error" data-testid="batch-edit-error">
                  The metadata view could not be loaded. {describeError(view.error).message}
                </Text>
              )}
              {!canEdit && (
                <Text color="fg.muted" mb="3">
                  You may not edit the metadata of every selected asset, so the fields are read-only.
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
                    {region.fields.map(({ definition, options, labelPlacement }) => (
                      <BatchField key={definition.id} field={definition} options={options} labelPlacement={labelPlacement} assets={assets} onAssets={setAssets} onSaved={onSaved} />
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close batch edit" data-testid="batch-edit-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** How many file names the drawer lists before "and N more". */
export const LISTED_ASSET_NAMES = 3;

/** The selected assets for people: up to {@link LISTED_ASSET_NAMES} file names, then "and N more". */
export function selectedNames(assets: readonly Pick<Asset, 'filename'>[]): string {
  const names = assets.slice(0, LISTED_ASSET_NAMES).map((asset) => asset.filename);
  const more = assets.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

/** One field of the batch edit: the combined value of the assets, saved through background tasks. */
function BatchField(props: {
  field: FieldDefinition;
  options: FieldOptions;
  labelPlacement: LabelPlacement | undefined;
  assets: readonly Asset[];
  onAssets: (update: (assets: readonly Asset[]) => readonly Asset[]) => void;
  onSaved(): void;
}) {
  const { field, options, labelPlacement, assets, onAssets, onSaved } = props;
  const [progress, setProgress] = useState<BackgroundJobProgress>();
  const values = assets.map((asset) => fromWireValue(field, asset.metadata?.[field.id]?.value));
  const combined = combineValues(field, values);
  const notInAll = combined.items.filter((item) => item.notInAll).map((item) => item.value);

  const save = useCallback(
    async ({ value }: SaveFieldInput) => {
      // A field whose assets differ starts empty (null): saving it untouched keeps every asset's own value.
      if (combined.mixed && value === null) return;
      const tasks = planBatchTasks(
        field,
        assets.map((asset, index) => ({ href: asset.href, value: values[index] ?? null })),
        combined.value,
        value,
      );
      try {
        await runMetadataTasks(tasks, setProgress);
      } finally {
        setProgress(undefined);
      }
      const valueOf = new Map(tasks.flatMap((task) => task.request.assets.map((asset) => [asset.href, task.value] as const)));
      onAssets((current) =>
        current.map((asset) => {
          const next = valueOf.get(asset.href);
          return next === undefined ? asset : { ...asset, metadata: { ...asset.metadata, [field.id]: { value: next } } };
        }),
      );
      onSaved();
    },
    // `values` and `combined` follow `assets`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [field, assets, onAssets, onSaved],
  );

  return (
    <FieldEditor
      // Fresh from the assets' values after each save (the combined value and notInAll items change).
      key={JSON.stringify(values.map((value) => toWireValue(field, value)))}
      field={field}
      value={combined.value}
      options={options}
      labelPlacement={labelPlacement}
      mixed={combined.mixed}
      notInAll={notInAll}
      onSave={save}
      savingIndicator={progress && <BatchProgress progress={progress} />}
    />
  );
}

/** The batch job's progress bar: assets done of all. */
function BatchProgress({ progress }: { progress: BackgroundJobProgress }) {
  const label = `Saving: ${progress.done} of ${progress.total} assets done`;
  return (
    <Box flex="1" minW="40" data-testid="batch-progress" data-done={progress.done} data-total={progress.total}>
      <Progress.Root value={progress.done} max={Math.max(progress.total, 1)} size="sm" colorPalette="brand" aria-label={label}>
        <HStack gap="2">
          <Progress.Track flex="1">
            <Progress.Range />
          </Progress.Track>
          <Progress.ValueText fontSize="xs">
            {progress.done}/{progress.total}
          </Progress.ValueText>
        </HStack>
      </Progress.Root>
      <Text srOnly role="status">
        {label}
      </Text>
    </Box>
  );
}
