/**
 * Parts both grids of the users-and-groups modal share (spec 03 §2.4, §2.5): the column chooser, which keeps at
 * least one column visible and saves the choice in the user's shared preferences, and the sortable column header.
 */
import { useMemo, useState } from 'react';
import { Button, Menu, Portal, Table } from '@chakra-ui/react';
import { api } from '../api/client.ts';
import { useUserPreferences } from '../session/userPreferences.ts';
import { PREFERENCES_SAVE_FAILED_TEXT } from './errors.ts';
import { settingsOf, visibleColumns, type ColumnSetting, type GridColumn } from './gridColumns.ts';
import type { GridSort } from './useSearchedList.ts';

/**
 * A grid's column choice: the visible columns (the saved ones, read by `readSaved` from the preferences, until the
 * user changes them here), `toggle(field, on)` that never hides the last column and saves through `sharedPatch`
 * (the `shared` part of the preferences PATCH), and the notice of a failed save (spec 03 §8 general try-later).
 */
export function useGridColumns<F extends string>(
  columns: readonly GridColumn<F>[],
  fallback: F,
  readSaved: (preferences: unknown) => unknown,
  sharedPatch: (settings: ColumnSetting[]) => Record<string, unknown>,
) {
  const preferences = useUserPreferences();
  const [chosen, setChosen] = useState<Set<F> | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const visible = useMemo(() => chosen ?? visibleColumns(columns, readSaved(preferences.data), fallback), [chosen, columns, readSaved, preferences.data, fallback]);
  const toggle = (field: F, on: boolean) => {
    const next = new Set(visible);
    if (on) next.add(field);
    else if (next.size > 1) next.delete(field);
    setChosen(next);
    setNotice(undefined);
    if (preferences.href) api.patchUserPreferences(preferences.href, { shared: sharedPatch(settingsOf(columns, next)) }).catch(() => setNotice(PREFERENCES_SAVE_FAILED_TEXT));
  };
  return { visible, toggle, notice };
}

/** The Columns menu: one checkbox per column; the last visible one cannot be unchecked. */
export function ColumnChooser<F extends string>({
  columns,
  visible,
  onToggle,
  testId,
}: {
  readonly columns: readonly GridColumn<F>[];
  readonly visible: ReadonlySet<F>;
  readonly onToggle: (field: F, on: boolean) => void;
  readonly testId: string;
}) {
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" data-testid={testId}>
          Columns
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid={`${testId}-menu`}>
            {columns.map((c) => (
              <Menu.CheckboxItem
                key={c.field}
                value={c.field}
                checked={visible.has(c.field)}
                disabled={visible.has(c.field) && visible.size === 1}
                onCheckedChange={(on) => onToggle(c.field, on)}
              >
                {c.header}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A column header that sorts the grid by `field` on click (ascending, then descending), with `aria-sort`. */
export function SortableHeader<F extends string>({
  header,
  field,
  sort,
  onSort,
}: {
  readonly header: string;
  readonly field: F;
  readonly sort: GridSort<F> | undefined;
  readonly onSort: (field: F) => void;
}) {
  const active = sort?.field === field ? sort.dir : undefined;
  return (
    <Table.ColumnHeader aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}>
      <Button size="xs" variant="plain" px="0" fontWeight="semibold" onClick={() => onSort(field)} data-testid={`sort-${field}`}>
        {header}
        {active === 'asc' ? ' ▲' : active === 'desc' ? ' ▼' : ''}
      </Button>
    </Table.ColumnHeader>
  );
}
