// Makes the playground work offline: in a production build, registers the
// service worker (web/src/offline/sw.js, built as sw.js beside index.html),
// and once a new version has been installed while an old one runs this page,
// says so with a Reload button. A first visit says nothing. See
// docs/offline.md.
import { h } from "../views/dom.js";
import "./offline.css";

const SKIP_WAITING = "skip-waiting";

let notice = null;
// Set by the Reload button: the next controller change reloads the page.
let reloading = false;

function reload(registration) {
  reloading = true;
  // The new version waits while pages of the old one are open; it takes
  // over now, and the page reloads when it has (controllerchange).
  if (registration.waiting) registration.waiting.postMessage(SKIP_WAITING);
  else location.reload();
}

function showNotice(registration) {
  if (notice) return;
  notice = h(
    "div",
    { class: "update-notice", role: "status" },
    h("span", {}, "podsim was updated. Reload to use the new version."),
    h("button", { type: "button", class: "update-reload", onclick: () => reload(registration) }, "Reload"),
    h("button", { type: "button", class: "update-dismiss", "aria-label": "Dismiss", title: "Dismiss", onclick: () => notice.remove() }, "×"),
  );
  document.body.append(notice);
}

async function register() {
  const container = navigator.serviceWorker;
  let registration = null;
  let controlled = container.controller !== null;
  container.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    // Another tab let a new version take over this one (a first install
    // taking over, from no controller, is not news).
    else if (controlled && registration) showNotice(registration);
    controlled = true;
  });
  try {
    registration = await container.register("./sw.js", { scope: "./" });
  } catch (error) {
    // E.g. a private window that refuses them: the page works online only.
    console.warn(`podsim: no offline copy: ${error?.message ?? error}`);
    return;
  }
  // A new version installed while an old one runs the page waits for it.
  const watch = (worker) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) showNotice(registration);
    });
  if (registration.waiting && container.controller) showNotice(registration);
  watch(registration.installing); // an update that started before this page asked
  registration.addEventListener("updatefound", () => watch(registration.installing));
}

// Null where there are none: file: pages, old browsers, some private windows,
// and frames sandboxed into an opaque origin (where reading it throws).
function serviceWorkers() {
  if (location.protocol !== "https:" && location.protocol !== "http:") return null;
  try {
    return navigator.serviceWorker ?? null;
  } catch {
    return null;
  }
}

if (import.meta.env.PROD && serviceWorkers()) {
  // After the page's own load, so that the first visit is not slowed down.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
