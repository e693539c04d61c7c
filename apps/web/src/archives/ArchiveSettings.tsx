/**
 * The archive dialog's General, Export/Import and Custom properties tabs (spec 03 §2.12, §3.8, §3.10). Each control
 * shows the draft the `archiveSave` machine holds and sends its change as an EDIT of the top-level field. What this
 * server does not have (quick rendition sets, crop profile sets, processing profile sets, file-system paths)
 * shows disabled with a short note, and the archive keeps null or "unmodified" for it: nothing is offered that would
 * not work.
 */
import type { ReactNode } from 'react';
import { Box, Button, Field, Fieldset, Grid, HStack, IconButton, Input, NativeSelect, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { PROCESSING_TYPE, type ArchiveDraft, type ArchiveField, type ArchiveProperty } from '@magpie/machines';
import { MACRO_PLACEHOLDERS, type Choice, type MacroRow } from './archiveForm.ts';

/** What every tab gets: the draft, how to change it, the fields with a problem, and whether a save is running. */
export interface SettingsTabProps {
  readonly archive: ArchiveDraft;
  readonly edit: (changes: Partial<ArchiveDraft>) => void;
  readonly invalid: ReadonlySet<ArchiveField>;
  readonly disabled: boolean;
}

/** The note under a control this server has nothing to offer for. */
const NONE_CONFIGURED = 'None configured on this server.';

function Section({ legend, children }: { readonly legend: string; readonly children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" fontSize="md" mb="1">
        {legend}
      </Fieldset.Legend>
      <Fieldset.Content>{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}

/** Said of a setting whose feature Magpie does not have yet: the archive keeps its value, nothing reads it. */
const NOT_YET = 'The archive keeps the setting for when it is.';

function SwitchField({
  label,
  checked,
  onChange,
  disabled,
  testId,
  help,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
  testId: string;
  help?: string;
}) {
  return (
    <Box>
      <Switch.Root size="sm" checked={checked} onCheckedChange={({ checked: on }) => onChange(on)} disabled={disabled} data-testid={testId}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label fontSize="sm">{label}</Switch.Label>
      </Switch.Root>
      {help && (
        <Text fontSize="xs" color="fg.muted" mt="1" ms="10">
          {help}
        </Text>
      )}
    </Box>
  );
}

/** A select this server has no entries for: disabled, with "None" and the note (spec 03 §2.12, Magpie today). */
function UnavailableSelect({ label, testId }: { readonly label: string; readonly testId: string }) {
  return (
    <Field.Root disabled>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" disabled>
        <NativeSelect.Field value="" data-testid={testId} onChange={() => undefined}>
          <option value="">None</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{NONE_CONFIGURED}</Field.HelperText>
    </Field.Root>
  );
}

/**
 * A select of a configuration list's items, with "None" first; an id the archive names that is no longer listed
 * shows as itself. `onChange` gets the id, or null for None.
 */
function ChoiceSelect({
  label,
  testId,
  choices,
  value,
  onChange,
  disabled,
  help,
}: {
  readonly label: string;
  readonly testId: string;
  readonly choices: readonly Choice[];
  readonly value: string;
  readonly onChange: (id: string | null) => void;
  readonly disabled: boolean;
  readonly help: string;
}) {
  const shown = value && !choices.some((c) => c.id === value) ? [...choices, { id: value, label: value }] : choices;
  return (
    <Field.Root disabled={disabled || shown.length === 0}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value || null)} data-testid={testId}>
          <option value="">None</option>
          {shown.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{help}</Field.HelperText>
    </Field.Root>
  );
}

/** General (spec 03 §2.12): identification, other settings (pool, consent), metadata management, annotations, navigation. */
export function GeneralTab({
  archive,
  edit,
  invalid,
  disabled,
  metadataViews,
  pools,
  onNewView,
}: SettingsTabProps & { readonly metadataViews: readonly Choice[]; readonly pools: readonly Choice[]; readonly onNewView?: () => void }) {
  const social = archive['SocialSettings'] as { AnnotationsEnabled?: boolean } | undefined;
  const navigation = archive['NavigationPaneControl'] as { ShowFolders?: boolean } | undefined;
  const metadataSetId = archive.MetadataSetId === null ? '' : String(archive.MetadataSetId);
  const pool = archive.Pool === null ? '' : String(archive.Pool);
  // A view or pool the archive names that the lists do not have still shows as chosen, by its id.
  const viewChoices = metadataSetId && !metadataViews.some((view) => view.id === metadataSetId) ? [...metadataViews, { id: metadataSetId, label: metadataSetId }] : metadataViews;
  const poolChoices = pool && !pools.some((p) => p.id === pool) ? [...pools, { id: pool, label: pool }] : pools;
  return (
    <Stack gap="6" data-testid="archive-general">
      <Section legend="Identification">
        <Field.Root required invalid={invalid.has('Name')} disabled={disabled}>
          <Field.Label>
            Name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" value={archive.Name} onChange={(event) => edit({ Name: event.target.value })} autoComplete="off" maxLength={256} data-testid="archive-name" />
        </Field.Root>
        <Field.Root disabled={disabled}>
          <Field.Label>Description</Field.Label>
          <Textarea
            size="sm"
            rows={2}
            value={typeof archive['Description'] === 'string' ? archive['Description'] : ''}
            onChange={(event) => edit({ Description: event.target.value })}
            maxLength={2000}
            data-testid="archive-description"
          />
        </Field.Root>
      </Section>
      <Section legend="Other settings">
        <Field.Root required invalid={invalid.has('PathOrPool')} disabled={disabled}>
          <Field.Label>
            Pool
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={pool} onChange={(event) => edit({ Pool: event.target.value === '' ? null : event.target.value, Path: null })} data-testid="archive-pool">
              {pool === '' && <option value="">Choose a pool…</option>}
              {poolChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Where the archive keeps its files. This server keeps archives in storage pools only, never in a folder path.</Field.HelperText>
        </Field.Root>
        <SwitchField
          label="Consent management"
          checked={archive.EnableConsentManagement === true}
          onChange={(on) => edit({ EnableConsentManagement: on })}
          disabled={false}
          testId="archive-consent"
          help="With consent forms on (Settings → Consent forms), the access list then offers the consent permissions."
        />
      </Section>
      <Section legend="Metadata management">
        <Field.Root required invalid={invalid.has('MetadataSetId')} disabled={disabled}>
          <Field.Label>
            Metadata view
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={metadataSetId} onChange={(event) => edit({ MetadataSetId: event.target.value })} data-testid="archive-metadata-view">
              <option value="">Choose a metadata view…</option>
              {viewChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>The fields the archive's assets show and edit. Archives that share a view share its fields.</Field.HelperText>
        </Field.Root>
        {onNewView && (
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={onNewView} disabled={disabled} data-testid="archive-new-view">
            New metadata view…
          </Button>
        )}
      </Section>
      <Section legend="Annotations and social settings">
        <SwitchField
          label="Annotations"
          checked={social?.AnnotationsEnabled === true}
          onChange={(on) => edit({ SocialSettings: { ...social, AnnotationsEnabled: on } })}
          disabled
          testId="archive-annotations"
          help={`Annotations are not available on this server yet. ${NOT_YET}`}
        />
      </Section>
      <Section legend="Navigation pane control">
        <SwitchField
          label="Show folders"
          checked={navigation?.ShowFolders !== false}
          onChange={(on) => edit({ NavigationPaneControl: { ...navigation, ShowFolders: on } })}
          disabled
          testId="archive-show-folders"
          help={`Folders always show as tiles above the assets on this server. ${NOT_YET}`}
        />
      </Section>
    </Stack>
  );
}

/**
 * Export/Import (spec 03 §2.12): previews, download processing, uploads, cropping, copy/move/upload to the archive.
 * Download processing offers "A specific processing profile" with the server's profiles (`processingProfiles`), and
 * only when there is one; a profile the archive names that is no longer listed shows by its id. The watermark is
 * chosen from `watermarks` (none when the server has none).
 */
export function ExportImportTab({
  archive,
  edit,
  invalid,
  disabled,
  processingProfiles,
  watermarks,
}: SettingsTabProps & { readonly processingProfiles: readonly Choice[]; readonly watermarks: readonly Choice[] }) {
  const macros = (Array.isArray(archive['MetadataMacros']) ? archive['MetadataMacros'] : []) as MacroRow[];
  const setMacros = (next: MacroRow[]) => edit({ MetadataMacros: next });
  const processing = archive.DownloadProcessing;
  const renditions = (archive['Renditions'] ?? {}) as { WatermarkId?: string | null; QuickRenditionSetId?: string | null; CropProfileSetId?: string | null };
  const specific = processing.ProcessingType === PROCESSING_TYPE.specific;
  const chosen = processing.SpecificProcessingProfile ?? '';
  const profileChoices = chosen && !processingProfiles.some((p) => p.id === chosen) ? [...processingProfiles, { id: chosen, label: chosen }] : processingProfiles;
  const chooseType = (type: number) =>
    edit({
      DownloadProcessing: {
        ...processing,
        ProcessingType: type,
        // Choosing "a specific profile" picks the first one; the select below changes it.
        SpecificProcessingProfile:
          type === PROCESSING_TYPE.specific ? processing.SpecificProcessingProfile || (processingProfiles[0]?.id ?? null) : processing.SpecificProcessingProfile,
      },
    });
  return (
    <Stack gap="6" data-testid="archive-export-import">
      <Section legend="Thumbnails and previews">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <ChoiceSelect
            label="Watermark"
            testId="archive-watermark"
            choices={watermarks}
            value={renditions.WatermarkId ?? ''}
            onChange={(id) => edit({ Renditions: { ...renditions, WatermarkId: id } })}
            disabled={disabled}
            help={
              watermarks.length === 0
                ? 'No watermarks are configured on this server: an administrator adds them under Watermarks.'
                : 'Stamped by the processing profiles that apply the archive’s watermark, on their renditions and processed downloads. Previews show without it.'
            }
          />
          <UnavailableSelect label="Quick rendition set" testId="archive-quick-renditions" />
        </Grid>
      </Section>
      <Section legend="Download processing">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <Field.Root invalid={invalid.has('DownloadProcessing')} disabled={disabled}>
            <Field.Label>Downloads</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={String(processing.ProcessingType)} onChange={(event) => chooseType(Number(event.target.value))} data-testid="archive-processing-type">
                <option value={PROCESSING_TYPE.unmodified}>Unmodified</option>
                <option value={PROCESSING_TYPE.specific} disabled={processingProfiles.length === 0 && !specific}>
                  A specific processing profile
                </option>
                <option value={PROCESSING_TYPE.custom} disabled>
                  A custom processing profile set
                </option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>
              {specific
                ? 'Images are downloaded as the profile makes them: the download button, ZIPs, orders and share links. Video, documents and audio are downloaded as stored.'
                : processingProfiles.length === 0
                  ? 'Originals are downloaded as stored. No processing profiles are configured on this server: an administrator adds them under Processing profiles.'
                  : 'Originals are downloaded as stored.'}
            </Field.HelperText>
          </Field.Root>
          {specific && (
            <Field.Root invalid={invalid.has('DownloadProcessing')} disabled={disabled} required>
              <Field.Label>Processing profile</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={chosen}
                  onChange={(event) => edit({ DownloadProcessing: { ...processing, SpecificProcessingProfile: event.target.value || null } })}
                  data-testid="archive-processing-profile"
                >
                  <option value="">Choose a profile</option>
                  {profileChoices.map((profile) => (
                    <option key={profile.id} value={profile.id}>
                      {profile.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>Choose a processing profile that exists.</Field.ErrorText>
            </Field.Root>
          )}
        </Grid>
      </Section>
      <Section legend="Uploads">
        <Field.Root disabled={disabled}>
          <Field.Label>Upload folder</Field.Label>
          <Input
            size="sm"
            value={typeof archive['InputFolder'] === 'string' ? archive['InputFolder'] : ''}
            onChange={(event) => edit({ InputFolder: event.target.value })}
            placeholder="Incoming/Press"
            autoComplete="off"
            data-testid="archive-input-folder"
          />
          <Field.HelperText>The folder of the archive that uploads land in when they name none. Empty for the top level.</Field.HelperText>
        </Field.Root>
      </Section>
      <Section legend="Cropping">
        <UnavailableSelect label="Crop profile set" testId="archive-crop-profiles" />
      </Section>
      <Section legend="Copy, move and upload to this archive">
        <Field.Root disabled>
          <Field.Label>Input location</Field.Label>
          <Input
            size="sm"
            value={typeof archive['InputLocation'] === 'string' ? archive['InputLocation'] : ''}
            onChange={(event) => edit({ InputLocation: event.target.value })}
            placeholder="Incoming"
            autoComplete="off"
            data-testid="archive-input-location"
          />
          <Field.HelperText>Where files copied or moved here will land: copying and moving files are not available on this server yet. {NOT_YET}</Field.HelperText>
        </Field.Root>
        <Stack gap="2" role="group" aria-labelledby="archive-macros-title" data-testid="archive-macros">
          <Text id="archive-macros-title" fontSize="sm" fontWeight="medium">
            Metadata macros
          </Text>
          <Text fontSize="xs" color="fg.muted">
            A value written into a field of every file that arrives here, when the file has none. Values may use {MACRO_PLACEHOLDERS.join(', ')}. A row without a field id is not
            saved.
          </Text>
          {macros.map((macro, index) => (
            <HStack key={index} gap="2" align="flex-end" data-testid="archive-macro">
              <Field.Root disabled={disabled} maxW="28">
                <Field.Label fontSize="xs">Field id</Field.Label>
                <Input
                  size="sm"
                  inputMode="numeric"
                  value={macro.FieldId}
                  onChange={(event) => setMacros(macros.map((m, i) => (i === index ? { ...m, FieldId: event.target.value.replace(/\D/g, '') } : m)))}
                  data-testid="archive-macro-field"
                />
              </Field.Root>
              <Field.Root disabled={disabled}>
                <Field.Label fontSize="xs">Value</Field.Label>
                <Input
                  size="sm"
                  value={macro.Value}
                  onChange={(event) => setMacros(macros.map((m, i) => (i === index ? { ...m, Value: event.target.value } : m)))}
                  placeholder="{fullname}, {date}"
                  data-testid="archive-macro-value"
                />
              </Field.Root>
              <IconButton size="sm" variant="ghost" aria-label={`Remove macro ${index + 1}`} onClick={() => setMacros(macros.filter((_, i) => i !== index))} disabled={disabled}>
                <Trash2 aria-hidden="true" />
              </IconButton>
            </HStack>
          ))}
          <Box>
            <Button size="xs" variant="outline" onClick={() => setMacros([...macros, { FieldId: '', Value: '' }])} disabled={disabled} data-testid="archive-macro-add">
              <Plus aria-hidden="true" />
              Add macro
            </Button>
          </Box>
        </Stack>
      </Section>
    </Stack>
  );
}

/** Custom properties (spec 03 §2.12, §3.10, §5 "saved only when both key and value are non-empty"). */
export function PropertiesTab({ archive, edit, disabled }: SettingsTabProps) {
  const properties = archive.Properties;
  const setProperties = (next: ArchiveProperty[]) => edit({ Properties: next });
  return (
    <Stack gap="3" data-testid="archive-properties">
      <Text fontSize="sm" color="fg.muted">
        Key and value pairs for integrations. A property with an empty key or value is not saved.
      </Text>
      {properties.map((property, index) => (
        <HStack key={index} gap="2" align="flex-end" data-testid="archive-property">
          <Field.Root disabled={disabled}>
            <Field.Label fontSize="xs">Key</Field.Label>
            <Input
              size="sm"
              value={property.key}
              onChange={(event) => setProperties(properties.map((p, i) => (i === index ? { ...p, key: event.target.value } : p)))}
              data-testid="archive-property-key"
            />
          </Field.Root>
          <Field.Root disabled={disabled}>
            <Field.Label fontSize="xs">Value</Field.Label>
            <Input
              size="sm"
              value={property.value}
              onChange={(event) => setProperties(properties.map((p, i) => (i === index ? { ...p, value: event.target.value } : p)))}
              data-testid="archive-property-value"
            />
          </Field.Root>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Remove property ${property.key || index + 1}`}
            onClick={() => setProperties(properties.filter((_, i) => i !== index))}
            disabled={disabled}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </HStack>
      ))}
      <Box>
        <Button size="xs" variant="outline" onClick={() => setProperties([...properties, { key: '', value: '' }])} disabled={disabled} data-testid="archive-property-add">
          <Plus aria-hidden="true" />
          Add property
        </Button>
      </Box>
    </Stack>
  );
}
