import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** What a plugin declares about itself (Fastify's plugin metadata, as `fastify-plugin` records it). */
export interface PluginMeta {
  /** The plugin's name, shown in errors and checked by other plugins' `dependencies`. */
  name: string;
  /** Names of plugins that must be registered before this one. */
  dependencies?: string[];
  /** Decorators that must exist before this one is registered. */
  decorators?: { fastify?: string[]; request?: string[]; reply?: string[] };
  /**
   * False (default): the plugin's hooks, decorators and error handler apply to its parent (and so to every route
   * registered after it), like `fastify-plugin`. True: a normal encapsulated context.
   */
  encapsulate?: boolean;
}

/**
 * Marks a plugin function with Fastify's plugin metadata: the same symbols `fastify-plugin` sets (`skip-override`,
 * `fastify.display-name`, `plugin-meta`), so Fastify checks `dependencies` and `decorators` at registration and,
 * unless `encapsulate`, shares the plugin's hooks and decorators with its parent. Written out here because
 * `fastify-plugin` is not one of the BFF's declared dependencies.
 *
 * @returns `fn` itself, marked.
 */
export function definePlugin<Options extends Record<string, unknown>>(
  fn: (app: FastifyInstance, options: Options) => Promise<void>,
  meta: PluginMeta,
): FastifyPluginAsync<Options> {
  const marked = fn as typeof fn & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = meta.encapsulate !== true;
  marked[Symbol.for('fastify.display-name')] = meta.name;
  marked[Symbol.for('plugin-meta')] = { fastify: '5.x', ...meta };
  return marked as unknown as FastifyPluginAsync<Options>;
}
