// Files dropped anywhere on the page, or chosen with "open a file…", open
// (the editors never read them themselves: a dump must not become editor
// text); text drops stay the editors'.
import { $ } from "../views/dom.js";

/** Wires dropping and choosing a file; openFile(file) opens it (cluster-mode.js). */
export function setupFileDrop(mode, openFile) {
  let depth = 0;
  const files = (e) => [...(e.dataTransfer?.types ?? [])].includes("Files");
  const capture = { capture: true };
  document.addEventListener(
    "dragenter",
    (e) => {
      if (!files(e) || mode.readOnly) return;
      depth += 1;
      document.body.classList.add("dropping");
    },
    capture,
  );
  document.addEventListener(
    "dragleave",
    (e) => {
      if (!files(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) document.body.classList.remove("dropping");
    },
    capture,
  );
  document.addEventListener(
    "dragover",
    (e) => {
      if (!files(e)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    capture,
  );
  document.addEventListener(
    "drop",
    (e) => {
      depth = 0;
      document.body.classList.remove("dropping");
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      e.stopPropagation();
      if (!mode.readOnly) openFile(file);
    },
    capture,
  );
  const input = $("open-file");
  $("open-file-button").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = ""; // the same file can be chosen again
    if (file) openFile(file);
  });
}
