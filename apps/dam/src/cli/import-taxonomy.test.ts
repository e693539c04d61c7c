import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { loadDamConfig } from '../config.ts';
import { createDamContext } from '../context.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { TaxonomiesService } from '../taxonomies/taxonomies.service.ts';
import { parseTaxonomyText, type TaxonomyTextNode } from '../taxonomies/text-import.ts';
import { siteOwnerCaller } from '../testing/callers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLI = path.join(ROOT, 'apps/dam/src/cli/import-taxonomy.ts');
const FIXTURE = path.join(import.meta.dirname, '../taxonomies/testing/keywords.txt');
const CLI_SECRET = 'test-cli-secret';

/** The fixture as the CLI should store it: every item, as `parent path/name` strings. */
async function expectedPaths(): Promise<string[]> {
  const walk = (nodes: TaxonomyTextNode[], prefix: string): string[] => nodes.flatMap((n) => [`${prefix}${n.name}`, ...walk(n.children, `${prefix}${n.name}/`)]);
  return walk(parseTaxonomyText(await fsp.readFile(FIXTURE, 'utf8')), '').sort();
}

/** Every item of a field's taxonomy as `parent path/name`, read through the service as an administrator. */
async function storedPaths(service: TaxonomiesService, caller: Caller, fieldId: number): Promise<string[]> {
  const paths: string[] = [];
  const visit = async (items: Array<{ name: string; href: string; hasChildren: boolean }>, prefix: string) => {
    for (const item of items) {
      paths.push(`${prefix}${item.name}`);
      if (item.hasChildren) await visit((await service.getItem(caller, fieldId, item.href.split('/').pop()!)).children.data, `${prefix}${item.name}/`);
    }
  };
  await visit((await service.getTaxonomy(caller, fieldId)).taxonomy.items.data, '');
  return paths.sort();
}

async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = promisify(execFile);
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('npm run import:taxonomy through a running DAM', () => {
  let sut: TestDam;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    sut = await createTestDam({ MAGPIE_CLI_CLIENT_SECRET: CLI_SECRET });
    await sut.app.listen({ host: '127.0.0.1', port: 0 });
    const address = sut.app.server.address() as { port: number };
    url = `http://127.0.0.1:${address.port}`;
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-taxonomy-cli-'));
  });
  afterAll(async () => {
    await sut?.close();
    if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
  });

  const admin = async () => (await sut.ctx.auth.authenticate(sut.adminToken))!;
  const env = () => ({ MAGPIE_DATA_DIR: dataDir, MAGPIE_CLI_CLIENT_SECRET: CLI_SECRET });

  it('imports the file into Keywords, and a second run adds nothing', async () => {
    const first = await runCli([FIXTURE, '--dam-url', url], env());
    expect(first.stderr).toBe('');
    const expected = await expectedPaths();
    expect(first.stdout).toContain(`through the running DAM at ${url}`);
    expect(first.stdout).toContain(`Added ${expected.length} items, already there 0.`);
    expect(await storedPaths(sut.ctx.taxonomies, await admin(), 25)).toEqual(expected);
    const second = await runCli([FIXTURE, '--dam-url', url], env());
    expect(second.stdout).toContain(`Added 0 items, already there ${expected.length}.`);
  });

  it('creates the taxonomy of another field when given --plural, and explains when it is missing', async () => {
    const missing = await runCli([FIXTURE, '--field', '90', '--dam-url', url], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/has no taxonomy\. Give --plural/);
    const created = await runCli([FIXTURE, '--field', '90', '--name', 'City', '--plural', 'Cities', '--dam-url', url], env());
    expect(created.code).toBe(0);
    expect((await sut.ctx.taxonomies.getTaxonomy(await admin(), 90)).info).toMatchObject({ name: 'City', pluralName: 'Cities', hasChildren: true });
  });

  it('sends a file larger than one request body in pieces, with the same result', async () => {
    // About 1.3 MB: more than the DAM's 1 MiB JSON body limit, so the CLI must split it at top-level items.
    const long = 'x'.repeat(200);
    const lines = Array.from({ length: 60 }, (_, a) => [`Big ${a}`, ...Array.from({ length: 100 }, (_, b) => `\tItem ${a}.${b} ${long}`)]).flat();
    const big = path.join(dataDir, 'big.txt');
    await fsp.writeFile(big, lines.join('\n'));
    const res = await runCli([big, '--field', '91', '--plural', 'Big', '--dam-url', url], env());
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain(`Added ${lines.length} items, already there 0.`);
    expect((await sut.ctx.taxonomies.getTaxonomy(await admin(), 91)).taxonomy.items.paging.count).toBe(60);
  });

  it('exits 1 naming the line of a malformed file, 2 on bad arguments', async () => {
    const bad = path.join(dataDir, 'bad.txt');
    await fsp.writeFile(bad, 'A\n\t\tB\n\tC\n');
    const res = await runCli([bad, '--dam-url', url], env());
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Line 3: ');
    expect((await runCli(['--field', 'x', bad], env())).code).toBe(2);
  });
});

describe('npm run import:taxonomy without a running DAM', () => {
  it('opens the database itself', async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-taxonomy-cli-'));
    try {
      const env = { MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'admin-password', DATABASE_URL: '' };
      const res = await runCli([FIXTURE, '--dam-url', 'http://127.0.0.1:9'], env);
      expect(res.stderr).toBe('');
      expect(res.stdout).toContain(`directly into ${dataDir}`);
      const expected = await expectedPaths();
      expect(res.stdout).toContain(`Added ${expected.length} items, already there 0.`);
      const ctx = await createDamContext(loadDamConfig({ ...env, LOG_LEVEL: 'silent', MAGPIE_WORKERS: '0' }), { info() {}, error() {} });
      try {
        const caller: Caller = await siteOwnerCaller(ctx.repos.users);
        expect(await storedPaths(ctx.taxonomies, caller, 25)).toEqual(expected);
      } finally {
        await ctx.close();
      }
    } finally {
      await fsp.rm(dataDir, { recursive: true, force: true });
    }
  });
});
