// The engine's and the YAML parser's diagnostics; a click jumps to the line.
import { h } from "../dom.js";

/** Renders the diagnostics; without onJump (read-only text) they are not buttons. */
export function renderDiagnostics(diagnostics, locate, onJump = null) {
  if (diagnostics.length === 0) return null;
  return h(
    "ul",
    { class: "diagnostics", "aria-label": "Problems in the scenario" },
    diagnostics.map((d) => {
      const where = locate(d);
      return h(
        "li",
        { class: `diagnostic ${d.severity}` },
        h(
          onJump ? "button" : "div",
          onJump ? { type: "button", onclick: () => onJump(where) } : { class: "diagnostic-body" },
          h("span", { class: "severity" }, d.severity),
          h("span", { class: "where" }, [d.object, d.path].filter(Boolean).join(" · ") || "input", where.line > 0 ? ` · line ${where.line}` : ""),
          h("span", { class: "text" }, d.message),
        ),
      );
    }),
  );
}
