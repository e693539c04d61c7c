import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';
import { parsePinnableHref } from '../../http/resource-path.ts';
import { ApiError } from '../../lib/errors.ts';
import { PINS_HREF } from '../../presenters/hrefs.ts';
import type { PinReference } from '../../services/pins.service.ts';

/**
 * Reads the hrefs of a pin request into references (`http/resource-path.ts`).
 * @param at the body path of the list, for the error's `issues` (`data`, `assets.delete`).
 * @throws ApiError 400 `InvalidHref` naming every href that is not an asset, archive, folder, album or taxonomy item href.
 */
function referencesOf(hrefs: readonly string[], at: string): PinReference[] {
  const references: PinReference[] = [];
  const issues: Array<{ path: string; message: string }> = [];
  hrefs.forEach((href, index) => {
    const reference = parsePinnableHref(href);
    if (reference) references.push(reference);
    else
      issues.push({
        path: `body.${at}.${index}`,
        message: `"${href.length > 100 ? `${href.slice(0, 100)}…` : href}" is not an asset, archive, folder, album or taxonomy item href.`,
      });
  });
  if (issues.length > 0)
    throw new ApiError(400, 'InvalidHref', 'Only assets, archives, folders, albums and taxonomy items can be pinned, by the href the server gave them.', 'Invalid href', issues);
  return references;
}

/** The caller's pins (issue 13; spec 01 §3 Pins, §4 Pinning, §7 `GET`, `POST`, `PATCH` on the descriptor's `pins`). */
export async function pinsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, PINS_HREF, {
    listPins: async ({ request, reply, caller }) => sendRepresentation(request, reply, 'pin-list', await ctx.pins.list(caller)),
    addPins: async ({ request, reply, caller, body }) => {
      const hrefs = body.data.map((item) => (typeof item === 'string' ? item : item.href));
      return sendRepresentation(request, reply, 'pin-list', await ctx.pins.add(caller, referencesOf(hrefs, 'data')));
    },
    removePins: async ({ request, reply, caller, body }) => {
      const hrefs = body.assets.delete;
      return sendRepresentation(request, reply, 'pin-list', await ctx.pins.remove(caller, referencesOf(hrefs, 'assets.delete')));
    },
  });
}
