// Completion and hover docs for the Kubernetes fields podsim reads, from the
// API schema (api-fields.json, written by scripts/gen-api-fields.mjs from
// the same OpenAPI models as the engine's unknown-field warnings). A
// field's place is found from the YAML's indentation, so half-typed text
// works; a document's kind chooses the type.
import { EditorState } from "@codemirror/state";
import { EditorView, hoverTooltip } from "@codemirror/view";

import schema from "./api-fields.json";

const kindNames = Object.keys(schema.kinds);

/** Reads one line: its key's column, the key and whether a value follows. */
function parseLine(text) {
  const m = /^(\s*)((?:-\s+)*)(.*)$/.exec(text);
  const column = m[1].length + m[2].length;
  const rest = m[3];
  if (rest === "" || rest.startsWith("#")) return { blank: true, column, dash: m[2] !== "" };
  const key = /^([A-Za-z0-9_.\-/]+)\s*:(\s|$)/.exec(rest);
  return {
    blank: false,
    column,
    dash: m[2] !== "",
    key: key ? key[1] : null,
    value: key ? rest.slice(key[0].length).trim() : rest,
  };
}

/**
 * Returns {kind, path} for a key at column on line number n: the keys of
 * its parents, outermost first. Stops at the document's start (---).
 */
function placeOf(doc, n, column) {
  const path = [];
  let kind = null;
  let want = column;
  let first = 1;
  for (let i = n - 1; i >= 1; i--) {
    const text = doc.line(i).text;
    if (/^(---|\.\.\.)(\s|$)/.test(text)) {
      first = i + 1;
      break;
    }
    const line = parseLine(text);
    if (line.blank || !line.key) continue;
    if (line.column < want) {
      // A parent needs an empty value (a block map or list follows).
      if (line.value !== "" && !line.value.startsWith("#")) return null;
      path.unshift(line.key);
      want = line.column;
    }
  }
  // The document's kind, wherever its top-level kind: line is.
  for (let i = first; i <= doc.lines; i++) {
    const text = doc.line(i).text;
    if (i > first && /^(---|\.\.\.)(\s|$)/.test(text)) break;
    const m = /^kind:\s*["']?([A-Za-z]+)/.exec(text);
    if (m) {
      kind = m[1];
      break;
    }
  }
  return { kind, path };
}

/** Returns the fields of the type at path under kind, or null. */
function fieldsAt(kind, path) {
  let type = schema.kinds[kind];
  if (type === undefined) return null;
  for (const key of path) {
    const field = schema.types[type][key];
    if (!field || typeof field[1] !== "number") return null;
    type = field[1];
  }
  return schema.types[type];
}

function keyCompletions(context) {
  const { state, pos } = context;
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  // Only where a key is being written: indentation, list dashes, a word.
  const m = /^(\s*)((?:-\s+)*)([A-Za-z0-9_]*)$/.exec(before);
  if (!m) return kindCompletions(context, line, before);
  if (!context.explicit && m[3] === "") return null;
  const column = m[1].length + m[2].length;
  const place = placeOf(state.doc, line.number, column);
  if (!place) return null;
  if (!place.kind) {
    if (column !== 0) return null;
    return { from: pos - m[3].length, options: [option("apiVersion", [""]), option("kind", ["The kind of object: " + kindNames.join(", ")])] };
  }
  const fields = fieldsAt(place.kind, place.path);
  if (!fields) return null;
  return {
    from: pos - m[3].length,
    options: Object.entries(fields).map(([name, field]) => option(name, field)),
    validFor: /^[A-Za-z0-9_]*$/,
  };
}

function kindCompletions(context, line, before) {
  const m = /^kind:\s*([A-Za-z]*)$/.exec(before);
  if (!m) return null;
  return {
    from: line.from + before.length - m[1].length,
    options: kindNames.map((kind) => ({ label: kind, type: "type" })),
    validFor: /^[A-Za-z]*$/,
  };
}

function option(name, field) {
  const [doc, child, list] = field;
  return {
    label: name,
    type: "property",
    detail: list ? "list" : child === "map" ? "map" : typeof child === "number" ? "object" : "",
    info: doc || undefined,
    apply: `${name}: `,
  };
}

/** The doc of the key under pos, as a tooltip. */
const keyDocs = hoverTooltip((view, pos) => {
  const doc = view.state.doc;
  const line = doc.lineAt(pos);
  const parsed = parseLine(line.text);
  if (parsed.blank || !parsed.key) return null;
  const start = line.from + line.text.indexOf(parsed.key, parsed.column);
  if (pos < start || pos > start + parsed.key.length) return null;
  const place = placeOf(doc, line.number, parsed.column);
  if (!place || !place.kind) return null;
  const fields = fieldsAt(place.kind, place.path);
  const field = fields?.[parsed.key];
  if (!field || !field[0]) return null;
  return {
    pos: start,
    end: start + parsed.key.length,
    above: true,
    create() {
      const dom = document.createElement("div");
      dom.className = "cm-schema-doc";
      const title = document.createElement("strong");
      title.textContent = [...place.path, parsed.key].join(".");
      dom.append(title, document.createTextNode(` (${place.kind}): ${field[0]}`));
      return { dom };
    },
  };
});

const docTheme = EditorView.baseTheme({
  ".cm-schema-doc": { maxWidth: "32em", padding: "4px 8px", lineHeight: "1.4" },
});

/** The editor extension: completion of keys (and kinds), hover docs. The
 * completion popup is basicSetup's; this adds a source to it. */
export function schemaCompletion() {
  return [EditorState.languageData.of(() => [{ autocomplete: keyCompletions }]), keyDocs, docTheme];
}

/** The Kubernetes release the schema comes from, e.g. "1.36". */
export const schemaVersion = schema.version;
