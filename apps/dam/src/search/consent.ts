import type { SearchNode } from './expression.ts';

/** The search key of the consent status filter (issue 15; `SEARCH_CHOICES.cst`). */
export const CONSENT_STATUS_KEY = 'cst';

/** A node that matches no asset: NOT of the empty text, which matches every one (search/compile.ts). */
const NOTHING: SearchNode = { type: 'not', child: { type: 'text', value: '' } };

/**
 * The search as a caller with `permissions` on an archive may run it there (issue 15; docs/decisions.md "Consent"):
 * without ViewConsentSummary every consent status criterion (`cst=`, `cst:` in an expression) matches nothing, so
 * the filter reveals nothing of consent to them; with it, the search unchanged.
 */
export function withConsentAccess(node: SearchNode, permissions: ReadonlySet<string>): SearchNode {
  if (permissions.has('ViewConsentSummary')) return node;
  const strip = (n: SearchNode): SearchNode => {
    switch (n.type) {
      case 'and':
      case 'or':
        return { ...n, children: n.children.map(strip) };
      case 'not':
        return { type: 'not', child: strip(n.child) };
      case 'special':
        return n.key === CONSENT_STATUS_KEY ? NOTHING : n;
      default:
        return n;
    }
  };
  return strip(node);
}
