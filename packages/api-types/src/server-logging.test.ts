import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { DebugRequestLogController, loggerSetup, resolveLogFormat } from './server-logging.ts';

const TERMINAL = { isTTY: true };
const PIPE = { isTTY: false };

describe('resolveLogFormat', () => {
  it('follows LOG_FORMAT when it is set, and the terminal when it is not', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('loggerSetup', () => {
  it('writes readable lines on a terminal, through pino-pretty', () => {
    const sut = loggerSetup('dam', { logLevel: 'info' }, TERMINAL);
    expect(sut).toMatchObject({ name: 'dam', level: 'info' });
    expect(sut.stream).toBeDefined();
  });

  it('writes JSON to stdout when stdout is not a terminal, or LOG_FORMAT=json', () => {
    expect(loggerSetup('dam', { logLevel: 'info' }, PIPE)).toEqual({ name: 'dam', level: 'info' });
    expect(loggerSetup('dam', { logLevel: 'debug', logFormat: 'json' }, TERMINAL)).toEqual({ name: 'dam', level: 'debug' });
  });

  it('writes readable lines into a pipe when LOG_FORMAT=pretty', () => {
    expect(loggerSetup('dam', { logLevel: 'info', logFormat: 'pretty' }, PIPE).stream).toBeDefined();
  });

  it('needs no stream when logging is off', () => {
    expect(loggerSetup('dam', { logLevel: 'silent' }, TERMINAL)).toEqual({ name: 'dam', level: 'silent' });
  });
});

describe('DebugRequestLogController', () => {
  /** A Fastify app logging JSON lines at `level` into memory. */
  async function appLoggingAt(level: string) {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const sut = Fastify({ loggerInstance: pino({ level }, sink), logController: new DebugRequestLogController() });
    sut.get('/ok', async () => ({ ok: true }));
    await sut.ready();
    return { sut, lines };
  }

  it('logs each request at debug, so info shows none', async () => {
    const atInfo = await appLoggingAt('info');
    expect((await atInfo.sut.inject({ url: '/ok' })).statusCode).toBe(200);
    expect(atInfo.lines.map((line) => line.msg)).not.toContain('incoming request');
    expect(atInfo.lines.map((line) => line.msg)).not.toContain('request completed');
    await atInfo.sut.close();

    const atDebug = await appLoggingAt('debug');
    expect((await atDebug.sut.inject({ url: '/ok' })).statusCode).toBe(200);
    const requestLines = atDebug.lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(requestLines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 20],
    ]);
    await atDebug.sut.close();
  });
});
