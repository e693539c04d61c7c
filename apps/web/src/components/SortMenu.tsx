/**
 * The sort menu of a collection page (issue #4; spec 02 §2 Routes, §7 "sorting preferences for an archive"): the
 * collection's `alt_orders`, each ascending and descending. Choosing one goes to its href (opaque, from the API; the
 * `;o=` in the address keeps the order across reloads) and saves it as the archive's sort in `shared.sorting`, which
 * the archive tiles then link with.
 */
import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { ArrowDownUp, ChevronDown } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { Collection } from '@magpie/api-types';
import { archiveIdOf, currentSortChoice, sortChoices } from '../search/search.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { saveArchiveSort } from '../session/userPreferences.ts';

export function SortMenu({ collection }: { collection: Collection }) {
  const navigate = useNavigate();
  const { descriptor } = useSession();
  const choices = sortChoices(collection.alt_orders);
  if (choices.length === 0) return null;
  const current = currentSortChoice(choices, collection.href);
  const preferencesHref = descriptor?.user_preferences ?? undefined;

  const choose = (id: string) => {
    const choice = choices.find((candidate) => candidate.id === id);
    if (!choice || choice.id === current?.id) return;
    navigate(choice.href);
    // Remember it for the archive tile link; a failed save only loses the memory, not the order on screen.
    if (preferencesHref) void saveArchiveSort(preferencesHref, archiveIdOf(collection), choice.value).catch(() => undefined);
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="sort-menu-trigger" data-sort={current?.id} aria-label={`Sort: ${current?.label ?? 'custom order'}`}>
          <ArrowDownUp aria-hidden="true" />
          <Text as="span" display={{ base: 'none', sm: 'inline' }}>
            {current?.label ?? 'Sort'}
          </Text>
          <ChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="sort-menu" minW="56">
            <Menu.RadioItemGroup value={current?.id ?? ''} onValueChange={(details) => choose(details.value)}>
              <Menu.ItemGroupLabel>Sort by</Menu.ItemGroupLabel>
              {choices.map((choice) => (
                <Menu.RadioItem key={choice.id} value={choice.id} data-testid={`sort-${choice.id.replace(':', '-')}`}>
                  {choice.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
