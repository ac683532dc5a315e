// Adds the service worker (web/src/offline/sw.js) to a build of the page as
// sw.js, with the list of the build's files to precache and a version hashed
// from their contents: a build with other content is a new version, which
// browsers install as an update (docs/offline.md).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const SOURCE = new URL("../web/src/offline/sw.js", import.meta.url);
/** The service worker's file name, beside index.html. */
export const SERVICE_WORKER = "sw.js";
// The one line of web/src/offline/sw.js that the build fills in.
const PRECACHE_LINE = /^const PRECACHE = .*;$/m;

/** Returns every file under dir but sw.js, as sorted "/"-separated paths. */
export function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).replaceAll(sep, "/"))
    .filter((file) => file !== SERVICE_WORKER)
    .sort();
}

/**
 * Writes dir/sw.js precaching files (paths relative to dir; by default every
 * file under dir). The version hashes the worker's source and each file's
 * path and bytes. Returns {version, files}.
 */
export function writeServiceWorker(dir, files = listFiles(dir)) {
  const source = readFileSync(SOURCE, "utf8");
  if (source.match(new RegExp(PRECACHE_LINE, "gm"))?.length !== 1) {
    throw new Error(`${SOURCE.pathname}: expected one line "const PRECACHE = …;" to fill in`);
  }
  const hash = createHash("sha256").update(source);
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    hash.update(`\0${file}\0${bytes.length}\0`).update(bytes);
  }
  const precache = { version: hash.digest("hex").slice(0, 16), files };
  // A function replacement: "$" in the JSON must stay literal.
  const text = source.replace(PRECACHE_LINE, () => `const PRECACHE = ${JSON.stringify(precache)};`);
  writeFileSync(join(dir, SERVICE_WORKER), text);
  return precache;
}

/** The Vite plugin: once a build is written, adds sw.js to its folder. */
export function serviceWorker() {
  return {
    name: "podsim:service-worker",
    apply: "build",
    writeBundle: {
      order: "post",
      sequential: true,
      handler(options) {
        const { version, files } = writeServiceWorker(options.dir);
        this.info(`${SERVICE_WORKER}: version ${version}, ${files.length} files precached`);
      },
    },
  };
}
