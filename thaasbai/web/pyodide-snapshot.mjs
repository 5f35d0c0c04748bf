// Thaasbai: Python's start from a memory snapshot made on this device (thaasbai/web/shell.py).
//
// Pyodide's own start (its interpreter, then the app's imports: several hundred modules,
// and Flet builds dataclasses as it imports) is the longest part of every start-up.  A
// snapshot of Python's memory taken just after those imports skips all of it: restored,
// the app's modules are already there.  Shipping one would add 8 MB to a first visit, so
// the device makes its own once, after a first start without one, in a second worker
// while the app is already up; every later start of the same build restores it.  It is
// keyed by the app archive's URL, which is named by its content and lives in the runtime
// folder, named by Pyodide's: another build never restores this one.  Anything that goes
// wrong (no Cache Storage, a snapshot that does not load) falls back to the plain start.
'use strict';

const CACHE = 'pyodide-snapshots';
// After the app has connected to Flutter (the worker sets self.thaasbaiConnected): the
// snapshot imports what the first screen used, and its making (a few seconds of a second
// core) stays out of the first screen's way.
const DELAY_MS = 5000;
const PAGE = 65536;

export function keyFor(appUrl) {
  return new URL(appUrl, self.location.href).href + '.snapshot';
}

function usable() {
  return typeof caches !== 'undefined';
}

async function read(key) {
  const hit = await (await caches.open(CACHE)).match(key);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

export async function forget(key) {
  try { await (await caches.open(CACHE)).delete(key); } catch (e) { /* nothing to forget */ }
}

export async function store(key, snapshot) {
  const cache = await caches.open(CACHE);
  for (const old of await cache.keys()) {
    if (old.url !== key) await cache.delete(old);  // an earlier build's
  }
  // Not compressed: 38 MB on the device, but gzip (to 9 MB) made reading it back cost
  // 0.6-1.0 s of every start, more than the rest of the restore.
  await cache.put(key, new Response(snapshot,
    { headers: { 'Content-Type': 'application/octet-stream' } }));
}

export async function stored(appUrl) {
  return usable() && Boolean(await (await caches.open(CACHE)).match(keyFor(appUrl)));
}

// Pyodide restores a snapshot into the heap its WebAssembly module starts with (30 MiB)
// and fails ("offset is out of bounds") on a bigger one, which the app's is: grow the
// module's memory as it is instantiated, before Emscripten takes its views of it.
async function withHeapFor(snapshot, load) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  const pages = Math.ceil((snapshot.byteLength - header) / PAGE);
  const plain = [WebAssembly.instantiate, WebAssembly.instantiateStreaming];
  const growing = (instantiate) => async function (...args) {
    const result = await instantiate.apply(WebAssembly, args);
    const memory = (result.instance || result).exports.memory;
    if (memory instanceof WebAssembly.Memory) {
      const have = memory.buffer.byteLength / PAGE;
      if (pages > have) memory.grow(pages - have);
    }
    return result;
  };
  WebAssembly.instantiate = growing(plain[0]);
  WebAssembly.instantiateStreaming = growing(plain[1]);
  try {
    return await load();
  } finally {
    [WebAssembly.instantiate, WebAssembly.instantiateStreaming] = plain;
  }
}

// loadPyodide(options), from this build's snapshot when the device has one.
export async function loadPyodideFast(loadPyodide, options, appUrl) {
  if (appUrl && usable()) {
    const key = keyFor(appUrl);
    let snapshot = null;
    try {
      snapshot = await read(key);
    } catch (e) {
      console.warn('Thaasbai: the Python snapshot could not be read:', e);
    }
    if (snapshot) {
      try {
        const pyodide = await withHeapFor(
          snapshot, () => loadPyodide({ ...options, _loadSnapshot: snapshot }));
        return { pyodide, fromSnapshot: true };
      } catch (e) {
        console.warn('Thaasbai: the Python snapshot did not load; a plain start:', e);
        await forget(key);
      }
    }
  }
  return { pyodide: await loadPyodide(options), fromSnapshot: false };
}

// Once the app is up: have a second worker make this build's snapshot, importing every
// module the app has imported by then.  Its answer is kept in self.thaasbaiSnapshot.
export function makeSnapshotLater(pyodide, pyodideUrl, appUrl, delayMs = DELAY_MS) {
  if (!appUrl || !usable() || typeof Worker === 'undefined') return;
  const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  (async () => {
    while (!self.thaasbaiConnected) await later(250);
    await later(delayMs);
    try {
      if (await stored(appUrl)) {  // made meanwhile by another tab of the app
        self.thaasbaiSnapshot = { ok: true, skipped: [], already: true };
        return;
      }
      const modules = pyodide.runPython('import json, sys; json.dumps(sorted(sys.modules))');
      const maker = new Worker(new URL('./pyodide-snapshot-maker.mjs', import.meta.url),
        { type: 'module' });
      maker.onmessage = (event) => {
        self.thaasbaiSnapshot = event.data;
        if (!event.data.ok) console.warn('Thaasbai: no Python snapshot:', event.data.error);
        maker.terminate();
      };
      maker.onerror = (event) => {
        self.thaasbaiSnapshot = { ok: false, error: String(event.message) };
        maker.terminate();
      };
      maker.postMessage({ pyodideUrl, appUrl, modules, key: keyFor(appUrl) });
    } catch (e) {
      console.warn('Thaasbai: no Python snapshot:', e);
    }
  })();
}
