/**
 * `npm run paths`: prints a machine's generated test paths for QA (issue "QA: `npm run paths`"; `docs/qa-paths.md`).
 *
 * ```
 * npm run paths -- --list [--format md|json]              the machines: name, title, spec, path counts
 * npm run paths -- <machine> [--format md|json] [--simple] the shortest (default) or simple paths of one machine
 * ```
 *
 * Exit codes: 0 done; 1 a model failed to load or to generate its paths (`--list` still prints the others); 2 bad
 * usage or unknown machine (the machines' names go to stderr).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { discoverModels, type DiscoveredModel } from './discover.ts';
import type { PathVariant } from '../testing/machineModel.ts';
import { buildPlan, formatPlanJson, formatPlanMarkdown, generatePaths } from './format.ts';

/** Where the CLI writes: stdout for results, stderr for usage and errors. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/**
 * One row of `--list`: a machine and how many paths each variant has. A count is a string when it could not be
 * computed (the reason, e.g. a {@link PathLimitError} message).
 */
export interface MachineListing {
  readonly name: string;
  readonly title: string;
  readonly spec: string;
  readonly shortestPaths: number | string;
  readonly simplePaths: number | string;
}

/** The usage text printed by `--help` and on bad usage. */
export const USAGE = `Usage:
  npm run paths -- --list [--format md|json]
  npm run paths -- <machine> [--format md|json] [--simple]

Prints the test paths of a machine: for each path, the events to cause (with payloads) and the state to expect
after each step. Shortest paths by default (the shortest route to every state); --simple for every route that
visits no state twice. See docs/qa-paths.md.
`;

type Format = 'md' | 'json';

/** Counts the shortest and simple paths of every model (generates them); a failure becomes its message. */
export function listMachines(models: readonly DiscoveredModel[], withCounts = true): MachineListing[] {
  const count = (entry: DiscoveredModel, variant: PathVariant): number | string => {
    if (!withCounts) return '';
    try {
      return generatePaths(entry.model, variant).length;
    } catch (error) {
      return `error: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  return models.map((entry) => ({
    name: entry.model.name,
    title: entry.model.title,
    spec: entry.model.spec,
    shortestPaths: count(entry, 'shortest'),
    simplePaths: count(entry, 'simple'),
  }));
}

/** `--list` as text: a Markdown table (`md`) or a JSON array of {@link MachineListing} (`json`). */
export function formatListing(listing: readonly MachineListing[], format: Format): string {
  if (format === 'json') return `${JSON.stringify(listing, null, 2)}\n`;
  const cell = (value: string | number) => String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
  const rows = listing.map((row) => `| ${row.name} | ${cell(row.shortestPaths)} | ${cell(row.simplePaths)} | ${cell(row.title)} | ${cell(row.spec)} |`);
  return ['| Machine | Shortest | Simple | Title | Spec |', '|---|---:|---:|---|---|', ...rows, ''].join('\n');
}

/** The machines' names, titles and specs, one per line: what an unknown name prints (no paths generated). */
function formatNames(models: readonly DiscoveredModel[]): string {
  const width = Math.max(0, ...models.map(({ model }) => model.name.length));
  return models.map(({ model }) => `  ${model.name.padEnd(width)}  ${model.title} (${model.spec})\n`).join('');
}

/** Loads the model called `name`: its own folder first (fast, and immune to other flows' broken models), else all. */
async function findModel(name: string): Promise<{ match?: DiscoveredModel; all?: DiscoveredModel[] }> {
  const own = await discoverModels({ folders: [name] });
  const match = own.find((entry) => entry.model.name === name);
  if (match) return { match };
  const all = await discoverModels();
  const other = all.find((entry) => entry.model.name === name);
  return other ? { match: other } : { all };
}

/**
 * Runs the CLI on `argv` (the arguments after the script), writing to `io`; resolves to the exit code.
 * Never throws: load and generation errors are printed and give exit code 1.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        list: { type: 'boolean', default: false },
        simple: { type: 'boolean', default: false },
        format: { type: 'string', default: 'md' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const format = values.format;
  if (format !== 'md' && format !== 'json') {
    io.err(`Unknown format "${format}": use md or json.\n\n${USAGE}`);
    return 2;
  }
  if (values.list ? positionals.length > 0 : positionals.length !== 1) {
    io.err(USAGE);
    return 2;
  }

  try {
    if (values.list) {
      const listing = listMachines(await discoverModels());
      io.out(formatListing(listing, format));
      const failed = listing.filter((row) => typeof row.shortestPaths === 'string' || typeof row.simplePaths === 'string');
      for (const row of failed) io.err(`paths: could not count the paths of ${row.name}\n`);
      return failed.length > 0 ? 1 : 0;
    }
    const name = positionals[0] ?? '';
    const { match, all } = await findModel(name);
    if (!match) {
      io.err(`Unknown machine "${name}". Machines:\n${formatNames(all ?? [])}`);
      return 2;
    }
    const plan = buildPlan(match.model, values.simple ? 'simple' : 'shortest');
    io.out(format === 'json' ? formatPlanJson(plan) : formatPlanMarkdown(plan));
    return 0;
  } catch (error) {
    io.err(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  // `npm run paths -- x | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = await runCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
}
