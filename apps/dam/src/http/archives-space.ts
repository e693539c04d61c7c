import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../lib/errors.ts';
import { noOperation, operationInput, operationOf, methodsOf, type DamOperation, type OperationHandler, type OperationRequest } from './operations.ts';
import {
  InvalidPathError,
  parseArchivesPath,
  UnknownArchiveError,
  type ArchiveListPath,
  type ArchivesPath,
  type AssetPath,
  type CollectionPath,
  type RevisionsPath,
} from './resource-path.ts';

const PREFIX = '/fotoweb/archives/';

/** The typed reference each operation under `/fotoweb/archives/` gets from the path grammar (http/resource-path.ts). */
export interface ArchivesTargets {
  listArchives: ArchiveListPath;
  getCollection: CollectionPath;
  createFolder: CollectionPath;
  renameFolder: CollectionPath;
  deleteFolder: CollectionPath;
  getAsset: AssetPath;
  updateAsset: AssetPath;
  getRendition: AssetPath & { rendition: string };
  listRevisions: RevisionsPath;
  compareRevisions: RevisionsPath & { action: 'compare' };
  getRevision: RevisionsPath & { revision: number };
  deleteRevision: RevisionsPath & { revision: number };
  rollbackRevision: RevisionsPath & { revision: number; action: 'rollback' };
  rollbackToRevision: RevisionsPath & { revision: number; action: 'rollback-to' };
}

/** An operation answered under `/fotoweb/archives/`. */
export type ArchivesOperation = keyof ArchivesTargets;

/** A room's handlers of operations under `/fotoweb/archives/`: each gets its reference as `target`. */
export type ArchivesOperations = { [Op in ArchivesOperation]?: OperationHandler<Op, { target: ArchivesTargets[Op] }> };

const isAsset = (p: ArchivesPath): p is AssetPath => p.kind === 'asset';
const isRevisions = (p: ArchivesPath): p is RevisionsPath => p.kind === 'revisions';

/** Whether a parsed path is the kind of resource an operation acts on (the route table and the grammar agree). */
const FITS: { [Op in ArchivesOperation]: (path: ArchivesPath) => path is ArchivesTargets[Op] } = {
  listArchives: (p): p is ArchiveListPath => p.kind === 'archiveList',
  getCollection: (p): p is CollectionPath => p.kind === 'collection',
  createFolder: (p): p is CollectionPath => p.kind === 'collection',
  renameFolder: (p): p is CollectionPath => p.kind === 'collection',
  deleteFolder: (p): p is CollectionPath => p.kind === 'collection',
  getAsset: (p): p is AssetPath => isAsset(p) && p.rendition === undefined,
  updateAsset: (p): p is AssetPath => isAsset(p) && p.rendition === undefined,
  getRendition: (p): p is AssetPath & { rendition: string } => isAsset(p) && p.rendition !== undefined,
  listRevisions: (p): p is RevisionsPath => isRevisions(p) && p.revision === undefined && p.action === undefined,
  compareRevisions: (p): p is RevisionsPath & { action: 'compare' } => isRevisions(p) && p.action === 'compare',
  getRevision: (p): p is RevisionsPath & { revision: number } => isRevisions(p) && p.revision !== undefined && p.action === undefined,
  deleteRevision: (p): p is RevisionsPath & { revision: number } => isRevisions(p) && p.revision !== undefined && p.action === undefined,
  rollbackRevision: (p): p is RevisionsPath & { revision: number; action: 'rollback' } => isRevisions(p) && p.revision !== undefined && p.action === 'rollback',
  rollbackToRevision: (p): p is RevisionsPath & { revision: number; action: 'rollback-to' } => isRevisions(p) && p.revision !== undefined && p.action === 'rollback-to',
};

/**
 * The parsed path of a request under `/fotoweb/archives/`.
 * @throws ApiError 400 InvalidRequest for a malformed path; 404 NotFound for an archive key that names no archive
 *   that can exist (`99999999999999999999`, `abc`), as for any unknown archive.
 */
function pathOf(request: FastifyRequest): ArchivesPath {
  try {
    return parseArchivesPath(request.raw.url!.split('?')[0]!.slice(PREFIX.length));
  } catch (error) {
    if (error instanceof UnknownArchiveError) throw notFound(error.what);
    if (error instanceof InvalidPathError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * The dispatcher of FotoWeb's `/fotoweb/archives/*` URL space (fotoweb-api-notes §3, §5, §9), which several rooms
 * share (collections, assets, revisions): the path is parsed once by the grammar (400 malformed, 404 unknown archive),
 * the operation is found in the route table (404 when none is served), the two must agree on the kind of resource
 * (404 otherwise), and the room's handler gets the checked input with the typed reference as `target`.
 * One Fastify wildcard serves them all, so the input gate names its parameter `*` (http/input-gate.ts).
 */
export function serveArchives(app: FastifyInstance, operations: ArchivesOperations): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const match = operationOf(request, operations);
    const operationId = match.operationId as ArchivesOperation;
    const fits: (path: ArchivesPath) => boolean = FITS[operationId];
    if (!fits(path)) throw noOperation(request);
    // The one place the operation's handler is looked up by a runtime id; FITS guarantees its target's type.
    const handle = operations[operationId] as (input: OperationRequest<DamOperation> & { target: ArchivesPath }) => Promise<unknown>;
    // Object.assign, not a spread: the input's `caller` and `body` are getters that must stay lazy.
    return handle(Object.assign(operationInput(request, reply, match), { target: path }));
  };
  const method = methodsOf(Object.keys(operations));
  app.route({ method, url: PREFIX, handler });
  app.route({ method, url: `${PREFIX}*`, handler });
}
