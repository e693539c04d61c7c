/** One media range of an `Accept` header with its weight. */
interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of accept.split(',')) {
    const [rawType, ...params] = part.split(';');
    const type = rawType?.trim().toLowerCase() ?? '';
    if (type === '') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q' && value !== undefined) {
        const parsed = Number(value.trim());
        if (Number.isFinite(parsed)) q = Math.min(1, Math.max(0, parsed));
      }
    }
    ranges.push({ type, q });
  }
  return ranges;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** JSON-ish ranges an API client names: `application/json`, any `+json` (FotoWeb's vendor types). */
function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json') || type === 'application/*';
}

/**
 * True when an `Accept` header prefers HTML: it names `text/html` (or XHTML) explicitly with a weight above 0
 * and at least as high as any JSON type it names. That is what a browser navigation sends
 * (`text/html,application/xhtml+xml,…,*\/*;q=0.8`); the SPA's API calls send
 * `application/vnd.fotoware.<x>+json` or `application/json`, and `*\/*` alone (fetch's default, curl) is not a
 * preference for HTML. FotoWeb serves the same URLs to people as HTML and to API clients as JSON (architecture.md).
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept === '') return false;
  const ranges = parseAccept(accept);
  let html = 0;
  let json = 0;
  for (const range of ranges) {
    if (HTML_TYPES.has(range.type)) html = Math.max(html, range.q);
    else if (isJsonType(range.type)) json = Math.max(json, range.q);
  }
  return html > 0 && html >= json;
}
