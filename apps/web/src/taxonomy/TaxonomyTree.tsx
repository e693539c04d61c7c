/**
 * The body of the taxonomy tree popover (spec 02 §2 Taxonomy tree popover, §4 Tree node / Tree, §6, §8): the search
 * box with its "malformed search" tooltip, the empty-value entry, the tree (WAI-ARIA tree: `role=tree`, `treeitem`,
 * `aria-expanded`, `aria-level`, the active item as `aria-activedescendant`), "No items found", the paging buttons,
 * editors' per-item add child (not while searching), edit and delete, the inline add, the delete confirmation for items
 * with children, the edit modal and the error modal. Everything shown comes from the tree machine's snapshot; every control sends one machine event.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Box, Button, chakra, Dialog, Flex, HStack, IconButton, Input, Portal, Spinner, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronFirst, ChevronLast, ChevronLeft, ChevronRight, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { isItemVisible, isSelectable, type PageLink, type TaxonomyTreeEvent, type taxonomyTreeMachine } from '@magpie/machines';
import { TaxonomyErrorModal } from './TaxonomyErrorModal.tsx';
import { TaxonomyItemEditModal } from './TaxonomyItemEditModal.tsx';
import { useDraggableModal } from './useDraggableModal.ts';

/** The tree machine's snapshot as the popover renders it. */
export type TaxonomyTreeSnapshot = SnapshotFrom<typeof taxonomyTreeMachine>;

/** Props of {@link TaxonomyTree}: the machine's snapshot and `send`, and what the picker allows. */
export interface TaxonomyTreeProps {
  readonly snapshot: TaxonomyTreeSnapshot;
  send(event: TaxonomyTreeEvent): void;
  /** Picking is allowed (the empty-value entry, Enter and clicks select). */
  readonly canSelect: boolean;
  readonly fieldLabel: string;
}

const KEY_EVENTS: Record<string, TaxonomyTreeEvent['type']> = {
  ArrowDown: 'KEY_DOWN',
  ArrowUp: 'KEY_UP',
  ArrowRight: 'KEY_RIGHT',
  ArrowLeft: 'KEY_LEFT',
  Enter: 'KEY_ENTER',
  Escape: 'KEY_ESC',
};

const PAGE_BUTTONS: ReadonlyArray<{ link: PageLink; label: string; icon: typeof ChevronFirst }> = [
  { link: 'first', label: 'First page', icon: ChevronFirst },
  { link: 'prev', label: 'Previous page', icon: ChevronLeft },
  { link: 'next', label: 'Next page', icon: ChevronRight },
  { link: 'last', label: 'Last page', icon: ChevronLast },
];

/** A DOM id for an item href (`aria-activedescendant` needs ids). */
function domId(prefix: string, href: string): string {
  return `${prefix}-${href.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The popover body (see the module comment). */
export function TaxonomyTree({ snapshot, send, canSelect, fieldLabel }: TaxonomyTreeProps) {
  const prefix = useId().replace(/:/g, '');
  const { context } = snapshot;
  const searching = context.query.trim().length > 0;
  const busy =
    snapshot.matches('loadingRoot') ||
    snapshot.matches({ normal: 'loadingPage' }) ||
    snapshot.matches({ normal: 'loadingChildren' }) ||
    snapshot.matches({ normal: 'loadingMore' }) ||
    snapshot.matches({ normal: 'deleting' }) ||
    snapshot.matches({ searching: 'debouncing' }) ||
    snapshot.matches({ searching: 'requesting' }) ||
    snapshot.matches({ searching: 'deleting' });
  const idle = snapshot.matches({ normal: 'idle' }) || snapshot.matches({ searching: 'results' });
  const adding = snapshot.matches({ normal: 'adding' }) || snapshot.matches({ normal: 'creating' });
  const confirming = snapshot.matches({ normal: 'confirmingDelete' }) || snapshot.matches({ searching: 'confirmingDelete' });
  const editNode = context.editHref === undefined ? undefined : context.nodes[context.editHref];

  // When the inline add ends (added or cancelled) its input goes away: the keyboard goes on in the tree.
  const treeRef = useRef<HTMLUListElement>(null);
  // The modals give focus back to the tree, so the keys go on working there.
  const treeFocus = () => treeRef.current;
  const wasAdding = useRef(adding);
  useEffect(() => {
    if (wasAdding.current && !adding) treeRef.current?.focus();
    wasAdding.current = adding;
  }, [adding]);
  const roots = (searching ? context.results : context.listing).filter((href) => {
    const node = context.nodes[href];
    return node !== undefined && isItemVisible(node.item, context.canEdit);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const type = KEY_EVENTS[event.key];
    // Keys typed in the modals (rendered in portals, outside this element) are theirs.
    if (!type || !event.currentTarget.contains(event.target as Node)) return;
    // In the search box the left and right arrows move the caret.
    const inText = event.target instanceof HTMLInputElement;
    if (inText && (type === 'KEY_LEFT' || type === 'KEY_RIGHT')) return;
    if (type === 'KEY_ENTER' && !canSelect) return;
    event.preventDefault();
    event.stopPropagation();
    send({ type } as TaxonomyTreeEvent);
  };

  // The inline add (spec 02 §5): Enter adds a non-blank text, Esc cancels; both are the machine's keys in `adding`.
  const inlineAdd = (parentHref: string | undefined, level: number) =>
    adding && context.addParent === parentHref ? (
      <chakra.li role="none" listStyleType="none" pl={`${(level - 1) * 16 + 28}px`} py="1">
        <HStack gap="2">
          <Input
            size="xs"
            autoFocus
            data-testid="taxonomy-add-input"
            aria-label={parentHref ? `New item under ${context.nodes[parentHref]?.item.name ?? ''}` : 'New top-level item'}
            placeholder="New item: Enter adds, Esc cancels"
            value={context.addText}
            disabled={snapshot.matches({ normal: 'creating' })}
            onChange={(event) => send({ type: 'ADD_INPUT', text: event.currentTarget.value })}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== 'Escape') return;
              event.preventDefault();
              event.stopPropagation();
              send({ type: event.key === 'Enter' ? 'KEY_ENTER' : 'KEY_ESC' });
            }}
          />
          {snapshot.matches({ normal: 'creating' }) && <Spinner size="xs" />}
        </HStack>
      </chakra.li>
    ) : null;

  const renderItem = (href: string, level: number): ReactNode => {
    const node = context.nodes[href];
    if (!node || !isItemVisible(node.item, context.canEdit)) return null;
    const { item } = node;
    const selectable = canSelect && isSelectable(item);
    const active = context.activeItem === href;
    const children = !searching && node.expanded ? node.children : [];
    return (
      <chakra.li
        key={href}
        id={domId(prefix, href)}
        role="treeitem"
        aria-level={level}
        aria-expanded={item.hasChildren && !searching ? node.expanded : undefined}
        aria-selected={active}
        aria-label={item.name}
        data-testid="taxonomy-item"
        data-href={href}
        listStyleType="none"
      >
        <HStack
          gap="1"
          pl={`${(level - 1) * 16}px`}
          pr="1"
          rounded="sm"
          bg={active ? 'colorPalette.subtle' : undefined}
          colorPalette="brand"
          outline={active ? '2px solid' : undefined}
          outlineColor={active ? 'colorPalette.focusRing' : undefined}
          _hover={{ bg: 'bg.muted' }}
        >
          {item.hasChildren && !searching ? (
            <IconButton
              size="2xs"
              variant="ghost"
              tabIndex={-1}
              aria-label={`${node.expanded ? 'Collapse' : 'Expand'} ${item.name}`}
              data-testid="taxonomy-toggle"
              disabled={!idle}
              onClick={() => send({ type: 'TOGGLE', href })}
            >
              {node.expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            </IconButton>
          ) : (
            <Box w="6" flexShrink={0} />
          )}
          <chakra.button
            type="button"
            tabIndex={-1}
            flex="1"
            textAlign="start"
            py="1"
            fontSize="sm"
            cursor={selectable ? 'pointer' : 'default'}
            color={selectable ? 'fg' : 'fg.muted'}
            // Not a value to pick (no Set, or picking is off); the item's own controls stay usable.
            aria-disabled={!selectable || undefined}
            title={item.description || undefined}
            onClick={() => (selectable ? send({ type: 'SELECT', href }) : undefined)}
            data-testid="taxonomy-item-label"
          >
            {searching && item.ancestors && (
              <Text as="span" color="fg.muted" fontSize="xs" me="1" data-testid="taxonomy-item-ancestors">
                {item.ancestors.join(' › ')} ›
              </Text>
            )}
            {item.name}
            {item.value !== item.name && item.value !== '' && (
              <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                {item.value}
              </Text>
            )}
          </chakra.button>
          {context.canEdit && (
            <HStack gap="0" flexShrink={0}>
              {!searching && (
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={`Add child to ${item.name}`}
                  data-testid="taxonomy-add-child"
                  disabled={!idle}
                  onClick={() => send({ type: 'START_ADD', parentHref: href })}
                >
                  <Plus aria-hidden="true" />
                </IconButton>
              )}
              <IconButton size="2xs" variant="ghost" aria-label={`Edit ${item.name}`} data-testid="taxonomy-edit" disabled={!idle} onClick={() => send({ type: 'EDIT', href })}>
                <Pencil aria-hidden="true" />
              </IconButton>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={`Delete ${item.name}`}
                data-testid="taxonomy-delete"
                disabled={!idle}
                onClick={() => send({ type: 'DELETE', href })}
              >
                <Trash2 aria-hidden="true" />
              </IconButton>
            </HStack>
          )}
        </HStack>
        {(children.length > 0 || (adding && context.addParent === href)) && (
          <chakra.ul role="group" m="0" p="0">
            {inlineAdd(href, level + 1)}
            {children.map((child) => renderItem(child, level + 1))}
            {node.more !== undefined && (
              <chakra.li role="none" listStyleType="none" pl={`${level * 16 + 28}px`}>
                <Button
                  size="2xs"
                  variant="ghost"
                  data-testid="taxonomy-load-more"
                  aria-label={`Load more under ${item.name}`}
                  disabled={!idle}
                  onClick={() => send({ type: 'LOAD_MORE', href })}
                >
                  Load more
                </Button>
              </chakra.li>
            )}
          </chakra.ul>
        )}
      </chakra.li>
    );
  };

  return (
    <Box onKeyDown={onKeyDown}>
      <Box position="relative" mb="2">
        <Box position="absolute" insetStart="2" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none">
          <Search size={14} aria-hidden="true" />
        </Box>
        <Input
          size="sm"
          ps="7"
          // The popover opens with the search box focused (the tree's keys work from it: arrows, Enter, Esc).
          autoFocus
          data-testid="taxonomy-search"
          aria-label={`Search ${fieldLabel} taxonomy`}
          aria-invalid={context.searchError !== undefined || undefined}
          aria-describedby={context.searchError ? `${prefix}-search-error` : undefined}
          aria-controls={`${prefix}-tree`}
          aria-activedescendant={context.activeItem ? domId(prefix, context.activeItem) : undefined}
          placeholder="Search"
          value={context.query}
          onChange={(event) => send({ type: 'SEARCH_INPUT', text: event.currentTarget.value })}
        />
        {context.searchError && (
          <Text
            id={`${prefix}-search-error`}
            role="tooltip"
            data-testid="taxonomy-search-error"
            position="absolute"
            zIndex="1"
            top="100%"
            mt="1"
            px="2"
            py="1"
            rounded="sm"
            fontSize="xs"
            bg="bg.inverted"
            color="fg.inverted"
          >
            {context.searchError}
          </Text>
        )}
      </Box>

      {canSelect && (
        <Button
          size="xs"
          variant="ghost"
          w="full"
          justifyContent="flex-start"
          fontStyle="italic"
          color="fg.muted"
          data-testid="taxonomy-empty-value"
          onClick={() => send({ type: 'SELECT_EMPTY' })}
        >
          (empty value)
        </Button>
      )}

      <Box position="relative" aria-busy={busy}>
        {busy && (
          <HStack role="status" color="fg.muted" fontSize="xs" gap="2" py="1">
            <Spinner size="xs" />
            <span>Loading…</span>
          </HStack>
        )}
        <chakra.ul
          ref={treeRef}
          id={`${prefix}-tree`}
          role="tree"
          aria-label={`${fieldLabel} taxonomy items`}
          tabIndex={0}
          m="0"
          p="0"
          data-testid="taxonomy-tree"
          aria-activedescendant={context.activeItem ? domId(prefix, context.activeItem) : undefined}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
          colorPalette="brand"
        >
          {inlineAdd(undefined, 1)}
          {roots.map((href) => renderItem(href, 1))}
        </chakra.ul>
        {roots.length === 0 && !busy && !adding && (
          <Text fontSize="sm" color="fg.muted" py="3" textAlign="center" data-testid="taxonomy-no-items">
            No items found
          </Text>
        )}
      </Box>

      {!searching && (context.paging.next !== undefined || context.paging.prev !== undefined) && (
        <Flex justify="center" gap="1" pt="2" borderTopWidth="1px" borderColor="border" mt="2">
          {PAGE_BUTTONS.map(({ link, label, icon: Icon }) => {
            const href = context.paging[link];
            return (
              <IconButton
                key={link}
                size="xs"
                variant="ghost"
                aria-label={label}
                data-testid={`taxonomy-page-${link}`}
                disabled={!idle || href === undefined || href === context.pageHref}
                onClick={() => send({ type: 'PAGE', link })}
              >
                <Icon aria-hidden="true" />
              </IconButton>
            );
          })}
        </Flex>
      )}

      {confirming && (
        <ConfirmDeleteModal
          finalFocusEl={treeFocus}
          name={context.nodes[context.pendingHref ?? '']?.item.name ?? ''}
          onConfirm={() => send({ type: 'CONFIRM_DELETE' })}
          onCancel={() => send({ type: 'CANCEL_DELETE' })}
        />
      )}
      {editNode && <TaxonomyItemEditModal item={editNode.item} finalFocusEl={treeFocus} onDone={(saved) => send({ type: 'EDIT_DONE', ...(saved ? { item: saved } : {}) })} />}
      <TaxonomyErrorModal error={context.error} finalFocusEl={treeFocus} onClose={() => send({ type: 'DISMISS_ERROR' })} />
    </Box>
  );
}

/** The confirmation before deleting an item that has children (spec 02 §2): the children go with it. */
function ConfirmDeleteModal(props: { name: string; onConfirm(): void; onCancel(): void; finalFocusEl: () => HTMLElement | null }) {
  const { name, onConfirm, onCancel, finalFocusEl } = props;
  const drag = useDraggableModal();
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onCancel()} finalFocusEl={finalFocusEl}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-taxonomy-layer="" data-testid="taxonomy-confirm-delete" ref={drag.contentRef} style={drag.contentStyle}>
            <Dialog.Header {...drag.handleProps}>
              <Dialog.Title>Delete “{name}”?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>“{name}” has child items. Deleting it deletes all of them too.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
              <Button size="sm" colorPalette="red" onClick={onConfirm} data-testid="taxonomy-confirm-delete-ok">
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
