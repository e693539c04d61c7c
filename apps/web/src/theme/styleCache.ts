import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Emotion's style cache for Chakra UI, carrying the page's CSP style nonce: Chakra inserts its styles as `<style>`
 * elements at run time, and the BFF's `Content-Security-Policy` lets a `<style>` apply only with the nonce of the
 * answer that served the page (apps/bff/src/plugins/security-headers.ts). The BFF writes that nonce into
 * index.html's `<meta property="csp-nonce" nonce>` (Vite's `html.cspNonce`, apps/web/vite.config.ts). Browsers hide
 * a nonce from `getAttribute` once the page has a CSP, so it is read through the `nonce` property.
 *
 * Without the meta element (tests, an old build) the cache has no nonce, as emotion's default one.
 */
export function createStyleCache(doc: Document): EmotionCache {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
