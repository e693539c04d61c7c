// Entry of a decoder worker (see worker.ts): registers tsx when the decoder is TypeScript (Node 20 does not carry
// --import hooks into a worker's entry), imports the module, runs the function once and posts the outcome.
import { parentPort, workerData } from 'node:worker_threads';

const { moduleUrl, exportName, input } = workerData;
try {
  if (/\.[cm]?tsx?$/.test(new URL(moduleUrl).pathname)) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  const module = await import(moduleUrl);
  const fn = module[exportName];
  if (typeof fn !== 'function') throw new Error(`${moduleUrl} has no function ${exportName}`);
  const value = await fn(input);
  // Pixel buffers move to the main thread instead of being copied (a 12 MP RGBA picture is 48 MB).
  const transfer = [];
  for (const member of value && typeof value === 'object' ? [value, ...Object.values(value)] : []) {
    if (
      member instanceof Uint8Array &&
      member.byteOffset === 0 &&
      member.byteLength === member.buffer.byteLength &&
      member.buffer instanceof ArrayBuffer &&
      !transfer.includes(member.buffer)
    )
      transfer.push(member.buffer);
  }
  parentPort.postMessage({ ok: true, value }, transfer);
} catch (err) {
  parentPort.postMessage({ ok: false, reason: err?.reason, message: err?.message ?? String(err), timeout: err?.value === 'Timeout' });
}
