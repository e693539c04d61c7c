import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';

/** A private PostgreSQL cluster started for a test run. */
export interface TestCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): string;
  stop(): void;
}

function binDir(): string {
  const candidates = ['/usr/lib/postgresql'].flatMap((root) =>
    fs.existsSync(root)
      ? fs
          .readdirSync(root)
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => path.join(root, v, 'bin'))
      : [],
  );
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) {
    throw new Error('PostgreSQL server binaries not found (initdb). Install them with: apt-get install -y postgresql');
  }
  return found;
}

/**
 * Starts a throw-away PostgreSQL cluster on 127.0.0.1 (initdb -A trust, pg_ctl), as the `postgres` system user
 * when running as root (initdb refuses root). Durability is off: it is test data.
 * @throws Error with the install hint when the server binaries are missing, or pg_ctl's output when start fails.
 */
export async function startTestCluster(): Promise<TestCluster> {
  const bin = binDir();
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${path.basename(cmd)} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  run(path.join(bin, 'initdb'), ['-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '-D', dataDir]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    createDatabase(name: string) {
      run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', `CREATE DATABASE "${name}"`]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
