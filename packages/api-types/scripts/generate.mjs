#!/usr/bin/env node
/**
 * Generates the TypeScript types of Magpie's API contracts with openapi-typescript (programmatic API).
 *
 *   node scripts/generate.mjs           writes src/generated/dam.ts and src/generated/bff.ts
 *   node scripts/generate.mjs --check   regenerates in memory; exits 1 when a committed file is stale or missing
 *
 * Sources: openapi/dam.yaml and openapi/bff.yaml at the repository root (architecture.md "Contract first").
 * The generated files are never edited by hand; change the YAML and run `npm run gen:api`.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');
const repoDir = path.resolve(packageDir, '../..');

/** Each contract and the file its types go to. */
export const TARGETS = [
  { name: 'dam', source: path.join(repoDir, 'openapi/dam.yaml'), output: path.join(packageDir, 'src/generated/dam.ts') },
  { name: 'bff', source: path.join(repoDir, 'openapi/bff.yaml'), output: path.join(packageDir, 'src/generated/bff.ts') },
];

/** The banner at the top of every generated file. */
export function banner(name) {
  return [
    '/**',
    ` * GENERATED FILE, DO NOT EDIT. Source: openapi/${name}.yaml.`,
    ' * Regenerate with `npm run gen:api` (packages/api-types/scripts/generate.mjs, openapi-typescript);',
    ' * `npm run check:api` fails when this file is stale.',
    ' */',
    '',
    '',
  ].join('\n');
}

/**
 * Renders one contract to TypeScript source.
 * @param {{name: string, source: string}} target
 * @returns {Promise<string>} the file's full text, banner included
 */
export async function render(target) {
  const ast = await openapiTS(pathToFileURL(target.source), {
    // Keep the contract's own key order; exact shapes, no index signatures unless the YAML asks for them.
    alphabetize: false,
    additionalProperties: false,
    // Optional stays optional even when a schema has a default.
    defaultNonNullable: false,
    silent: true,
  });
  return banner(target.name) + astToString(ast);
}

/** Reads a file, or undefined when it does not exist. */
async function readIfExists(file) {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Generates every target. With `check`, writes nothing and answers the list of stale or missing files.
 * @param {{check?: boolean}} [options]
 * @returns {Promise<string[]>} paths (relative to the repository) of files that differ from the contract
 */
export async function generate({ check = false } = {}) {
  const stale = [];
  for (const target of TARGETS) {
    const text = await render(target);
    const relative = path.relative(repoDir, target.output);
    if (check) {
      if ((await readIfExists(target.output)) !== text) stale.push(relative);
    } else {
      await mkdir(path.dirname(target.output), { recursive: true });
      await writeFile(target.output, text);
      console.log(`api-types: wrote ${relative}`);
    }
  }
  return stale;
}

const invokedDirectly = process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (invokedDirectly) {
  const check = process.argv.includes('--check');
  try {
    const stale = await generate({ check });
    if (check && stale.length > 0) {
      console.error(
        `api-types: generated types are stale (they no longer match openapi/*.yaml):\n` +
          stale.map((file) => `  - ${file}`).join('\n') +
          `\nRun \`npm run gen:api\` and commit the result.`,
      );
      process.exit(1);
    }
    if (check) console.log('api-types: generated types are up to date.');
  } catch (error) {
    console.error(`api-types: generation failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
