// <podsim-scenario>: podsim's live result in a docs page. A page includes
// this one module script and writes
//   <podsim-scenario> ...YAML... </podsim-scenario>
// (or puts the element after a ```yaml block; embed-source.js reads it).
// Each element waits until it scrolls into view, has the page's one engine
// worker (embed-engine.js, the playground's runner) simulate its scenario,
// and renders what the engine returns with the playground's views, in its
// own shadow root. The attributes are described in docs/embedding.md.
import { defaultFocus } from "../model/focus.js";
import { RUN_DELAY_MS, pickResult } from "../model/runner.js";
import { encodeShare } from "../model/share.js";
import { renderDiagnostics } from "../views/diagnostics.js";
import { differencesByPod, renderDifferences } from "../views/differences.js";
import { h, mount, plural } from "../views/dom.js";
import { renderPicture } from "../views/picture.js";
import { ATTEMPT_PAGE, renderVerdicts } from "../views/verdicts.js";
import { renderVictims } from "../views/victims.js";
import { runEngine, scriptUrl } from "./embed-engine.js";
import { readScenario } from "./embed-source.js";
import css from "./embed.css?inline";

/** The parts show="..." can name. */
export const PARTS = ["yaml", "verdicts", "messages", "differences", "victims", "picture", "warnings"];
const DEFAULT_PARTS = ["verdicts", "messages", "victims"];
const PICTURE_HEIGHT = 120; // px for a node's whole allocatable
const AHEAD = "200px 0px"; // an element starts this far before it scrolls into view

const ACTIVATE = Symbol("activate");

// One observer for every element: each starts once, when first near the view.
const observer =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            entry.target[ACTIVATE]();
          }
        },
        { rootMargin: AHEAD },
      )
    : null;

let sheet = null;

// The stylesheet, shared by every shadow root; a <style> where constructed
// sheets are missing.
function adoptStyles(root) {
  if (typeof CSSStyleSheet === "function" && "adoptedStyleSheets" in root) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(h("style", {}, css));
  }
}

// Keys typed in the editor stay in it. Out of the shadow root, a key event's
// target is the element, not the text area, so the page's shortcuts would
// take them: "/" opens VitePress's search (and is never typed), n and p go
// to MkDocs' next and previous page. Ctrl and Cmd combinations still reach
// the page, as they do from its own fields.
function keepTyping(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) event.stopPropagation();
}

function errorCount(result) {
  return result.diagnostics.filter((d) => d.severity === "error").length;
}

// The offsets of a 1-based line in text: [start, end).
function lineRange(text, line) {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", start);
    if (next < 0) break;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return [start, end < 0 ? text.length : end];
}

export class PodsimScenario extends HTMLElement {
  static observedAttributes = ["src", "profile", "compare", "show", "readonly", "playground", "theme", "caption"];

  #els = null; // the shadow root's fixed elements
  #started = false;
  #original = null; // the scenario as read
  #text = null; // the scenario as simulated (edited, maybe)
  #run = 0; // the latest run's number: older answers are dropped
  #timer = null;
  #latest = null; // {result, comparison} of the latest run
  #shown = null; // {result, comparison}: the latest without errors
  #problem = null; // a message when the scenario could not be read or run
  #focus = 0;
  #resource = "cpu";
  #attemptsShown = ATTEMPT_PAGE;
  #linkRun = 0;

  connectedCallback() {
    if (!this.#els) this.#build();
    if (this.#started) return;
    if (observer) observer.observe(this);
    else this[ACTIVATE]();
  }

  disconnectedCallback() {
    observer?.unobserve(this);
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#els || before === after) return;
    if (name === "src") {
      if (this.#started) this.#load();
    } else if (name === "profile" || name === "compare") {
      if (this.#text !== null) this.#runNow();
    } else {
      if (name === "readonly" && this.#flag("readonly")) this.#toggleEditor(false);
      if (name === "playground") this.#updateLink();
      this.#render();
    }
  }

  /** The scenario's YAML as simulated; setting it simulates the new text. */
  get yaml() {
    return this.#text ?? "";
  }

  set yaml(text) {
    this.#original = this.#text = String(text ?? "");
    if (this.#els) this.#els.textarea.value = this.#text;
    if (this.#started) this.#runNow();
  }

  // Starts the element: reads its scenario and simulates it.
  [ACTIVATE]() {
    if (this.#started) return;
    this.#started = true;
    if (this.#text !== null) this.#runNow();
    else this.#load();
  }

  #flag(name) {
    return this.hasAttribute(name) && this.getAttribute(name) !== "false";
  }

  #profile() {
    return (this.getAttribute("profile") ?? "").trim();
  }

  #parts() {
    const named = this.getAttribute("show");
    if (named === null) return new Set([...DEFAULT_PARTS, ...(this.#flag("compare") ? ["differences"] : [])]);
    return new Set(named.split(/[\s,]+/).filter((p) => PARTS.includes(p)));
  }

  #build() {
    const root = this.attachShadow({ mode: "open" });
    adoptStyles(root);
    const els = {};
    els.source = h("pre", { class: "source", hidden: true, "aria-label": "Scenario" });
    els.textarea = h("textarea", {
      "aria-label": "Scenario YAML",
      spellcheck: "false",
      autocapitalize: "off",
      autocomplete: "off",
      wrap: "off",
      oninput: () => this.#edited(),
      onkeydown: (event) => {
        keepTyping(event);
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          this.#runNow();
        }
      },
      onkeypress: keepTyping,
      onkeyup: keepTyping,
    });
    els.editor = h(
      "div",
      { class: "editor", hidden: true },
      els.textarea,
      h("p", { class: "hint" }, "The result follows as you type (Ctrl+Enter runs at once); Reset brings back the original."),
    );
    els.status = h("p", { class: "status", role: "status" }, "Simulating…");
    els.diagnostics = h("div", { class: "diagnostics-area" });
    els.body = h("div", { class: "body" });
    els.about = h("span", { class: "about" });
    els.reset = h("button", { type: "button", class: "reset", hidden: true, onclick: () => this.#reset() }, "Reset");
    els.edit = h(
      "button",
      { type: "button", class: "edit", "aria-expanded": "false", onclick: () => this.#toggleEditor(els.editor.hidden) },
      "Edit",
    );
    els.open = h("a", { class: "open", target: "_blank", rel: "noopener", hidden: true }, "Open in playground ↗");
    els.frame = h(
      "div",
      { class: "frame", part: "frame" },
      h("div", { class: "content" }, els.source, els.editor, els.status, els.diagnostics, els.body),
      h("div", { class: "bar" }, h("span", { class: "brand" }, "podsim"), els.about, els.reset, els.edit, els.open),
    );
    root.append(els.frame);
    els.textarea.value = this.#text ?? ""; // set through yaml before the element was connected
    this.#els = els;
    this.#render();
  }

  async #load() {
    const run = ++this.#run;
    this.#problem = null;
    try {
      const { text } = await readScenario(this);
      if (run !== this.#run) return;
      this.#original = this.#text = text;
    } catch (error) {
      if (run !== this.#run) return;
      this.#original = this.#text = "";
      this.#problem = `This scenario could not be read: ${error.message}.`;
      this.#render();
      return;
    }
    this.#els.textarea.value = this.#text;
    this.#runNow();
  }

  #runNow() {
    clearTimeout(this.#timer);
    const run = ++this.#run;
    const compare = this.#flag("compare");
    this.#els.frame.classList.add("busy");
    this.#updateLink();
    runEngine({ kind: compare ? "compare" : "simulate", text: this.#text, profile: this.#profile() }).then(
      (data) => this.#onResult(run, data),
      (error) => this.#onFailure(run, error),
    );
  }

  #onResult(run, data) {
    if (run !== this.#run) return;
    this.#els.frame.classList.remove("busy");
    this.#problem = null;
    // The comparison holds one result per profile; the one asked for is shown.
    const latest = pickResult(data, { profile: this.#profile() });
    this.#latest = latest;
    if (errorCount(latest.result) === 0 || !this.#shown) {
      // The focused attempt stays focused while it is the same pod's.
      const focused = this.#shown?.result.pods[this.#focus]?.pod ?? null;
      this.#shown = latest;
      if (latest.result.pods[this.#focus]?.pod !== focused) this.#focus = defaultFocus(latest.result);
    }
    this.#render();
    this.#updateLink();
  }

  #onFailure(run, error) {
    if (run !== this.#run) return;
    this.#els.frame.classList.remove("busy");
    this.#problem = `The engine failed: ${error.message.replace(/[\s.]+$/, "")}.`;
    this.#render();
  }

  #edited() {
    this.#text = this.#els.textarea.value;
    this.#els.frame.classList.add("busy");
    this.#els.reset.hidden = this.#text === this.#original;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#runNow(), RUN_DELAY_MS);
  }

  #reset() {
    this.#text = this.#original;
    this.#els.textarea.value = this.#text;
    this.#runNow();
    this.#render();
  }

  #toggleEditor(open) {
    const { editor, edit, textarea } = this.#els;
    if (open && this.#flag("readonly")) return;
    editor.hidden = !open;
    edit.setAttribute("aria-expanded", String(open));
    edit.textContent = open ? "Close editor" : "Edit";
    if (open) {
      const lines = (this.#text ?? "").split("\n").length;
      textarea.rows = Math.min(18, Math.max(6, lines));
      textarea.focus({ preventScroll: true });
    }
    this.#render();
  }

  // Opens the editor with the diagnostic's line selected.
  #jumpTo(line) {
    this.#toggleEditor(true);
    const { textarea } = this.#els;
    if (line > 0) {
      const [start, end] = lineRange(textarea.value, line);
      textarea.setSelectionRange(start, end);
      const height = parseFloat(getComputedStyle(textarea).lineHeight) || 18;
      textarea.scrollTop = Math.max(0, (line - 3) * height);
    }
    textarea.focus();
  }

  #focusPod(pod) {
    const i = this.#shown?.result.pods.findIndex((a) => a.pod === pod) ?? -1;
    if (i < 0) return;
    this.#focus = i;
    this.#attemptsShown = Math.max(this.#attemptsShown, i + 1);
    this.#render();
  }

  // The link to the playground: its page (the playground attribute, else the
  // one shipped beside this script) with the scenario as a share fragment.
  async #updateLink() {
    const run = ++this.#linkRun;
    if (this.#text === null) return;
    const result = this.#latest?.result;
    let fragment = "";
    try {
      fragment = await encodeShare({
        scenario: this.#text,
        kubernetesVersion: result?.kubernetesVersion ?? "",
        profile: this.#profile() || result?.profile || "current",
        compare: this.#flag("compare"),
      });
    } catch {
      // No CompressionStream: the link opens the playground on its default.
    }
    if (run !== this.#linkRun) return;
    const fallback = new URL("../index.html", scriptUrl);
    let url;
    try {
      url = new URL(this.getAttribute("playground")?.trim() || fallback, document.baseURI);
    } catch {
      url = fallback;
    }
    url.hash = fragment;
    this.#els.open.href = url.href;
    this.#els.open.hidden = false;
  }

  #status() {
    if (this.#problem) return { text: this.#problem, error: true };
    const latest = this.#latest?.result;
    if (!latest) return { text: this.#started ? "Simulating…" : "Simulated when it scrolls into view.", error: false };
    const errors = errorCount(latest);
    if (errors === 0) return null;
    const stale = this.#shown.result !== latest;
    return {
      text: `${plural(errors, "error")} in the scenario${stale ? ": showing the last good result, dimmed." : "."}`,
      error: true,
    };
  }

  #render() {
    const els = this.#els;
    const parts = this.#parts();
    const readOnly = this.#flag("readonly");
    const editing = !els.editor.hidden;
    els.frame.classList.toggle("show-messages", parts.has("messages"));
    els.edit.hidden = readOnly;
    els.reset.hidden = readOnly || this.#text === this.#original;
    els.source.hidden = !parts.has("yaml") || editing || !this.#text;
    els.source.textContent = this.#text ?? "";

    const status = this.#status();
    els.status.hidden = !status;
    els.status.textContent = status?.text ?? "";
    els.status.classList.toggle("error", Boolean(status?.error));

    const latest = this.#latest?.result ?? null;
    const diagnostics = (latest?.diagnostics ?? []).filter((d) => d.severity === "error" || parts.has("warnings"));
    mount(
      els.diagnostics,
      renderDiagnostics(diagnostics, (d) => ({ line: d.line }), readOnly ? null : (where) => this.#jumpTo(where.line)),
    );

    const shown = this.#shown;
    els.body.classList.toggle("stale", Boolean(shown && (shown !== this.#latest || this.#problem)));
    els.about.textContent = shown ? this.#about(shown) : "";
    const refocus = els.body.contains(this.shadowRoot.activeElement) && this.shadowRoot.activeElement.matches(".attempt-head");
    // A first result with errors and no pod says nothing the diagnostics do not.
    const empty = !shown || (errorCount(shown.result) > 0 && shown.result.pods.length === 0);
    mount(els.body, empty ? null : this.#panels(shown, parts));
    if (refocus) els.body.querySelector(".attempt-head[aria-pressed=true]")?.focus();
  }

  #about({ result, comparison }) {
    const version = `kube-scheduler v${result.kubernetesVersion}`;
    if (!comparison) return result.profile === "current" ? version : `${version} (profile ${result.profile})`;
    const other = comparison.profiles.find((p) => p.name !== result.profile) ?? comparison.profiles[1];
    return `${version} · compared with ${other.name}`;
  }

  #panels({ result, comparison }, parts) {
    const attempt = result.pods[this.#focus] ?? null;
    // The author's caption, while the scenario is still theirs (an edit can contradict it).
    const caption = (this.getAttribute("caption") ?? "").trim();
    return [
      caption && this.#text === this.#original ? h("p", { class: "lesson" }, caption) : null,
      parts.has("verdicts")
        ? renderVerdicts(
            result,
            this.#focus,
            (i) => {
              this.#focus = i;
              this.#render();
            },
            this.#attemptsShown,
            (shown) => {
              this.#attemptsShown = shown;
              this.#render();
            },
            differencesByPod(comparison),
            // The element has no editors to show a warning's line in.
            { effectLinks: false },
          )
        : null,
      parts.has("differences") ? renderDifferences(comparison, (pod) => this.#focusPod(pod)) : null,
      parts.has("victims") ? renderVictims(attempt) : null,
      parts.has("picture")
        ? renderPicture(
            result,
            this.#resource,
            (resource) => {
              this.#resource = resource;
              this.#render();
            },
            { height: PICTURE_HEIGHT },
          )
        : null,
    ];
  }
}

if (!customElements.get("podsim-scenario")) customElements.define("podsim-scenario", PodsimScenario);
