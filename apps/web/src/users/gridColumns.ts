/**
 * Column choices of the users and groups grids (spec 03 §2.4 "Visibility is saved per user in shared preferences
 * (shared.userGridSettings.columns, a list of field name plus visible flag)", §2.5 "a column chooser", §3.5 "Column
 * preferences are saved in shared.configGrids and shared.groupGridSettings.columns, each a list of {fieldName,
 * isVisible}"): which columns show, from the saved list and the grid's defaults, and the list to save.
 */

/** A column a grid can show or hide: its field, header and default visibility. */
export interface GridColumn<F extends string> {
  readonly field: F;
  readonly header: string;
  readonly visible: boolean;
}

/** A saved column choice: field name plus visible flag. */
export interface ColumnSetting {
  readonly fieldName: string;
  readonly isVisible: boolean;
}

/**
 * The visible columns from the saved settings: each known field as saved, the defaults for the rest; unknown or
 * malformed entries are ignored, and at least one column always shows (`fallback`).
 */
export function visibleColumns<F extends string>(columns: readonly GridColumn<F>[], saved: unknown, fallback: F): Set<F> {
  const visible = new Set(columns.filter((c) => c.visible).map((c) => c.field));
  if (Array.isArray(saved)) {
    for (const entry of saved) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { fieldName, isVisible } = entry as Partial<ColumnSetting>;
      const column = columns.find((c) => c.field === fieldName);
      if (!column || typeof isVisible !== 'boolean') continue;
      if (isVisible) visible.add(column.field);
      else visible.delete(column.field);
    }
  }
  if (visible.size === 0) visible.add(fallback);
  return visible;
}

/** The settings to save for `visible`: every column, in grid order. */
export function settingsOf<F extends string>(columns: readonly GridColumn<F>[], visible: ReadonlySet<F>): ColumnSetting[] {
  return columns.map((c) => ({ fieldName: c.field, isVisible: visible.has(c.field) }));
}

/** `shared.<path…>` of the user preferences (spec 03 §3.5), or undefined when any step is missing. */
export function sharedPreference(preferences: unknown, ...path: readonly string[]): unknown {
  let node: unknown = (preferences as { shared?: unknown } | undefined)?.shared;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
