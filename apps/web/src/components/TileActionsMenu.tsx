/**
 * A collection tile's actions menu (spec 02 §2 Collection tile, issue 13): the "⋮" button over the tile at its top
 * left, and the items the tile offers, in order. Archive, folder and smart folder tiles each say which items they offer
 * and what a choice does.
 */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { EllipsisVertical, type LucideIcon } from 'lucide-react';

/** One item of a tile's menu; `when` false leaves it out. */
export interface TileMenuItem<K extends string> {
  readonly value: K;
  readonly label: string;
  readonly icon: LucideIcon;
  readonly when: boolean;
  readonly testId?: string;
}

/**
 * The menu: a trigger named `label` (its accessible name) with the test id `testId`, then each item whose `when`
 * holds; choosing one calls `onSelect` with its `value`.
 */
export function TileActionsMenu<K extends string>({
  label,
  testId,
  items,
  onSelect,
}: {
  readonly label: string;
  readonly testId: string;
  readonly items: ReadonlyArray<TileMenuItem<K>>;
  readonly onSelect: (value: K) => void;
}) {
  return (
    <Menu.Root onSelect={({ value }) => onSelect(value as K)}>
      <Menu.Trigger asChild>
        <IconButton data-testid={testId} aria-label={label} size="sm" variant="subtle" position="absolute" top="2" left="2" zIndex="1">
          <EllipsisVertical aria-hidden="true" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items
              .filter((item) => item.when)
              .map(({ value, label: itemLabel, icon: Icon, testId: itemTestId }) => (
                <Menu.Item key={value} value={value} data-testid={itemTestId}>
                  <Icon aria-hidden="true" />
                  {itemLabel}
                </Menu.Item>
              ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
