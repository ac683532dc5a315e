// Files dropped anywhere on the page, or chosen with "open a file…", open
// (the editors never read them themselves: a dump must not become editor
// text); text drops stay the editors'. Several files, or a folder (a
// kubectl cluster-info dump --output-directory tree, a support bundle's
// cluster-resources/), open as one cluster.
import { $ } from "../views/dom.js";

/** The files a folder holds that may hold objects, as the command line reads them. */
const OBJECT_FILE = /\.(json|ya?ml)$/i;

// Reads a dropped folder's entries, its subfolders' too: [{name, file}]
// named by their path, files only.
async function entryFiles(entry, path) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    return OBJECT_FILE.test(entry.name) ? [{ name: path, file }] : [];
  }
  if (!entry.isDirectory || entry.name.startsWith(".")) return [];
  const reader = entry.createReader();
  const entries = [];
  // readEntries gives a batch at a time, an empty one at the end.
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    entries.push(...batch);
  }
  const found = [];
  for (const child of entries.filter((e) => !e.name.startsWith("."))) found.push(...(await entryFiles(child, `${path}/${child.name}`)));
  return found;
}

/**
 * Returns what a drop holds: {files: [{name, file}], folder} with the files
 * by path in code-unit order (folder: the dropped folder's name, when one
 * folder was dropped), or null when it holds no file.
 */
async function droppedFiles(data) {
  const entries = [...(data.items ?? [])].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  if (!entries.some((e) => e.isDirectory)) {
    const files = [...(data.files ?? [])].map((file) => ({ name: file.name, file }));
    return files.length ? { files, folder: null } : null;
  }
  const files = [];
  for (const entry of entries) files.push(...(await entryFiles(entry, entry.name)));
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const folder = entries.length === 1 && entries[0].isDirectory ? entries[0].name : null;
  return { files, folder };
}

/**
 * Wires dropping and choosing files: openFile(file) opens one (cluster-mode.js),
 * openFiles(files, folder) several as one cluster.
 */
export function setupFileDrop(mode, openFile, openFiles) {
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
      if (!e.dataTransfer?.files?.length && !files(e)) return;
      e.preventDefault();
      e.stopPropagation();
      if (mode.readOnly) return;
      // The items are readable only while the drop event runs: take them now.
      droppedFiles(e.dataTransfer).then((dropped) => {
        if (!dropped) return;
        if (dropped.files.length === 1 && !dropped.folder) openFile(dropped.files[0].file);
        else openFiles(dropped.files, dropped.folder);
      });
    },
    capture,
  );
  const input = $("open-file");
  $("open-file-button").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const chosen = [...(input.files ?? [])];
    input.value = ""; // the same file can be chosen again
    if (chosen.length === 1) openFile(chosen[0]);
    else if (chosen.length > 1) openFiles(chosen.map((file) => ({ name: file.name, file })), null);
  });
}
