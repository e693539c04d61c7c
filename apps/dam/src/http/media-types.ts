import type { FastifyReply, FastifyRequest } from 'fastify';

/** FotoWeb representation names used as `application/vnd.fotoware.<name>+json` (fotoweb-api-notes §2). */
export type Representation =
  | 'full-api-descriptor'
  | 'api-descriptor'
  | 'collection'
  | 'collectioninfo'
  | 'collectionlist'
  | 'assetlist'
  | 'asset'
  | 'upload-status'
  | 'error'
  | 'metadata-set'
  | 'metadata-edit-response'
  | 'duplicate-response'
  | FileOperationResponse
  | 'task-status'
  | 'user-reference'
  | 'pin-list'
  | 'sharing'
  | 'sharing-link-list'
  | 'people-list'
  | TaxonomyRepresentation
  | PrincipalRepresentation;

/** The answers to creating file-operation tasks (issue 13). */
export type FileOperationResponse = 'rename-response' | 'move-response' | 'copy-response' | 'rotate-response' | 'delete-response';

/** The representations of user and group administration (issue 11, spec 03 §7). */
export type PrincipalRepresentation = 'user' | 'user-list' | 'group' | 'group-list' | 'memberof' | 'member-list';

/** The representations of the taxonomy API (fotoweb-api-notes §7). */
export type TaxonomyRepresentation = 'taxonomy' | 'taxonomy-info' | 'taxonomy-list' | 'taxonomy-item' | 'taxonomy-item-info' | 'taxonomy-item-list';

/** The vendor media type of a representation. */
export const vendorType = (name: string) => `application/vnd.fotoware.${name}+json`;

/** `Vary` sent with every representation (fotoweb-api-notes §12.3). */
export const VARY = 'Authorization, FWAPIToken, Cookie, Accept';

/**
 * Which of `offered` representations the request's Accept header asks for, in the header's order; `fallback`
 * for `application/json`, `*\/*` or no header.
 */
export function negotiate<T extends string>(request: FastifyRequest, offered: readonly T[], fallback: T): T {
  const accept = request.headers.accept ?? '';
  for (const part of accept.split(',')) {
    const type = part.split(';')[0]!.trim().toLowerCase();
    const match = /^application\/vnd\.fotoware\.([a-z-]+)\+json$/.exec(type);
    if (match && offered.includes(match[1] as T)) return match[1] as T;
  }
  return fallback;
}

/**
 * The `Content-Type` of a representation for a request: the vendor media type unless the client asked for plain
 * `application/json` only; charset included.
 */
export function representationType(request: FastifyRequest, name: Representation): string {
  const accept = request.headers.accept ?? '';
  const plainOnly = accept.includes('application/json') && !accept.includes('vnd.fotoware');
  return `${plainOnly ? 'application/json' : vendorType(name)}; charset=utf-8`;
}

/**
 * Sends a JSON body as a FotoWeb representation: the vendor media type unless the client asked for plain
 * `application/json` only.
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, name: Representation, body: unknown, status = 200) {
  return reply.code(status).header('content-type', representationType(request, name)).header('vary', VARY).header('cache-control', 'private, no-cache').send(JSON.stringify(body));
}
