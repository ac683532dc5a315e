// The header's smaller controls: the example gallery, the Export and Compare
// menus, the downloads, and the keyboard shortcuts (Ctrl+Enter runs, Ctrl+S copies the share link, Ctrl+Z
// outside the editors undoes the last replacement of the scenario).
import { GALLERY, GALLERY_GROUPS } from "../model/gallery.js";
import { $, h, mount } from "../views/dom.js";
import { setupMenu } from "./menus.js";

/**
 * Fills the gallery (the Examples menu): its groups, each example with its
 * lesson's line; openExample(example) opens the one chosen.
 */
export function setupGallery(openExample) {
  const item = (e) =>
    h(
      "button",
      { type: "button", class: "gallery-item", dataset: { example: e.id }, onclick: () => openExample(e) },
      h("span", { class: "gallery-title" }, e.title),
      h("span", { class: "gallery-lesson" }, e.lesson),
    );
  mount(
    $("examples"),
    GALLERY_GROUPS.map((g) => {
      const examples = GALLERY.filter((e) => e.group === g.id);
      const id = `gallery-group-${g.id}`;
      return h("div", { class: "gallery-group", role: "group", "aria-labelledby": id }, h("h2", { id }, g.title), examples.map(item));
    }),
  );
  setupMenu("examples-button");
}

/** Marks the gallery's example the editors hold (id; "": none). */
export function markExample(id) {
  for (const b of $("examples").querySelectorAll(".gallery-item")) {
    if (b.dataset.example === id) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
  }
  $("examples").dataset.shown = id;
}

/** Wires the Export menu (Copy as Markdown, Embed, the downloads) and the Compare menu (Fork into B, Compare). */
export function setupHeaderMenus() {
  setupMenu("export-button");
  setupMenu("compare-button");
}

/** Offers text as a file named name, of MIME type type. */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Wires the downloads of the scenario (the editors' YAML, scenarioText()) and of the result (the
 * shown result's JSON, shown() or null). Returns downloadScenario(), for
 * other buttons that offer the file.
 */
export function setupDownloads(shown, scenarioText) {
  const downloadScenario = () => download("scenario.yaml", "application/yaml", scenarioText());
  $("download-yaml").addEventListener("click", downloadScenario);
  $("download-json").addEventListener("click", () => {
    const result = shown();
    if (result) download("result.json", "application/json", `${JSON.stringify(result, null, 2)}\n`);
  });
  return { downloadScenario };
}

// Where a key goes to the text under the focus (the editors take their own Ctrl+Z).
const typing = (target) => target instanceof Element && target.closest("input, textarea, [contenteditable]") !== null;

/** Wires the page's shortcuts to runNow(), copyShareLink() and undoReplacement() (returns whether it undid). */
export function setupKeys({ runNow, copyShareLink, undoReplacement }) {
  document.addEventListener("keydown", (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === "Enter") {
      e.preventDefault();
      runNow();
    } else if (mod && (e.key === "s" || e.key === "S")) {
      e.preventDefault();
      copyShareLink();
    } else if (mod && !e.shiftKey && (e.key === "z" || e.key === "Z") && !typing(e.target) && undoReplacement()) {
      e.preventDefault();
    }
  });
}
