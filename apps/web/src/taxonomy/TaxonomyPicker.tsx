/**
 * The taxonomy picker: the taxonomy tree popover of one taxonomy-backed field (spec 02 §2 Taxonomy tree popover,
 * §4, §5, §6, §7, §8, §9). The field editors and the advanced-search criteria rows render it while it is open.
 *
 * The flow runs on `taxonomyTreeMachine` (`@magpie/machines`) with actors that call the DAM through
 * `taxonomyApi.ts`; this component only renders the machine's context and sends events. Editing (add, add child,
 * edit, delete) is offered to a logged-in user whose descriptor permissions carry `allowTaxonomyEditing` (spec 02 §6).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, CloseButton, Flex, HStack, Popover, Portal } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import {
  DEFAULT_TAXONOMY_ITEM_ACL,
  taxonomyTreeMachine,
  type ChildrenResponse,
  type CreateTaxonomyItemInput,
  type LoadRootInput,
  type RootTaxonomyData,
  type TaxonomyHrefInput,
  type TaxonomySearchInput,
  type TaxonomyItem,
  type TreePage,
} from '@magpie/machines';
import { useSession } from '../session/SessionProvider.tsx';
import { createTaxonomyItem, deleteTaxonomyItem, fieldIdOfTaxonomyHref, loadTaxonomyChildren, loadTaxonomyPage, loadTaxonomyRoot, searchTaxonomy } from './taxonomyApi.ts';
import { TaxonomyTree } from './TaxonomyTree.tsx';
import { TAXONOMY_LAYER_ATTRIBUTE } from './taxonomyLayer.ts';

/** Props of {@link TaxonomyPicker}. */
export interface TaxonomyPickerProps {
  /** The field's taxonomy link (metadata field definition `taxonomyHref`, e.g. `/fotoweb/api/taxonomies/25/`). */
  readonly taxonomyHref: string;
  /** The field's label: the popover's title. */
  readonly fieldLabel: string;
  /**
   * A multi-instance field (e.g. Keywords). Each pick still closes the popover with one value; the caller adds it to
   * the field's values (a bag), where a single-value field replaces its value.
   */
  readonly multi: boolean;
  /**
   * Whether a value may be picked at all (default `true`). `false` opens the tree to browse (and, for editors, edit)
   * only: no empty-value entry, Enter and clicks select nothing. Items still need Set to be picked (spec 02 §6).
   */
  readonly canSelect?: boolean;
  /**
   * Called once with the picked value(s) before {@link TaxonomyPickerProps.onClose}: `[item.value]` for an item with
   * Set, `[]` for the empty-value entry. Not called when the popover closes without a pick (Close, Esc, outside).
   */
  onSelect(values: string[]): void;
  /** Called once when the popover closes, after {@link TaxonomyPickerProps.onSelect} when something was picked. */
  onClose(): void;
  /**
   * The element the popover points at (e.g. the field's input). Without it the popover points at the place where
   * the picker is rendered.
   */
  readonly anchor?: HTMLElement | null;
}

/** `true` when the session's user may add, edit and delete taxonomy items (spec 02 §6). */
export function useCanEditTaxonomy(): boolean {
  const { descriptor } = useSession();
  return descriptor !== undefined && !descriptor.user.isGuest && descriptor.permissions.allowTaxonomyEditing === true;
}

/** The taxonomy tree popover for one field (see the module comment). Render it while open; unmount it after `onClose`. */
export function TaxonomyPicker(props: TaxonomyPickerProps) {
  const { taxonomyHref, fieldLabel, anchor } = props;
  const canSelect = props.canSelect ?? true;
  const canEdit = useCanEditTaxonomy();
  const machine = useMemo(
    () =>
      taxonomyTreeMachine.provide({
        actors: {
          loadRoot: fromPromise<RootTaxonomyData, LoadRootInput>(({ signal }) => loadTaxonomyRoot(taxonomyHref, signal)),
          loadPage: fromPromise<TreePage, TaxonomyHrefInput>(({ input, signal }) => loadTaxonomyPage(input.href, signal)),
          loadChildren: fromPromise<ChildrenResponse, TaxonomyHrefInput>(({ input, signal }) => loadTaxonomyChildren(input.href, signal)),
          search: fromPromise<TreePage, TaxonomySearchInput>(({ input, signal }) => searchTaxonomy(taxonomyHref, input.q, signal)),
          deleteItem: fromPromise<unknown, TaxonomyHrefInput>(({ input }) => deleteTaxonomyItem(input.href)),
          // spec 02 §3, §5: the inline text is name and value; a new item gets Navigate, Query and Set.
          createItem: fromPromise<TaxonomyItem, CreateTaxonomyItemInput>(({ input }) =>
            createTaxonomyItem(input.parentHref ?? taxonomyHref, {
              name: input.name,
              value: input.name,
              description: '',
              customSearch: '',
              acl: DEFAULT_TAXONOMY_ITEM_ACL,
            }),
          ),
        },
      }),
    [taxonomyHref],
  );
  const [snapshot, send] = useMachine(machine, { input: { fieldId: fieldIdOfTaxonomyHref(taxonomyHref), canEdit } });

  // The machine is done once closed: report the pick (if any), then the close, exactly once.
  const propsRef = useRef(props);
  propsRef.current = props;
  const reported = useRef(false);
  const { status, output } = snapshot;
  useEffect(() => {
    if (status !== 'done' || !output || reported.current) return;
    reported.current = true;
    if (output.selected !== undefined) propsRef.current.onSelect(output.selected === null ? [] : [output.selected.value]);
    propsRef.current.onClose();
  }, [status, output]);

  const title = `${fieldLabel} taxonomy`;
  const { context } = snapshot;
  // While a modal is open over the popover, clicks in it are not "outside".
  const modalOpen =
    context.error !== undefined || context.editHref !== undefined || snapshot.matches({ normal: 'confirmingDelete' }) || snapshot.matches({ searching: 'confirmingDelete' });
  return (
    <Popover.Root
      open={status === 'active'}
      onOpenChange={(details) => !details.open && send({ type: 'CLOSE' })}
      // Esc is the tree's own key (spec 02 §2); modals opened from the tree must not close it.
      closeOnEscape={false}
      closeOnInteractOutside={!modalOpen}
      // Only a click outside closes it: focus leaves for the modals the tree opens, and comes back to the tree.
      onFocusOutside={(event) => event.preventDefault()}
      positioning={{
        placement: 'bottom-start',
        ...(anchor ? { getAnchorRect: () => anchor.getBoundingClientRect() } : {}),
      }}
    >
      <Popover.Anchor asChild>
        <span aria-hidden="true" style={{ display: 'inline-block', width: 0, height: 0 }} />
      </Popover.Anchor>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            {...{ [TAXONOMY_LAYER_ATTRIBUTE]: '' }}
            data-testid="taxonomy-popover"
            aria-label={title}
            width={{ base: '94vw', sm: '420px' }}
            maxH="70vh"
            // Esc closes from anywhere in the popover, e.g. from the header's buttons (spec 02 §2).
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !event.currentTarget.contains(event.target as Node)) return;
              event.stopPropagation();
              send({ type: 'KEY_ESC' });
            }}
          >
            <Popover.Header>
              <Flex align="center" justify="space-between" gap="2">
                <Popover.Title fontWeight="semibold" fontSize="md">
                  {title}
                </Popover.Title>
                <HStack gap="1">
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="outline"
                      data-testid="taxonomy-add"
                      // Top-level items are added from the listing; add is not offered while searching.
                      disabled={!snapshot.matches({ normal: 'idle' })}
                      onClick={() => send({ type: 'START_ADD' })}
                    >
                      <Plus aria-hidden="true" />
                      Add
                    </Button>
                  )}
                  <CloseButton size="sm" aria-label={`Close ${title}`} data-testid="taxonomy-close" onClick={() => send({ type: 'CLOSE' })} />
                </HStack>
              </Flex>
            </Popover.Header>
            <Popover.Body overflowY="auto" pt="0">
              <TaxonomyTree snapshot={snapshot} send={send} canSelect={canSelect} fieldLabel={fieldLabel} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
