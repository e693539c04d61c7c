// Entry of a decoder worker (see worker.ts). At start it registers tsx when the decoder is TypeScript (Node 20 does not
// carry --import hooks into a worker's entry) and imports the module, then posts `{ ready: true }`: a spare worker does
// this ahead of its call. It then waits for one call `{ exportName, input }`, runs it and posts the outcome; the parent
// terminates the worker after that one call, so no state of a decode reaches the next.
import { parentPort, workerData } from 'node:worker_threads';

const { moduleUrl } = workerData;

// Listening first keeps the worker alive while it loads and while it idles as a spare; a call posted before the module
// is loaded waits for it.
parentPort.once('message', (call) => void run(call));

const loading = (async () => {
  if (/\.[cm]?tsx?$/.test(new URL(moduleUrl).pathname)) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  return import(moduleUrl);
})();
// A module that fails to load is reported to the call (below), not as an unhandled rejection that kills the worker.
loading.then(
  () => parentPort.postMessage({ ready: true }),
  () => undefined,
);

async function run({ exportName, input }) {
  try {
    const module = await loading;
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
}
