/**
 * A document's pages in the asset view (issue 16: "the asset view pages through the document"): the page as an
 * image from the asset's `documentPages.href` (the DAM draws each page on first request), with Previous and Next
 * buttons and "Page n of N". Page 1 is the asset's preview, so the first look costs nothing extra.
 */
import { useState } from 'react';
import { chakra, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Asset } from '@magpie/api-types';

/** Props of {@link DocumentPager}. */
export interface DocumentPagerProps {
  readonly asset: Asset;
  /** `documentPages` of the asset: the page count and the href with `{page}`. */
  readonly pages: { readonly count: number; readonly href: string };
  /** The asset's largest preview (page 1), when it has one. */
  readonly firstPage: string | undefined;
}

/** The href of page `page` (1-based) from the DAM's template. */
export function documentPageHref(template: string, page: number): string {
  return template.replace('{page}', String(page));
}

/** One page at a time, with the buttons to move between them. */
export function DocumentPager({ asset, pages, firstPage }: DocumentPagerProps) {
  const [page, setPage] = useState(1);
  const src = page === 1 && firstPage ? firstPage : documentPageHref(pages.href, page);
  return (
    <Stack align="center" gap="2" w="full" data-testid="document-pager" data-page={page} data-count={pages.count}>
      <chakra.img key={src} src={src} alt={`Page ${page} of ${asset.filename}`} maxW="full" maxH="72vh" objectFit="contain" rounded="md" bg="white" data-testid="document-page" />
      <HStack gap="2">
        <IconButton
          size="sm"
          variant="outline"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
          data-testid="document-page-previous"
        >
          <ChevronLeft aria-hidden="true" />
        </IconButton>
        <Text fontSize="sm" aria-live="polite" data-testid="document-page-label">
          Page {page} of {pages.count}
        </Text>
        <IconButton
          size="sm"
          variant="outline"
          aria-label="Next page"
          disabled={page >= pages.count}
          onClick={() => setPage((p) => Math.min(pages.count, p + 1))}
          data-testid="document-page-next"
        >
          <ChevronRight aria-hidden="true" />
        </IconButton>
      </HStack>
    </Stack>
  );
}
