// Serves the built playground (web/dist, shipped in the package) over HTTP
// on loopback: `podsim serve`. A static server and nothing else: the page
// runs the engine itself, in the browser.
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The built page beside this file in the package (or the clone). */
export const PAGE_ROOT = fileURLToPath(new URL("../web/dist/", import.meta.url));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".yaml": "text/yaml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

// Vite names the files it builds by their content: they never change, so a
// browser may keep them. The rest (the page, the service worker) is checked
// on every visit.
const IMMUTABLE = /[.-][A-Za-z0-9_-]{8,}\.(js|css|wasm)$/;

// The file a request path names inside root, or null if it leaves root or
// is not a file (a folder serves its index.html).
async function fileOf(root, pathname) {
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  let file = join(root, path);
  try {
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    file = await realpath(file);
    if (!file.startsWith(root) || !(await stat(file)).isFile()) return null;
  } catch {
    return null;
  }
  return file;
}

/**
 * Returns an http.Server for the files under root (not yet listening).
 * options.headers are added to every response; options.onRequest(path) sees
 * each request's path.
 */
export async function createStaticServer(root = PAGE_ROOT, options = {}) {
  const base = (await realpath(root)) + sep;
  return createServer(async (req, res) => {
    const { pathname } = new URL(req.url, "http://localhost");
    options.onRequest?.(pathname);
    const headers = { "x-content-type-options": "nosniff", ...options.headers };
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...headers, allow: "GET, HEAD" }).end();
      return;
    }
    const file = await fileOf(base, pathname);
    if (!file) {
      res.writeHead(404, { ...headers, "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    res.writeHead(200, {
      ...headers,
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": IMMUTABLE.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const failed = (error) => reject(error);
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve(server.address().port);
    });
  });
}

/**
 * Serves root on host:port and returns {url, close}. When the port is taken
 * and was not asked for by name (options.strictPort), the next free one up
 * to 20 further is used.
 */
export async function serve(options = {}) {
  const { root = PAGE_ROOT, host = "127.0.0.1", port = 4173, strictPort = false } = options;
  const server = await createStaticServer(root, options);
  for (let attempt = 0; ; attempt++) {
    try {
      const bound = await listen(server, port === 0 ? 0 : port + attempt, host);
      const shown = host.includes(":") ? `[${host}]` : host;
      return { url: `http://${shown}:${bound}/`, server, close: () => new Promise((r) => server.close(r)) };
    } catch (error) {
      if (error.code !== "EADDRINUSE" || strictPort || port === 0 || attempt === 20) throw error;
    }
  }
}
