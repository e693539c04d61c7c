import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { representationType, VARY, type Representation as RepresentationName } from './media-types.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Largest total of kept bodies, all encodings (bytes). */
export const REPRESENTATION_CACHE_BYTES = 64 * 1024 * 1024;
/** Longest an answer is kept (ms), even when no change was seen: bounds a commit race (see {@link RepresentationCache}). */
export const REPRESENTATION_MAX_AGE_MS = 10_000;
/**
 * How long the generations must have stood still before an answer computed under them is kept (ms): a writer's
 * transaction advances a generation when its statement runs and shows its rows when it commits, a few ms later.
 */
export const REPRESENTATION_SETTLE_MS = 1_000;
/** Bodies shorter than this are sent as they are (bytes): compressing them gains less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;
/** Brotli quality for kept bodies: 5 compresses JSON about as fast as gzip's default and a fifth smaller. */
const BROTLI_QUALITY = 5;

/** A content coding this cache sends (RFC 9110 §8.4.1). */
type Coding = 'br' | 'gzip' | 'identity';

/** One computed answer: what the route would have sent. */
export interface Representation {
  /** The `Content-Type` header, charset included. */
  contentType: string;
  /** The JSON text. */
  body: string;
}

interface Entry {
  generation: string;
  /** The UTC date it was computed on (`YYYY-MM-DD`). */
  day: string;
  /** When it was computed (ms, `performance.now()`). */
  at: number;
  contentType: string;
  etag: string;
  identity: Buffer;
  /** Compressed bodies, made on first demand and kept with the entry. */
  coded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/**
 * The coding to send for an `Accept-Encoding` header: brotli, then gzip, when the client accepts them (a `q=0` refuses
 * one), otherwise the body as it is.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): Coding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Answers of GET routes kept in memory per caller and URL (issue 9: the browse path under load), so the same
 * collection, search or asset asked again answers without a query beyond one read of the change generations:
 *
 * - An answer is reused only while both generations ({@link GenerationsRepository}) stand where they stood when it
 *   was computed, for at most {@link REPRESENTATION_MAX_AGE_MS}. Generations are sequences, advanced when a writer's
 *   statement runs rather than when it commits; an answer is therefore kept only when the generations had already
 *   stood still for {@link REPRESENTATION_SETTLE_MS} before it was computed, and the age bound covers a writer
 *   slower than that.
 * - An answer is reused only on the UTC date it was computed on: consent states (`consentStatus`, the `cst` filter;
 *   issue 15) follow the date, a form expiring at midnight changes no generation, and the first request of a new day
 *   computes each answer afresh (the ETag, a hash of the body, stays the same where nothing shown changed).
 * - The key holds the caller's user id, so one user never receives another's answer; permissions and group
 *   membership are part of the catalog generation.
 * - Bodies are sent compressed when the client accepts it (brotli or gzip, made once per kept answer), with an ETag;
 *   `If-None-Match` with the current ETag answers 304.
 * - Concurrent requests for one missing key share one computation.
 *
 * Errors are never kept: a computation that throws reaches every caller waiting on it.
 */
export class RepresentationCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly computing = new Map<string, Promise<Entry>>();
  private readonly values = new LRUCache<string, { generation: string; day: string; at: number; value: object }>({ max: 10_000 });
  /** False when configured with `maxBytes: 0`: every answer is computed, nothing kept. */
  private readonly enabled: boolean;
  private seenGeneration: string | undefined;
  private seenSince = 0;

  /**
   * @param generations answers the current change generations (see {@link GenerationsRepository.current}).
   * @param options.maxBytes bound of kept bodies (bytes; 0 keeps nothing); `maxAgeMs`, `settleMs` as above; `now` a
   *   clock in ms; `today` the current UTC date (`YYYY-MM-DD`; the wall clock's when not given).
   */
  constructor(
    private readonly generations: () => Promise<string>,
    private readonly options: { maxBytes?: number; maxAgeMs?: number; settleMs?: number; now?: () => number; today?: () => string } = {},
  ) {
    this.enabled = options.maxBytes !== 0;
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes || REPRESENTATION_CACHE_BYTES,
      sizeCalculation: (entry) => entry.identity.length * 2 + 256,
    });
  }

  private now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }

  /**
   * Sends the kept answer for `key` when it is current, otherwise computes it with `compute`, sends it and keeps it.
   * @param key identifies the answer for one caller: include the user id and everything of the request the answer
   *   depends on (URL, negotiated content type).
   * @throws whatever `compute` throws (nothing is kept then).
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<Representation>): Promise<FastifyReply> {
    const { generation, day, now } = await this.observe();
    let entry = this.entries.get(key);
    if (!this.fresh(entry, generation, day, now)) entry = await this.computeOnce(key, generation, day, now, compute);
    return this.reply(request, reply, entry!);
  }

  /**
   * A small value derived from the database (a preview's file, say) under the same rules as answers: `compute` runs
   * again once anything changed. Values are kept per `key` (include the user id), at most 10,000.
   * @throws whatever `compute` throws (nothing is kept then).
   */
  async remember<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    const { generation, day, now } = await this.observe();
    const kept = this.values.get(key);
    if (this.fresh(kept, generation, day, now)) return kept!.value as T;
    const value = await compute();
    if (this.settled(now)) this.values.set(key, { generation, day, at: now, value });
    return value;
  }

  private async observe(): Promise<{ generation: string; day: string; now: number }> {
    const generation = await this.generations();
    const now = this.now();
    // Read before computing: an answer computed across midnight is kept under the earlier date and not reused after.
    const day = this.options.today ? this.options.today() : new Date().toISOString().slice(0, 10);
    if (generation !== this.seenGeneration) {
      this.seenGeneration = generation;
      this.seenSince = now;
    }
    return { generation, day, now };
  }

  private fresh(kept: { generation: string; day: string; at: number } | undefined, generation: string, day: string, now: number): boolean {
    return kept !== undefined && kept.generation === generation && kept.day === day && now - kept.at <= (this.options.maxAgeMs ?? REPRESENTATION_MAX_AGE_MS);
  }

  private settled(now: number): boolean {
    return this.enabled && now - this.seenSince >= (this.options.settleMs ?? REPRESENTATION_SETTLE_MS);
  }

  private async computeOnce(key: string, generation: string, day: string, now: number, compute: () => Promise<Representation>): Promise<Entry> {
    const flightKey = `${generation}\0${day}\0${key}`;
    const running = this.computing.get(flightKey);
    if (running) return running;
    const settled = this.settled(now);
    const work = compute().then((representation) => {
      const identity = Buffer.from(representation.body);
      const entry: Entry = {
        generation,
        day,
        at: now,
        contentType: representation.contentType,
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        coded: {},
      };
      if (settled) this.entries.set(key, entry);
      return entry;
    });
    this.computing.set(flightKey, work);
    try {
      return await work;
    } finally {
      this.computing.delete(flightKey);
    }
  }

  private async reply(request: FastifyRequest, reply: FastifyReply, entry: Entry): Promise<FastifyReply> {
    reply.header('content-type', entry.contentType).header('vary', `${VARY}, Accept-Encoding`).header('cache-control', 'private, no-cache').header('etag', entry.etag);
    const match = request.headers['if-none-match'];
    if (match !== undefined && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      return reply.code(304).send();
    }
    const coding = entry.identity.length < MIN_COMPRESSED_BYTES ? 'identity' : preferredCoding(request.headers['accept-encoding']);
    if (coding === 'identity') return reply.code(200).send(entry.identity);
    const body = await (entry.coded[coding] ??=
      coding === 'br'
        ? brotli(entry.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length } })
        : gzip(entry.identity));
    return reply.code(200).header('content-encoding', coding).send(body);
  }
}

/**
 * Sends a FotoWeb representation of a collection, search or asset kept per caller and URL (issue 9): the same URL
 * asked again by the same caller answers from memory while nothing it shows has changed. The `access_token` query
 * parameter is left out of the key, so a token refresh keeps the answers.
 * @param name the representation (its vendor media type is negotiated as {@link representationType} does).
 * @throws whatever `compute` throws (nothing is kept then).
 */
export function sendKeptRepresentation(
  cache: RepresentationCache,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  name: RepresentationName,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const contentType = representationType(request, name);
  const url = request.raw.url!.replace(/([?&])access_token=[^&]*&?/, '$1');
  return cache.send(request, reply, `${userId}\0${contentType}\0${url}`, async () => ({ contentType, body: JSON.stringify(await compute()) }));
}
