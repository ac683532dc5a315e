// The header's smaller controls: the example gallery, the downloads, and the
// keyboard shortcuts (Ctrl+Enter runs, Ctrl+S copies the share link, Ctrl+Z
// outside the editors undoes the last replacement of the scenario).
import { GALLERY } from "../model/gallery.js";
import { $, h, mount } from "../views/dom.js";

/** Fills the Examples menu; openExample(example) opens the one chosen. */
export function setupGallery(openExample) {
  const select = $("examples");
  mount(
    select,
    h("option", { value: "" }, "Examples…"),
    GALLERY.map((e) => h("option", { value: e.id }, e.title)),
  );
  select.addEventListener("change", () => {
    const example = GALLERY.find((e) => e.id === select.value);
    if (example) openExample(example);
  });
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
 * Wires "Scenario ↓" (the editors' YAML, scenarioText()) and "Result ↓" (the
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
