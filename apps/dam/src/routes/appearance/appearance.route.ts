import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { APPEARANCE_SETTINGS_HREF, CUSTOM_CSS_HREF, TITLE_BAR_BUTTONS_HREF } from '../../presenters/hrefs.ts';

/** How long a browser keeps the CSS asked with its current version (s): a year; a new version is a new address. */
const VERSIONED_CSS_MAX_AGE_S = 31_536_000;

/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 §13.1.2: weak comparison, a list, or `*`).
 */
function namesEntityTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The site's appearance (issue 15; spec 01 §2, §3 `appearance.customCss`, §7 "POST custom CSS url: cssContent"; spec
 * 02 §3 `customizations.customTitleBarButtons`). The CSS is `text/css` for anyone, signed in or not (the web app links
 * it on every page, the login page too): asked with its current version (`?v=`, the descriptor's address) it may be
 * kept for a year, otherwise it is revalidated every time (its `ETag` names the version; a match is 304). Changes
 * need `changeSiteAppearance`; answers never cached.
 */
export async function appearanceRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(
    app,
    CUSTOM_CSS_HREF,
    {
      getCustomCss: async ({ query, request, reply }) => {
        const { css, version } = await ctx.appearance.css();
        const current = query.v !== undefined && query.v === String(version);
        const etag = `"css-${version}"`;
        reply.header('cache-control', current ? `public, max-age=${VERSIONED_CSS_MAX_AGE_S}, immutable` : 'no-cache').header('etag', etag);
        // The unversioned address (the web app's link while it has no descriptor) is revalidated: 304 while unchanged.
        if (namesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.header('content-type', 'text/css; charset=utf-8').send(css);
      },
    },
    { config: { public: true } },
  );
  serveOperations(app, CUSTOM_CSS_HREF, {
    updateCustomCss: async ({ caller, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.appearance.saveCss(caller, body.cssContent)),
  });
  serveOperations(app, APPEARANCE_SETTINGS_HREF, {
    getAppearanceSettings: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.appearance.settings(caller)),
  });
  serveOperations(app, TITLE_BAR_BUTTONS_HREF, {
    getTitleBarButtons: async ({ reply }) => reply.header('cache-control', 'no-store').send(await ctx.appearance.titleBarButtons()),
    updateTitleBarButtons: async ({ caller, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.appearance.saveTitleBarButtons(caller, body.data)),
  });
}
