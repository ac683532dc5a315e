// The two places the page speaks: the status line above the result, and a
// banner above the page for what needs reading.
import { h, mount } from "./dom.js";
import { $ } from "./state.js";

/** Sets the status line; kind is "ok" or "error". */
export function setStatus(kind, text) {
  const el = $("status");
  el.className = `status status-${kind}`;
  el.textContent = text;
}

/** Shows a message (text, or text and elements) above the page. */
export function showBanner(message) {
  const el = $("banner");
  mount(el, h("span", {}, message), h("button", { type: "button", "aria-label": "Dismiss", onclick: () => (el.hidden = true) }, "×"));
  el.hidden = false;
}
