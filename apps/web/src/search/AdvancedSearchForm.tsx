/**
 * The advanced search form (spec 02 §2 Advanced search popover, §3 Search criteria, §5, §9): the body of the popover
 * of `AdvancedSearch.tsx`, in its own chunk with the taxonomy picker it offers, loaded when the popover first opens
 * (issue 10: the archive list loads without the advanced search or the taxonomy picker).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { Box, Button, Field, Fieldset, Flex, Grid, HStack, IconButton, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { ListTree, Plus, Trash2 } from 'lucide-react';
import {
  advancedSearchMachine,
  COLOR_SPACES,
  CONSENT_STATUSES,
  DATE_TYPES,
  DOCUMENT_TYPES,
  EARLIEST_SEARCH_DATE,
  formatSearchDate,
  METADATA_STATUSES,
  ORIENTATIONS,
  offersConsentFilter,
  showsImageAttributes,
  STORAGES,
  type AdvancedSearchInput,
  type AdvancedSearchOutput,
  type RangeName,
} from '@magpie/machines';
import { dateTypePreference, useUserPreferences } from '../session/userPreferences.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { searchParamsFromQuery } from './search.ts';
import { useResource } from '../api/useResource.ts';
import { TaxonomyPicker } from '../taxonomy/TaxonomyPicker.tsx';
import { loadTaxonomyHrefs } from '../taxonomy/taxonomyApi.ts';

/** Field ids offered in a criterion row's field chooser (any other id can be typed). */
export const COMMON_SEARCH_FIELDS: ReadonlyArray<{ id: string; label: string }> = [
  { id: '5', label: 'Title' },
  { id: '25', label: 'Keywords' },
  { id: '80', label: 'Byline' },
  { id: '90', label: 'City' },
  { id: '101', label: 'Country' },
  { id: '116', label: 'Copyright' },
  { id: '120', label: 'Description' },
];

const DATE_TYPE_LABELS: Record<(typeof DATE_TYPES)[number], string> = {
  mt: 'Modified',
  it: 'Ingested (IPTC date)',
  rt: 'Received',
  ct: 'Created (camera)',
};

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const COLOR_SPACE_LABELS: Record<string, string> = { rgb: 'RGB', cmyk: 'CMYK', grayscale: 'Grayscale' };
/** The consent states as the filter names them (issue 15; the asset view's words). */
const CONSENT_STATUS_LABELS: Record<string, string> = {
  noconsentinfo: 'No consent information',
  pending: 'Consent pending',
  noconsent: 'No consent',
  partialconsent: 'Partial consent',
  fullconsent: 'Full consent',
};

/** Waits for the user preferences (the default date type), then starts the form's machine. */
export function AdvancedSearchLoader({ onDone }: { onDone: (output: AdvancedSearchOutput) => void }) {
  const location = useLocation();
  const preferences = useUserPreferences();
  const { descriptor } = useSession();
  // The consent status filter needs consent feature level 40 (spec 02 §9).
  const consentFilter = offersConsentFilter(descriptor?.apiFeatureLevels?.consentFormsApiFeatureLevel);
  // Without a preferences link there is nothing to wait for; a failed load falls back to `mt` (spec 02 §2).
  if (preferences.href && preferences.status === 'loading') {
    return (
      <HStack color="fg.muted" py="4" role="status">
        <Spinner size="sm" />
        <span>Loading…</span>
      </HStack>
    );
  }
  const input: AdvancedSearchInput = {
    params: searchParamsFromQuery(location.search),
    dateTypePreference: dateTypePreference(preferences.data),
    consentFilter,
  };
  return <AdvancedSearchForm input={input} onDone={onDone} />;
}

/** The form: every control reads the machine's form and sends one event; nothing is kept here. */
function AdvancedSearchForm({ input, onDone }: { input: AdvancedSearchInput; onDone: (output: AdvancedSearchOutput) => void }) {
  const [snapshot, send] = useMachine(advancedSearchMachine, { input });
  const ids = useId();
  const fieldListId = `${ids}-fields`;
  const { form } = snapshot.context;
  const changed = snapshot.matches({ editing: 'changed' });
  // Which fields have a taxonomy; without the list (an error, a guest) the rows are plain text inputs.
  const taxonomies = useResource('taxonomies', loadTaxonomyHrefs).data ?? {};
  const [picking, setPicking] = useState<{ rowId: number; anchor: HTMLElement } | undefined>(undefined);

  // The machine is done after Search or Clear: its output says what happens next.
  const { status, output } = snapshot;
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (status === 'done' && output) onDoneRef.current(output);
  }, [status, output]);

  const range = (name: RangeName, label: string, unit: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2">
        {(['from', 'to'] as const).map((bound) => (
          <Input
            key={bound}
            size="sm"
            inputMode={name === 'fileSize' ? 'decimal' : 'numeric'}
            aria-label={`${label} ${bound}${unit ? ` (${unit})` : ''}`}
            placeholder={bound === 'from' ? 'From' : 'To'}
            data-testid={`advanced-${name}-${bound}`}
            value={form[name][bound]}
            onChange={(event) => send({ type: 'RANGE_INPUT', range: name, bound, text: event.currentTarget.value })}
            onBlur={() => send({ type: 'RANGE_BLUR', range: name, bound })}
          />
        ))}
        {unit && (
          <Text as="span" fontSize="sm" color="fg.muted" aria-hidden="true">
            {unit}
          </Text>
        )}
      </HStack>
    </Field.Root>
  );

  const choice = (field: 'dt' | 'ms' | 's' | 'cs' | 'o' | 'cst', label: string, values: readonly string[], labelOf: (value: string) => string = capitalise) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field data-testid={`advanced-${field}`} value={form[field]} onChange={(event) => send({ type: 'SET_CHOICE', field, value: event.currentTarget.value })}>
          <option value="">Any</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {labelOf(value)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  const text = (field: 'q' | 'fn' | 'dn' | 'fp' | 'title' | 'description' | 'tags', label: string, placeholder?: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        data-testid={`advanced-${field}`}
        placeholder={placeholder}
        value={field === 'q' ? form.q : form.builtin[field]}
        onChange={(event) => send({ type: 'SET_TEXT', field, value: event.currentTarget.value })}
      />
    </Field.Root>
  );

  return (
    <form
      aria-label="Advanced search"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) send({ type: 'SUBMIT' });
      }}
    >
      <Stack gap="4">
        {text('q', 'Search for', 'Words in any field')}
        {choice('dt', 'Document type', DOCUMENT_TYPES)}

        <Section legend="Files">
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="3">
            {text('fn', 'File name', 'IMG_*.jpg')}
            {text('dn', 'Folder name')}
            {text('fp', 'Full path')}
          </Grid>
        </Section>

        <Section legend="Built-in fields">
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="3">
            {text('title', 'Title')}
            {text('description', 'Description')}
            {text('tags', 'Tags')}
          </Grid>
        </Section>

        <Section legend="Metadata criteria">
          <datalist id={fieldListId}>
            {COMMON_SEARCH_FIELDS.map((field) => (
              <option key={field.id} value={field.id}>
                {field.label}
              </option>
            ))}
          </datalist>
          <Stack gap="2" data-testid="advanced-criteria">
            {form.criteria.map((row, index) => {
              const known = COMMON_SEARCH_FIELDS.find((field) => field.id === row.field.trim());
              const value = typeof row.value === 'string' ? row.value : row.value.join(' ');
              const taxonomyHref = taxonomies[row.field.trim()];
              const fieldLabel = known?.label ?? `Field ${row.field.trim()}`;
              return (
                <HStack key={row.id} gap="2" align="center" data-testid="advanced-criterion">
                  <Input
                    size="sm"
                    w="28"
                    list={fieldListId}
                    inputMode="numeric"
                    aria-label={`Field id of criterion ${index + 1}`}
                    placeholder="Field id"
                    data-testid="advanced-criterion-field"
                    value={row.field}
                    onChange={(event) => send({ type: 'SET_CRITERION', id: row.id, field: event.currentTarget.value })}
                  />
                  <Text as="span" fontSize="xs" color="fg.muted" w="20" truncate>
                    {known?.label ?? (row.field ? `Field ${row.field}` : '')}
                  </Text>
                  <Input
                    size="sm"
                    flex="1"
                    aria-label={`Value of criterion ${index + 1}`}
                    placeholder='Value ("" for empty)'
                    data-testid="advanced-criterion-value"
                    value={value}
                    onChange={(event) => send({ type: 'SET_CRITERION', id: row.id, value: event.currentTarget.value })}
                  />
                  {taxonomyHref && (
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={`Pick criterion ${index + 1} from the ${fieldLabel} taxonomy`}
                      data-testid="advanced-criterion-taxonomy"
                      onClick={(event) => setPicking({ rowId: row.id, anchor: event.currentTarget })}
                    >
                      <ListTree aria-hidden="true" />
                    </IconButton>
                  )}
                  {taxonomyHref && picking?.rowId === row.id && (
                    <TaxonomyPicker
                      taxonomyHref={taxonomyHref}
                      fieldLabel={fieldLabel}
                      multi={false}
                      anchor={picking.anchor}
                      onSelect={(values) => send({ type: 'SET_CRITERION', id: row.id, value: values[0] ?? '""' })}
                      onClose={() => setPicking(undefined)}
                    />
                  )}
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete criterion ${index + 1}`}
                    data-testid="advanced-criterion-delete"
                    onClick={() => send({ type: 'DELETE_CRITERION', id: row.id })}
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </HStack>
              );
            })}
            <Box>
              <Button size="xs" variant="outline" data-testid="advanced-add-criterion" onClick={() => send({ type: 'ADD_CRITERION' })}>
                <Plus aria-hidden="true" />
                Add criterion
              </Button>
            </Box>
          </Stack>
        </Section>

        <Section legend="File attributes">
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="3">
            {choice('ms', 'Metadata status', METADATA_STATUSES)}
            {choice('s', 'Storage', STORAGES)}
            {input.consentFilter && choice('cst', 'Consent status', CONSENT_STATUSES, (value) => CONSENT_STATUS_LABELS[value] ?? value)}
            <Field.Root>
              <Field.Label>Date</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  data-testid="advanced-date-type"
                  value={form.dateType}
                  onChange={(event) => send({ type: 'SET_DATE_TYPE', dateType: event.currentTarget.value })}
                >
                  {DATE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {DATE_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <HStack gap="2" align="flex-start">
              {(['from', 'to'] as const).map((bound) => {
                const value = bound === 'from' ? form.dateFrom : form.dateTo;
                return (
                  <Field.Root key={bound}>
                    <Field.Label>{bound === 'from' ? 'From' : 'To'}</Field.Label>
                    <Input
                      size="sm"
                      type="date"
                      data-testid={`advanced-date-${bound}`}
                      min={bound === 'to' && form.dateFrom ? form.dateFrom : EARLIEST_SEARCH_DATE}
                      value={value}
                      onChange={(event) => send({ type: 'SET_DATE', bound, value: event.currentTarget.value })}
                    />
                    {/* spec 02 §5: dates are displayed as MMMM D, YYYY. */}
                    <Field.HelperText minH="4">{formatSearchDate(value)}</Field.HelperText>
                  </Field.Root>
                );
              })}
            </HStack>
            {range('fileSize', 'File size', 'MB')}
          </Grid>
        </Section>

        {showsImageAttributes(form) && (
          <Section legend="Image attributes" testId="advanced-image-attributes">
            <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="3">
              {range('pixelWidth', 'Pixel width', 'px')}
              {range('pixelHeight', 'Pixel height', 'px')}
              {choice('cs', 'Colour space', COLOR_SPACES, (value) => COLOR_SPACE_LABELS[value] ?? value)}
              {choice('o', 'Orientation', ORIENTATIONS)}
            </Grid>
          </Section>
        )}

        <Flex justify="flex-end" gap="2" pt="2" borderTopWidth="1px" borderColor="border">
          <Button size="sm" variant="ghost" data-testid="advanced-clear" onClick={() => send({ type: 'CLEAR' })}>
            Clear
          </Button>
          <Button size="sm" type="submit" colorPalette="brand" data-testid="advanced-submit" disabled={!changed}>
            Search
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function Section({ legend, children, testId }: { legend: string; children: ReactNode; testId?: string }) {
  return (
    <Fieldset.Root data-testid={testId}>
      <Fieldset.Legend fontSize="sm" fontWeight="semibold" color="fg" mb="1">
        {legend}
      </Fieldset.Legend>
      <Fieldset.Content mt="1">{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}
