import type { FastifyReply, FastifyRequest } from 'fastify';
import { representationType, VARY, type Representation } from './media-types.ts';
import { InvalidHrefError, parsePrincipalHref } from './resource-path.ts';
import type { HrefRef, MemberChange } from '../services/member-changes.ts';
import type { UserShape } from '../services/users.service.ts';

// The users and groups rooms' shared glue (issue 11): answering their representations, reading the shape Accept asks
// for, and reading user and group hrefs sent back in bodies into references.

/**
 * Sends a user or group representation. User administration answers are personal data: never stored by a cache
 * (dam.yaml `CacheControlNoStore`).
 */
export function sendAdmin(request: FastifyRequest, reply: FastifyReply, name: Representation, body: unknown, status = 200) {
  return reply.code(status).header('content-type', representationType(request, name)).header('vary', VARY).header('cache-control', 'no-store').send(JSON.stringify(body));
}

/**
 * Which shape of a user or group the request asks for (plan §2 "Accept picks the shape"): FotoWare's Beta one for
 * `application/json` alone, the admin view of spec 03 §3.1/§3.2 for its vendor type, `*\/*` or no Accept.
 */
export function shapeOf(request: FastifyRequest): UserShape {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('vnd.fotoware') ? 'beta' : 'admin';
}

/** Reads hrefs sent back in a body into references: the id each names, or why it is not an href of that kind. */
export function refsOf(hrefs: readonly string[] | undefined, kind: 'user' | 'group'): HrefRef[] {
  return (hrefs ?? []).map((key) => {
    try {
      return { key, id: parsePrincipalHref(key, kind) };
    } catch (error) {
      if (error instanceof InvalidHrefError) return { key, problem: error.message };
      throw error;
    }
  });
}

/** An `{add, remove}` body as references. */
export function changeOf(body: { add?: string[] | undefined; remove?: string[] | undefined }, kind: 'user' | 'group'): MemberChange {
  return { add: refsOf(body.add, kind), remove: refsOf(body.remove, kind) };
}
