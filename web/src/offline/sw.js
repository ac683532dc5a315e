// The playground's service worker: keeps every file of one build in a cache,
// so the page works offline after its first visit. A classic script with no
// imports. The build (scripts/service-worker.mjs) copies it beside
// index.html as sw.js and fills in PRECACHE; content that changes makes a
// new version, which installs beside the old one and replaces it once the
// page says so (web/src/offline/offline.js). See docs/offline.md.
const PRECACHE = { version: "dev", files: [] };

// The files sit beside sw.js, which sits beside index.html.
const HERE = new URL("./", self.location.href);
const INDEX = new URL("index.html", HERE).href;
const PRECACHED = new Set(PRECACHE.files.map((file) => new URL(file, HERE).href));
// Caches are shared by the origin: the scope keeps copies of podsim at other
// paths of the same origin out of each other's way.
const PREFIX = `podsim ${self.registration.scope} `;
const CACHE = PREFIX + PRECACHE.version;

// Fetches one file for the cache: fresh (the HTTP cache may hold an older
// index.html), same-origin and successful, or the install fails.
async function download(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok || response.type !== "basic") {
    throw new Error(`podsim offline: ${url}: HTTP ${response.status} (${response.type}); not installed`);
  }
  // A redirected response cannot answer a navigation: keep only its body.
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function install() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all([...PRECACHED].map(async (url) => cache.put(url, await download(url))));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

// Drops the caches of older versions, then takes over open pages (on a first
// visit, the page that registered this worker).
async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim();
}

// The cached copy to answer request with, or null to leave it to the network.
function cachedUrl(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== HERE.origin) return null;
  // The page itself, whatever its query (?embed, ?embed&readonly).
  const page = url.pathname === HERE.pathname || url.origin + url.pathname === INDEX;
  if (request.mode === "navigate" && page) return INDEX;
  return PRECACHED.has(url.href) ? url.href : null;
}

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  return (await cache.match(url, { ignoreVary: true })) ?? fetch(request);
}

self.addEventListener("install", (event) => event.waitUntil(install()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));
self.addEventListener("fetch", (event) => {
  const url = cachedUrl(event.request);
  if (url) event.respondWith(respond(event.request, url));
});
// The page's Reload button: the new version takes over now, not when the
// last tab of the old one closes.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});
