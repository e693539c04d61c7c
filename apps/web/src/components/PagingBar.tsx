/**
 * The paging bar of the users and groups grids (spec 03 §2.5) and the Add member dialog (§2.12): first, previous, next and last, and a count text in
 * the singular or plural. It follows the list's `paging` links and never builds page URLs (spec 03 §3.5).
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { pageHref } from '@magpie/api-types';

/** Props of {@link PagingBar}. */
export interface PagingBarProps {
  readonly paging: { readonly first: string; readonly prev: string | null; readonly next: string | null; readonly last: string | null };
  readonly count: number;
  /** The noun in the singular and the plural, e.g. `['user', 'users']`. */
  readonly noun: readonly [string, string];
  readonly onPage: (href: string) => void;
}

/** `1 user`, `12 users`. */
export function countText(count: number, [one, many]: readonly [string, string]): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** See the module comment. */
export function PagingBar({ paging, count, noun, onPage }: PagingBarProps) {
  const prev = pageHref(paging.prev);
  const next = pageHref(paging.next);
  const last = pageHref(paging.last);
  const button = (label: string, href: string | undefined, testId: string) => (
    <Button size="xs" variant="outline" disabled={href === undefined} onClick={() => href && onPage(href)} data-testid={testId}>
      {label}
    </Button>
  );
  return (
    <HStack justify="space-between" as="nav" aria-label="Pages">
      <Text fontSize="sm" color="fg.muted" data-testid="paging-count">
        {countText(count, noun)}
      </Text>
      <HStack gap="1">
        {button('First', prev === undefined ? undefined : paging.first, 'paging-first')}
        {button('Previous', prev, 'paging-prev')}
        {button('Next', next, 'paging-next')}
        {button('Last', next === undefined ? undefined : last, 'paging-last')}
      </HStack>
    </HStack>
  );
}
