/**
 * Markdown an administrator wrote, rendered safely (issue 15; spec 02 §2 "a custom markdown footer"): react-markdown
 * builds React elements from CommonMark and never renders raw HTML (it shows as text); images are dropped (a footer
 * must not load from other sites); links keep only the addresses {@link isSafeFooterHref} allows. Links to this site
 * navigate in the app, links to a static page open it through `onOpenPage`, other sites open in a new tab.
 */
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Box, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { isSafeFooterHref, staticPageAt, type StaticPageId } from './staticPages.ts';

/** Props of {@link SafeMarkdown}. */
export interface SafeMarkdownProps {
  readonly markdown: string;
  /** Opens a static page in the modal; without it, static pages are plain links. */
  readonly onOpenPage?: (page: StaticPageId) => void;
  readonly testId?: string;
}

/** Keeps safe addresses as they are and drops the others (the link's text stays). */
const urlTransform = (url: string): string | null => (isSafeFooterHref(url) ? url.trim() : null);

function FooterLink({ href, children, onOpenPage }: { href: string | undefined; children?: ReactNode; onOpenPage?: (page: StaticPageId) => void }) {
  if (!href) return <>{children}</>;
  const page = staticPageAt(href);
  if (href.startsWith('/')) {
    return (
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink
          to={href}
          onClick={(event) => {
            if (!page || !onOpenPage || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpenPage(page);
          }}
        >
          {children}
        </RouterLink>
      </Link>
    );
  }
  return (
    <Link href={href} color="brand.fg" textDecoration="underline" {...(href.toLowerCase().startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
      {children}
    </Link>
  );
}

/** See the module comment. */
export function SafeMarkdown({ markdown, onOpenPage, testId }: SafeMarkdownProps) {
  const components: Components = {
    a: ({ href, children }) => (
      <FooterLink href={href} onOpenPage={onOpenPage}>
        {children}
      </FooterLink>
    ),
  };
  return (
    <Box
      data-testid={testId}
      fontSize="sm"
      lineHeight="tall"
      css={{
        '& p': { marginBlock: '0.25rem' },
        '& ul, & ol': { paddingInlineStart: '1.25rem', marginBlock: '0.25rem' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold', marginBlock: '0.25rem' },
        '& code': { fontFamily: 'mono', fontSize: '0.9em' },
      }}
    >
      <Markdown urlTransform={urlTransform} disallowedElements={['img']} unwrapDisallowed components={components}>
        {markdown}
      </Markdown>
    </Box>
  );
}
