/**
 * The advanced search popover (spec 02 §2 Advanced search popover, §3 Search criteria, §4, §5, §9), opened from the
 * header with the sliders button next to the search field.
 *
 * All form state lives in `advancedSearchMachine` (`@magpie/machines`), run with `useMachine` and no `.provide()`: the
 * machine needs no actors. The machine starts each time the popover opens, with the current address's search
 * parameters and the saved date type preference as input; the component only renders `snapshot.context.form` and
 * sends events. When the machine is done its output decides: `search` → go to the search URL of the current
 * collection (the descriptor's `searchURL` outside a collection: a search across archives), `clear` → the collection's
 * `clearSearch.href`, `close` → just close.
 *
 * A metadata criterion on a taxonomy-backed field (one listed by `GET /fotoweb/api/taxonomies/`) offers the taxonomy
 * picker beside its value (spec 02 §2 "Taxonomy-backed fields offer the taxonomy picker"): a picked item's value
 * becomes the criterion's value, the empty-value entry the empty-value form `""`.
 *
 * This file is the button and the popover; the form (`AdvancedSearchForm.tsx`) and the picker load in their own chunk
 * when the popover first opens.
 */
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CloseButton, Flex, HStack, IconButton, Popover, Portal, Spinner } from '@chakra-ui/react';
import { SlidersHorizontal } from 'lucide-react';
import type { AdvancedSearchOutput } from '@magpie/machines';
import { useSession } from '../session/SessionProvider.tsx';
import { useView } from '../session/ViewContext.tsx';
import { isEmptySearch, searchHref } from './search.ts';
import { ARCHIVES_PATH } from '../lib/urls.ts';
import { isInTaxonomyLayer } from '../taxonomy/taxonomyLayer.ts';
import { LazyBoundary } from '../components/LazyBoundary.tsx';

// The form and the taxonomy picker it offers load when the popover first opens (issue 10: route-level code splitting).
const AdvancedSearchLoader = lazy(() => import('./AdvancedSearchForm.tsx').then((module) => ({ default: module.AdvancedSearchLoader })));

/** The header's "Advanced search" button and its popover. */
export function AdvancedSearch() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { descriptor, guest } = useSession();
  const { collection } = useView();

  const finish = (output: AdvancedSearchOutput) => {
    setOpen(false);
    const clearHref = collection ? collection.clearSearch?.href || collection.href.split('?')[0]! : ARCHIVES_PATH;
    if (output.action === 'clear' || (output.action === 'search' && isEmptySearch(output.params))) {
      navigate(clearHref);
      return;
    }
    if (output.action !== 'search') return;
    // In a collection: its own searchURL. Elsewhere (archives list, asset page): across all archives.
    const template = collection?.searchURL ?? (collection ? undefined : (descriptor ?? guest)?.searchURL);
    if (template) navigate(searchHref(template, output.params));
  };

  const scope = collection ? collection.name : 'all archives';
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
      // The taxonomy picker of a criterion and its modals live in portals: using them is not leaving the form, nor is
      // focus falling back to the page when one of its modals closes.
      onInteractOutside={(event) => {
        const { target } = event.detail;
        if (isInTaxonomyLayer(target) || !(target instanceof Element) || target === document.body) event.preventDefault();
      }}
    >
      <Popover.Trigger asChild>
        <IconButton data-testid="advanced-search-button" aria-label="Advanced search" title="Advanced search" size="sm" variant="ghost">
          <SlidersHorizontal aria-hidden="true" />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="advanced-search" aria-label={`Advanced search in ${scope}`} width={{ base: '94vw', md: '640px' }} maxH="80vh" overflowY="auto">
            <Popover.Header>
              <Flex align="center" justify="space-between" gap="2">
                <Popover.Title fontWeight="semibold" fontSize="md">
                  Advanced search in {scope}
                </Popover.Title>
                <CloseButton size="sm" aria-label="Close advanced search" onClick={() => setOpen(false)} />
              </Flex>
            </Popover.Header>
            <Popover.Body>
              {open && (
                <LazyBoundary fallback={<FormLoading />}>
                  <AdvancedSearchLoader onDone={finish} />
                </LazyBoundary>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The form's chunk on its way: the same status the form shows while it waits for the preferences. */
function FormLoading() {
  return (
    <HStack color="fg.muted" py="4" role="status">
      <Spinner size="sm" />
      <span>Loading…</span>
    </HStack>
  );
}
