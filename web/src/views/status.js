// The two places the page speaks: the status line above the result, and a
// banner above the page for what needs reading.
import { $, h, mount } from "./dom.js";

/** Sets the status line; kind is "ok" or "error"; after the text, each action ({label, run}) as a button. */
export function setStatus(kind, text, actions = []) {
  const el = $("status");
  el.className = `status status-${kind}`;
  mount(el, text, actions.map(({ label, run }) => [" ", h("button", { type: "button", class: "link-button status-action", onclick: run }, label)]));
}

/**
 * Shows a message (text, or text and elements) above the page, and after it
 * each action as a button ({label, run}) that runs it and closes the banner.
 */
export function showBanner(message, actions = []) {
  const el = $("banner");
  const buttons = actions.map(({ label, run }) =>
    h("button", { type: "button", class: "link-button banner-action", onclick: () => ((el.hidden = true), run()) }, label),
  );
  mount(
    el,
    h("span", {}, message, buttons.length ? " " : null, buttons),
    h("button", { type: "button", "aria-label": "Dismiss", onclick: () => (el.hidden = true) }, "×"),
  );
  el.hidden = false;
}

/** Hides the banner. */
export function hideBanner() {
  $("banner").hidden = true;
}
