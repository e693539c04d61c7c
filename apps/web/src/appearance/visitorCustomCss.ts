/**
 * The custom CSS's address for a visitor who is not signed in (issue 15; spec 01 §3 `appearance.customCss`): the
 * login view, the guests' pages, the password-reset and sign-up pages and the static pages carry the site's branding
 * too. The public descriptor (`GET /fotoweb/`) names the same versioned address as the full one. In guest-disabled
 * mode the DAM refuses the public descriptor (401), so the page links the CSS's unversioned address
 * (`API_PATHS.customCss`), which anyone may read and which the browser revalidates by its ETag (an empty stylesheet
 * while none is set); docs/decisions.md, issue 15 "Custom CSS for visitors".
 */
import { API_PATHS } from '@magpie/api-types';
import { customCssHref, type HeaderDescriptorLike } from './headerLinks.ts';

/** The call {@link visitorCustomCssHref} makes (a subset of the app's `MagpieClient`). Errors carry the HTTP `status`. */
export interface VisitorCssApi {
  getPublicDescriptor(options?: { signal?: AbortSignal }): Promise<HeaderDescriptorLike>;
}

const statusOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined);

/**
 * The address to link for a visitor: the public descriptor's `appearance.customCss` (undefined while none is set);
 * with guest access off (401) the unversioned address; undefined when the server could not tell. Rejects only when
 * aborted through `signal`.
 */
export async function visitorCustomCssHref(client: VisitorCssApi, signal?: AbortSignal): Promise<string | undefined> {
  try {
    return customCssHref(await client.getPublicDescriptor({ signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    return statusOf(error) === 401 ? API_PATHS.customCss : undefined;
  }
}
