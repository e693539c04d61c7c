/**
 * Finds every flow's test model without a registry: each `src/<flow>/<flow>.model.ts` is imported and its exported
 * {@link MachineModel}s are collected, so a new flow appears in `npm run paths` as soon as its model file exists.
 * Issue "QA: `npm run paths`"; see `docs/qa-paths.md`.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MachineModel } from '../testing/machineModel.ts';

/** `packages/machines/src/`: the folder whose sub-folders are the flows. */
export const MACHINES_SRC_DIR = fileURLToPath(new URL('..', import.meta.url));

const MODEL_SUFFIX = '.model.ts';
const MACHINE_SUFFIX = '.machine.ts';

/** A flow folder: `src/<folder>/` with its machine and model files (absolute paths, sorted). */
export interface FlowFolder {
  readonly folder: string;
  readonly machineFiles: readonly string[];
  readonly modelFiles: readonly string[];
}

/** A model found by {@link discoverModels}: the model, and where it came from. */
export interface DiscoveredModel {
  readonly model: MachineModel;
  /** The flow folder's name (`backgroundJob`); by convention equal to `model.name`. */
  readonly folder: string;
  /** Absolute path of the `.model.ts` file. */
  readonly file: string;
  /** The export's name (`backgroundJobModel`). */
  readonly exportName: string;
}

/** Why discovery failed: a model file that does not import, or two models with the same name. */
export class ModelDiscoveryError extends Error {
  /** The model file at fault. */
  readonly file: string;

  constructor(message: string, file: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelDiscoveryError';
    this.file = file;
  }
}

/**
 * `true` when `value` has the shape of a {@link MachineModel}: string `name`, `title`, `spec`, a `machine` with a
 * `root` state node, and a `testModel` function (duck-typed, so models need not share a class).
 */
export function isMachineModel(value: unknown): value is MachineModel {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const machine = candidate['machine'] as Record<string, unknown> | null | undefined;
  return (
    typeof candidate['name'] === 'string' &&
    typeof candidate['title'] === 'string' &&
    typeof candidate['spec'] === 'string' &&
    typeof candidate['testModel'] === 'function' &&
    typeof machine === 'object' &&
    machine !== null &&
    typeof machine['root'] === 'object'
  );
}

/**
 * Every sub-folder of `root` (default {@link MACHINES_SRC_DIR}) with its `*.machine.ts` and `*.model.ts` files,
 * sorted by folder name. Folders with neither (like `testing/`, `paths/`) are left out.
 */
export async function listFlowFolders(root: string = MACHINES_SRC_DIR): Promise<FlowFolder[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const folders: FlowFolder[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const files = (await readdir(join(root, entry.name), { withFileTypes: true }))
      .filter((file) => file.isFile())
      .map((file) => file.name)
      .sort();
    const machineFiles = files.filter((name) => name.endsWith(MACHINE_SUFFIX)).map((name) => join(root, entry.name, name));
    const modelFiles = files.filter((name) => name.endsWith(MODEL_SUFFIX)).map((name) => join(root, entry.name, name));
    if (machineFiles.length > 0 || modelFiles.length > 0) folders.push({ folder: entry.name, machineFiles, modelFiles });
  }
  return folders.sort((a, b) => compareNames(a.folder, b.folder));
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Imports every `src/<folder>/*.model.ts` under `root` (default {@link MACHINES_SRC_DIR}) and returns the exported
 * values that are {@link MachineModel}s, sorted by `model.name`. `folders` limits the search to those folder names.
 *
 * @throws {ModelDiscoveryError} when a model file fails to import (the cause attached), or when two exports share a
 *   `name` (the CLI could not tell them apart).
 */
export async function discoverModels(options: { root?: string; folders?: readonly string[] } = {}): Promise<DiscoveredModel[]> {
  const only = options.folders ? new Set(options.folders) : undefined;
  const found: DiscoveredModel[] = [];
  for (const flow of await listFlowFolders(options.root)) {
    if (only && !only.has(flow.folder)) continue;
    for (const file of flow.modelFiles) {
      let exports: Record<string, unknown>;
      try {
        exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ModelDiscoveryError(`paths: cannot import ${file}: ${reason}`, file, { cause: error });
      }
      for (const [exportName, value] of Object.entries(exports)) {
        if (isMachineModel(value)) found.push({ model: value, folder: flow.folder, file, exportName });
      }
    }
  }
  found.sort((a, b) => compareNames(a.model.name, b.model.name) || compareNames(a.file, b.file));
  for (let i = 1; i < found.length; i++) {
    const previous = found[i - 1];
    const current = found[i];
    if (previous && current && previous.model.name === current.model.name && previous.model !== current.model) {
      throw new ModelDiscoveryError(
        `paths: two models are named "${current.model.name}" (${previous.file} ${previous.exportName}, ` + `${current.file} ${current.exportName})`,
        current.file,
      );
    }
  }
  // The same model exported twice (e.g. `export default` too) is listed once.
  return found.filter((entry, index) => found.findIndex((other) => other.model === entry.model) === index);
}
