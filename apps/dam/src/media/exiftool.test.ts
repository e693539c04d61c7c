import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, isRunning, REPO_ROOT, waitUntil } from '../testing/dam-process.ts';
import { samplePath } from './testing/samples.ts';

/** How soon a dead process's ExifTool must be gone (ms): "within a few seconds" (issue 9). */
const GONE_WITHIN_MS = 3_000;

const started: number[] = [];
afterEach(() => {
  // Whatever a failed assertion left behind: only the processes this file started, by pid.
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/**
 * Runs a small Node process that reads one file through `getExiftool()` (so its ExifTool processes are running),
 * prints their pids, then does `after` (a statement).
 */
async function processWithExiftool(after: string) {
  const script = `
    import { getExiftool } from ${JSON.stringify(path.join(import.meta.dirname, 'exiftool.ts'))};
    const exiftool = getExiftool();
    await exiftool.read(${JSON.stringify(samplePath('iptc-xmp/Bush-dog.jpg'))});
    process.stdout.write(JSON.stringify(await exiftool.pids) + '\\n');
    ${after}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const exiftoolPids = await waitUntil('the ExifTool pids', 60_000, () => {
    if (child.exitCode !== null && !stdout.includes('\n')) throw new Error(`the process ended early: ${stderr}`);
    const line = stdout.split('\n')[0];
    return stdout.includes('\n') ? (JSON.parse(line!) as number[]) : undefined;
  });
  started.push(...exiftoolPids);
  return { child, exited, exiftoolPids, stderr: () => stderr };
}

describe.runIf(process.platform === 'linux')('ExifTool processes end with the process that started them', () => {
  it('are gone within seconds after that process is killed with SIGKILL (no exit handler runs)', async () => {
    const sut = await processWithExiftool('setInterval(() => {}, 1_000);');
    expect(sut.exiftoolPids.length).toBeGreaterThan(0);
    for (const pid of sut.exiftoolPids) {
      expect(isRunning(pid)).toBe(true);
      expect(commandLine(pid)).toMatch(/exiftool .*-stay_open/);
    }

    sut.child.kill('SIGKILL');
    expect(await sut.exited).toEqual({ code: null, signal: 'SIGKILL' });

    await waitUntil('the ExifTool processes to end', GONE_WITHIN_MS, () => sut.exiftoolPids.every((pid) => !isRunning(pid)), 50);
    expect(sut.exiftoolPids.filter(isRunning)).toEqual([]);
  });

  it('are gone when that process dies of an uncaught exception', async () => {
    const sut = await processWithExiftool(`setTimeout(() => { throw new Error('boom'); }, 0); setInterval(() => {}, 1_000);`);
    expect(sut.exiftoolPids.length).toBeGreaterThan(0);

    const { code } = await sut.exited;
    expect(code).toBe(1);
    expect(sut.stderr()).toContain('boom');

    await waitUntil('the ExifTool processes to end', GONE_WITHIN_MS, () => sut.exiftoolPids.every((pid) => !isRunning(pid)), 50);
    expect(sut.exiftoolPids.filter(isRunning)).toEqual([]);
  });

  it('are gone after endExiftool(), and the process exits by itself', async () => {
    const sut = await processWithExiftool(`const { endExiftool } = await import(${JSON.stringify(path.join(import.meta.dirname, 'exiftool.ts'))}); await endExiftool();`);

    expect(await sut.exited).toEqual({ code: 0, signal: null });
    expect(sut.exiftoolPids.filter(isRunning)).toEqual([]);
  });
});
