// The engine's diagnostics, one entry per root cause: diagnostics that share
// a cause (core's `cause`: one typo that several objects name) are one
// problem found at several places. A click jumps to the line.
import { h } from "./dom.js";

// Past this many places, a group lists the rest as a count.
const MAX_PLACES = 12;

/**
 * Groups diagnostics by root cause, in order of first appearance. Each group
 * is {severity, first, places}: severity is "error" when any place is one,
 * first the diagnostic that names the cause, places every diagnostic of it.
 */
export function groupDiagnostics(diagnostics) {
  const groups = [];
  const byCause = new Map();
  for (const d of diagnostics) {
    const known = d.cause ? byCause.get(d.cause) : undefined;
    if (known) {
      known.places.push(d);
      if (d.severity === "error") known.severity = "error";
      continue;
    }
    const group = { severity: d.severity, first: d, places: [d] };
    if (d.cause) byCause.set(d.cause, group);
    groups.push(group);
  }
  // Errors first: they are what stops the result.
  return [...groups.filter((g) => g.severity === "error"), ...groups.filter((g) => g.severity !== "error")];
}

/** Counts root causes by severity: {errors, warnings, infos, places} (an info is no problem: a name podsim generated, say). */
export function countCauses(diagnostics) {
  const groups = groupDiagnostics(diagnostics);
  const of = (severity) => groups.filter((g) => g.severity === severity).length;
  return { errors: of("error"), warnings: of("warning"), infos: of("info"), places: diagnostics.length };
}

/**
 * Renders the diagnostics, a group per root cause. locate(d) returns
 * {line, tab?} where a diagnostic (or {line}) is shown; tabLabel(tab), when
 * given, names another tab in the text. Without onJump (read-only text)
 * nothing is a button.
 */
export function renderDiagnostics(diagnostics, locate, onJump = null, tabLabel = null) {
  if (diagnostics.length === 0) return null;
  const place = (d) => [d.object, d.path].filter(Boolean).join(" · ") || "input";
  const lineText = (where, from) =>
    `line ${where.line}${tabLabel && where.tab && where.tab !== from?.tab ? ` of ${tabLabel(where.tab)}` : ""}`;
  return h(
    "ul",
    { class: "diagnostics", "aria-label": "Problems in the scenario" },
    groupDiagnostics(diagnostics).map(({ severity, first, places }) => {
      const where = locate(first);
      const related = first.relatedLine > 0 ? locate({ line: first.relatedLine }) : null;
      // The engine names the related line of the whole input; say where it is in the editors.
      const text = related ? first.message.replace(`line ${first.relatedLine}`, lineText(related, where)) : first.message;
      const others = places.slice(1);
      return h(
        "li",
        { class: `diagnostic ${severity}` },
        h(
          onJump ? "button" : "div",
          onJump ? { type: "button", onclick: () => onJump(where) } : { class: "diagnostic-body" },
          h("span", { class: "severity" }, severity),
          h("span", { class: "where" }, place(first), where.line > 0 ? ` · line ${where.line}` : ""),
          h("span", { class: "text" }, text),
        ),
        related && onJump ? h("div", { class: "diagnostic-more" }, h("button", { type: "button", class: "link-button", onclick: () => onJump(related) }, `Go to ${lineText(related, where)}`)) : null,
        others.length
          ? h(
              "div",
              { class: "diagnostic-more diagnostic-places" },
              h("span", {}, `Also at ${others.length} more ${others.length === 1 ? "place" : "places"}: `),
              others.slice(0, MAX_PLACES).map((d) => {
                const at = locate(d);
                const label = `${d.object || "input"}${at.line > 0 ? ` · ${lineText(at, where)}` : ""}`;
                return onJump ? h("button", { type: "button", class: "link-button place", onclick: () => onJump(at) }, label) : h("span", { class: "place" }, label);
              }),
              others.length > MAX_PLACES ? h("span", {}, ` and ${others.length - MAX_PLACES} more`) : null,
            )
          : null,
      );
    }),
  );
}
