// CodeMirror 6 editors, one per tab: YAML mode, line numbers, undo, search,
// lint markers for diagnostics, a highlighted object, a hint while empty, and
// light/dark themes. A paste can be taken away before it reaches the text.
// Tab indents with spaces, Esc then Tab leaves (CodeMirror's tab-focus mode),
// and Ctrl/Cmd+Enter is the page's: it runs, and never edits.
import { basicSetup } from "codemirror";
import { indentLess, indentMore, undoDepth } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { Annotation, Compartment, EditorSelection, EditorState, Prec, StateEffect, StateField, Transaction, countColumn } from "@codemirror/state";
import { oneDark } from "@codemirror/theme-one-dark";
import { Decoration, EditorView, keymap, placeholder } from "@codemirror/view";

import { schemaCompletion } from "./schema-completion.js";

// Marks programmatic replacements, which must not count as user edits.
const silent = Annotation.define();
const setHighlight = StateEffect.define();
const highlightField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setHighlight)) continue;
      const range = effect.value;
      if (!range) return Decoration.none;
      const doc = tr.state.doc;
      const from = doc.line(Math.min(range.fromLine, doc.lines));
      const to = doc.line(Math.min(range.toLine, doc.lines));
      const marks = [];
      for (let n = from.number; n <= to.number; n++) {
        marks.push(Decoration.line({ class: "cm-object-highlight" }).range(doc.line(n).from));
      }
      return Decoration.set(marks);
    }
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const lightTheme = EditorView.theme({}, { dark: false });

// YAML forbids tab characters in indentation, so Tab never types one: over a
// selection it indents the selected lines (by CodeMirror's indent unit, which
// is two spaces unless set, and the YAML mode sets none); at a cursor it
// inserts spaces up to the next multiple of two columns. Shift+Tab unindents.
const INDENT = 2;

function insertIndent(view) {
  const { state } = view;
  if (state.readOnly) return false;
  if (state.selection.ranges.some((range) => !range.empty)) return indentMore(view);
  const change = state.changeByRange((range) => {
    const line = state.doc.lineAt(range.head);
    const column = countColumn(line.text.slice(0, range.head - line.from), state.tabSize);
    const spaces = " ".repeat(INDENT - (column % INDENT));
    return { changes: { from: range.head, insert: spaces }, range: EditorSelection.cursor(range.head + spaces.length) };
  });
  view.dispatch(state.update(change, { scrollIntoView: true, userEvent: "input.indent" }));
  return true;
}

const tabKeys = keymap.of([{ key: "Tab", run: insertIndent, shift: indentLess }]);
// basicSetup binds Mod-Enter to "insert a blank line"; here the key does
// nothing but bubble on to the page's shortcut (page-controls.js): it runs.
const runKey = Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => true }]));

/**
 * Creates one editor per tab id inside host. onChange(tab, text) fires on
 * edits; onPointer(tab, line) when the pointer rests on a line (or null);
 * onPaste(tab, text) before a paste, which it takes over by returning true.
 * onUndoLoad(tab) when Ctrl+Z reaches the last load: the page's to undo.
 */
export function createEditors(host, tabIds, { onChange, onPointer, onPaste = () => false, onUndoLoad = () => {}, label }) {
  const theme = new Compartment();
  const readOnly = new Compartment();
  const hint = new Compartment();
  const views = {};
  // The undo depth right after each tab's last load. Below it, the history
  // holds edits to the text the load replaced: undoing them would garble it,
  // so Ctrl+Z there is the page's (it may undo the load as a whole).
  const loadDepth = {};
  const undoPastLoad = (id) => (view) => {
    if (undoDepth(view.state) > (loadDepth[id] ?? 0)) return false;
    onUndoLoad(id);
    return true;
  };
  for (const id of tabIds) {
    const wrapper = document.createElement("div");
    wrapper.className = "editor";
    wrapper.dataset.tab = id;
    wrapper.hidden = true;
    host.append(wrapper);
    views[id] = new EditorView({
      parent: wrapper,
      state: EditorState.create({
        doc: "",
        extensions: [
          basicSetup,
          tabKeys,
          runKey,
          Prec.highest(keymap.of([{ key: "Mod-z", run: undoPastLoad(id) }])),
          yaml(),
          schemaCompletion(),
          EditorView.lineWrapping,
          lintGutter(),
          highlightField,
          theme.of(lightTheme),
          hint.of([]),
          readOnly.of([EditorState.readOnly.of(false), EditorView.editable.of(true)]),
          // editor-keys (index.html) is the line under the editors that says how
          // Tab, Esc then Tab, and Ctrl+Enter work.
          EditorView.contentAttributes.of({ "aria-label": label(id), "aria-describedby": "editor-keys" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((t) => t.annotation(silent))) {
              onChange(id, update.state.doc.toString());
            }
          }),
          EditorView.domEventHandlers({
            mousemove(event, view) {
              const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
              onPointer(id, pos === null ? null : view.state.doc.lineAt(pos).number);
            },
            mouseleave() {
              onPointer(id, null);
            },
            paste(event) {
              const text = event.clipboardData?.getData("text/plain") ?? "";
              if (!text || !onPaste(id, text)) return false;
              event.preventDefault();
              return true;
            },
          }),
        ],
      }),
    });
  }
  return {
    views,
    show(id) {
      for (const [tab, view] of Object.entries(views)) view.dom.parentElement.hidden = tab !== id;
    },
    getText: (id) => views[id].state.doc.toString(),
    /** Replaces a tab's text without firing onChange. */
    setText(id, text) {
      const view = views[id];
      if (view.state.doc.toString() === text) return;
      // Loads are not edits: they fire no onChange and cannot be undone.
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        annotations: [silent.of(true), Transaction.addToHistory.of(false)],
      });
      loadDepth[id] = undoDepth(view.state);
    },
    /** diagnostics: [{line, severity (error, warning or info), message}] (1-based lines). */
    setDiagnostics(id, diagnostics) {
      const view = views[id];
      const doc = view.state.doc;
      const marks = diagnostics.map((d) => {
        const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
        const severity = d.severity === "error" || d.severity === "info" ? d.severity : "warning";
        return { from: line.from, to: line.to, severity, message: d.message };
      });
      view.dispatch(setDiagnostics(view.state, marks));
    },
    highlight(id, range) {
      for (const [tab, view] of Object.entries(views)) {
        view.dispatch({ effects: setHighlight.of(tab === id ? range : null) });
      }
    },
    scrollToLine(id, line) {
      const view = views[id];
      const target = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
      view.dispatch({ selection: { anchor: target.from }, effects: EditorView.scrollIntoView(target.from, { y: "center" }) });
      view.focus();
    },
    /** Shows hints[id] in each empty editor (no hints when null). */
    setPlaceholders(hints) {
      for (const [tab, view] of Object.entries(views)) {
        view.dispatch({ effects: hint.reconfigure(hints?.[tab] ? placeholder(hints[tab]) : []) });
      }
    },
    setDark(dark) {
      for (const view of Object.values(views)) view.dispatch({ effects: theme.reconfigure(dark ? oneDark : lightTheme) });
    },
    setReadOnly(value) {
      for (const view of Object.values(views)) {
        view.dispatch({ effects: readOnly.reconfigure([EditorState.readOnly.of(value), EditorView.editable.of(!value)]) });
      }
    },
  };
}
