/**
 * The floating footer (issue 15; spec 02 §2 "a floating footer toggled by an info icon and shown or hidden with page
 * scroll; a custom markdown footer; … a cookie-policy link", §4 "Floating footer shows and hides with scroll", §8),
 * on every page, logged in or not (mounted once in `App`), on the `floatingFooter` machine of `@magpie/machines`:
 * scrolling down hides it, scrolling up shows it, the info icon at the bottom right pins it open or closes it.
 *
 * It shows the administrator's Markdown footer (`GET /fotoweb/api/footer`, rendered by {@link SafeMarkdown}) and the
 * cookie-policy link; static pages open in the {@link StaticPageModal}. It never covers the end of a page: a spacer as
 * tall as the footer closes the document, so every page scrolls until its last line is above the footer, and what sticks to
 * the bottom of the window moves up while the footer shows ({@link FOOTER_HEIGHT_PROPERTY}). Hidden, it
 * slides off screen and leaves the accessibility tree and the tab order (`visibility: hidden`).
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { Box, Flex, IconButton, Link, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Info } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { FOOTER_VISIBLE_TAG, floatingFooterMachine, scrollDirection } from '@magpie/machines';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { COOKIE_POLICY_PATH } from '../privacy/paths.ts';
import { SafeMarkdown } from './SafeMarkdown.tsx';
import { StaticPageModal } from './StaticPageModal.tsx';
import type { StaticPageId } from './staticPages.ts';

/** The text shown in the footer when the administrator's footer could not be loaded (spec 02 §8 load-failed texts). */
export const FOOTER_LOAD_FAILED_MESSAGE = 'The site’s footer could not be loaded.';

/**
 * The CSS custom property (on the root element) that holds the height the footer takes at the bottom of the window
 * (px; `0px` while it is hidden), for elements that stick to the bottom, e.g. `bottom="calc(var(--magpie-floating-footer-height, 0px) + 1rem)"`.
 */
export const FOOTER_HEIGHT_PROPERTY = '--magpie-floating-footer-height';

/** The id of the footer's region, which the info icon controls. */
const FOOTER_ID = 'site-footer';

/** Tells the machine which way the window scrolls (window scroll, CSS px; {@link scrollDirection}'s threshold). */
function useScrollDirection(send: (event: { type: 'SCROLL_DOWN' } | { type: 'SCROLL_UP' }) => void): void {
  useEffect(() => {
    let anchor = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const direction = scrollDirection(anchor, y);
      if (direction === undefined) return;
      anchor = y;
      send({ type: direction === 'down' ? 'SCROLL_DOWN' : 'SCROLL_UP' });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [send]);
}

/** The footer's height (px), followed as it changes (a longer footer, a narrower window). */
function useHeightOf(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setHeight(element.offsetHeight);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}

/** See the module comment. */
export function FloatingFooter() {
  const [snapshot, send] = useMachine(floatingFooterMachine);
  const footer = useResource('site-footer', (signal) => api.getSiteFooter({ signal }));
  const [page, setPage] = useState<StaticPageId | undefined>(undefined);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const height = useHeightOf(element);
  useScrollDirection(send);
  const visible = snapshot.hasTag(FOOTER_VISIBLE_TAG);
  const markdown = footer.data?.markdown ?? '';
  // What sticks to the bottom of the window (the selection bar) sits above the footer while it shows.
  useEffect(() => {
    document.documentElement.style.setProperty(FOOTER_HEIGHT_PROPERTY, visible ? `${height}px` : '0px');
  }, [visible, height]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(FOOTER_HEIGHT_PROPERTY);
    },
    [],
  );

  return (
    <>
      <Box aria-hidden="true" height={`${height}px`} data-testid="floating-footer-spacer" />
      <Box
        as="footer"
        id={FOOTER_ID}
        ref={setElement}
        aria-label="Site information"
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="sticky"
        bg="bg.panel"
        borderTopWidth="1px"
        borderColor="border"
        shadow="sm"
        ps={{ base: '3', md: '6' }}
        pe="16"
        py="2"
        minH="12"
        transform={visible ? 'translateY(0)' : 'translateY(100%)'}
        visibility={visible ? 'visible' : 'hidden'}
        transition="transform 0.2s ease, visibility 0.2s"
        data-testid="floating-footer"
        data-state={String(snapshot.value)}
      >
        <Flex gap={{ base: '2', md: '6' }} align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between">
          <Box flex="1" minW="0" maxH="30vh" overflowY="auto">
            {footer.status === 'error' && (
              <Text fontSize="sm" color="fg.muted" data-testid="floating-footer-error">
                {FOOTER_LOAD_FAILED_MESSAGE}
              </Text>
            )}
            {markdown.trim() !== '' && <SafeMarkdown markdown={markdown} onOpenPage={setPage} testId="floating-footer-markdown" />}
          </Box>
          <Link asChild fontSize="sm" color="brand.fg" textDecoration="underline" flexShrink={0}>
            <RouterLink
              to={COOKIE_POLICY_PATH}
              data-testid="floating-footer-cookie-policy"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                setPage('cookiePolicy');
              }}
            >
              Cookie policy
            </RouterLink>
          </Link>
        </Flex>
      </Box>
      <IconButton
        position="fixed"
        right={{ base: '2', md: '4' }}
        bottom="2"
        zIndex="sticky"
        size="sm"
        rounded="full"
        variant={visible ? 'ghost' : 'outline'}
        bg={visible ? undefined : 'bg.panel'}
        aria-label={visible ? 'Hide site information' : 'Show site information'}
        aria-expanded={visible}
        aria-controls={FOOTER_ID}
        onClick={() => send({ type: 'TOGGLE' })}
        data-testid="floating-footer-toggle"
      >
        <Info aria-hidden="true" />
      </IconButton>
      <StaticPageModal page={page} onClose={() => setPage(undefined)} />
    </>
  );
}
