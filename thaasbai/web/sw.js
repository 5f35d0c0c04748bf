// Thaasbai's service worker (written by `thaasbai build-web`; the lists below are the build's).
//
// It precaches the whole build at install, so after one visit the app starts and plays
// solo with no network.  Every build is a new worker (its file list and version are
// inlined), which the browser fetches past its HTTP cache on a later start, installs
// in the background and switches to: a deploy is picked up on the next start, never stuck.
// Entries are cached under their own URLs (so the browser's compiled-code cache of a
// script or WebAssembly module answered from here is the one it made at install: with
// any other URL the second start compiled everything again), and each cache holds a
// list of its files' content hashes (HASHES), so files unchanged between builds are
// copied from the old cache instead of downloaded again.  /api/ and the room WebSocket
// are never touched.
'use strict';

const VERSION = '__VERSION__';
const RUNTIME = '__RUNTIME__';
const FILES = __FILES__;
const CACHE = 'thaasbai-' + VERSION;
const SCOPE = self.registration.scope; // the origin and "/"

// flutter.js loads one Flutter build and one renderer: the WebAssembly build with skwasm
// (skwasm_heavy without Chromium's codecs) where the browser runs it, else main.dart.js
// with CanvasKit ("chromium" with Chromium's break iterators and codecs, else the full
// one).  The page tells which it loaded (`sw.js?build=wasm&variant=skwasm`): only that
// one is precached; another is still cached on first use, should it ever be loaded.
const ASKED = new URL(self.location.href).searchParams;
const WASM = ASKED.get('build') === 'wasm';
const VARIANT = ASKED.get('variant') || (
  typeof Intl.v8BreakIterator !== 'undefined' && typeof Intl.Segmenter !== 'undefined'
    ? 'chromium' : 'full');
const NEVER = new Set(['sw.js', 'build-manifest.json']);
// Read from the network first: the operator may edit it without a rebuild.
const NETWORK_FIRST = new Set(['site.json']);

// Fetched on first use only: Flutter's licence notices and the video player's HLS
// script, which the app never shows or plays.
const ON_DEMAND = [RUNTIME + '/assets/NOTICES', RUNTIME + '/assets/packages/media_kit/'];

function precached(path) {
  if (NEVER.has(path) || path.endsWith('.gz')) return false;
  if (ON_DEMAND.some((p) => path.startsWith(p))) return false;
  const rt = RUNTIME + '/';
  if (path === rt + 'main.dart.js') return !WASM;
  if (path === rt + 'main.dart.wasm' || path === rt + 'main.dart.mjs') return WASM;
  if (path.startsWith(rt + 'canvaskit/chromium/')) return !WASM && VARIANT === 'chromium';
  if (path.startsWith(rt + 'canvaskit/canvaskit.')) return !WASM && VARIANT !== 'chromium';
  if (path.startsWith(rt + 'canvaskit/skwasm_heavy.')) return WASM && VARIANT === 'skwasm_heavy';
  if (path.startsWith(rt + 'canvaskit/skwasm.')) return WASM && VARIANT !== 'skwasm_heavy';
  return true;
}

const HASHES = new URL('__thaasbai_hashes__', SCOPE).href;  // path -> hash, per cache

function keyOf(path) {
  return new URL(path, SCOPE).href;
}

// The caches of earlier builds, each with the hashes of what it holds.
async function oldCaches() {
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('thaasbai-') || name === CACHE) continue;
    const cache = await caches.open(name);
    const list = await cache.match(HASHES);
    if (list) out.push({ cache, hashes: await list.json() });
  }
  return out;
}

async function lookupOld(old, path) {
  for (const { cache, hashes } of old) {
    if (hashes[path] !== FILES[path]) continue;
    const hit = await cache.match(keyOf(path));
    if (hit) return hit;
  }
  return undefined;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);  // named by the build: same name, same files
    const old = await oldCaches();
    await Promise.all(Object.keys(FILES).filter(precached).map(async (path) => {
      const key = keyOf(path);
      if (await cache.match(key)) return;
      const hit = await lookupOld(old, path);
      if (hit) return cache.put(key, hit);
      // Runtime files have content-named URLs (long-lived in the HTTP cache, so this
      // rarely downloads); the few root files are revalidated.
      const mode = path.startsWith(RUNTIME + '/') ? 'default' : 'no-cache';
      const response = await fetch(key, { cache: mode });
      if (!response.ok) throw new Error('precache ' + path + ': ' + response.status);
      return cache.put(key, response);
    }));
    await cache.put(HASHES, new Response(JSON.stringify(FILES),
      { headers: { 'Content-Type': 'application/json' } }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('thaasbai-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function fromCache(path, request) {
  const cache = await caches.open(CACHE);
  const key = keyOf(path);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
  return response;
}

async function networkFirst(path, request) {
  try {
    const response = await fetch(request, { cache: 'no-cache' });
    if (response.ok) {
      await (await caches.open(CACHE)).put(keyOf(path), response.clone());
      return response;
    }
  } catch (e) {
    // offline: the cached copy below
  }
  const hit = await caches.match(keyOf(path));
  return hit || new Response('{}', { headers: { 'Content-Type': 'application/json' } });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length));
  if (path.startsWith('api/') || path === 'healthz') return;
  if (NETWORK_FIRST.has(path)) {
    event.respondWith(networkFirst(path, request));
  } else if (Object.prototype.hasOwnProperty.call(FILES, path) && !NEVER.has(path)) {
    event.respondWith(fromCache(path, request));
  } else if (request.mode === 'navigate') {
    // "/", "/join/K7M2QX", "/play": the app's own routes, all served by index.html.
    event.respondWith(fromCache('index.html', new URL('index.html', SCOPE).href));
  }
});
