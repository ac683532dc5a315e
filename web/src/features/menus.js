// The header's menus (the gallery, Export, Compare): a button that shows
// and hides a list of buttons under it, the disclosure pattern. The button
// says whether the list is open (aria-expanded); opened, the keyboard goes to
// the list's first button, the arrow keys, Home and End move in it, Escape
// closes it and goes back to the button, and a choice, a click elsewhere or
// the keyboard leaving the list closes it too.
import { $ } from "../views/dom.js";

// The list's buttons a person can choose now.
const itemsOf = (list) => [...list.querySelectorAll("button")].filter((b) => !b.disabled && !b.hidden);

/** Wires the menu whose button is $(buttonId); returns {close}. */
export function setupMenu(buttonId) {
  const button = $(buttonId);
  const list = $(button.getAttribute("aria-controls"));
  const isOpen = () => button.getAttribute("aria-expanded") === "true";

  function open() {
    for (const other of document.querySelectorAll('.menu-button[aria-expanded="true"]')) {
      if (other !== button) other.dispatchEvent(new CustomEvent("menu-close"));
    }
    button.setAttribute("aria-expanded", "true");
    list.hidden = false;
    (list.querySelector('[aria-current="true"]:not(:disabled)') ?? itemsOf(list)[0])?.focus();
  }

  function close(refocus = false) {
    if (!isOpen()) return;
    button.setAttribute("aria-expanded", "false");
    list.hidden = true;
    if (refocus) button.focus();
  }

  function move(event) {
    const items = itemsOf(list);
    const at = items.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined || items.length === 0) return;
    event.preventDefault();
    items[(to + items.length) % items.length].focus();
  }

  button.addEventListener("click", () => (isOpen() ? close() : open()));
  button.addEventListener("menu-close", () => close());
  button.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && !isOpen()) {
      event.preventDefault();
      open();
    }
  });
  list.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else {
      move(event);
    }
  });
  // A choice closes the list first: the keyboard is back on the menu's
  // button when the choice opens a dialog (which gives it back there).
  list.addEventListener("click", (event) => event.target.closest("button") && close(true), { capture: true });
  document.addEventListener("pointerdown", (event) => {
    if (isOpen() && !button.contains(event.target) && !list.contains(event.target)) close();
  });
  list.addEventListener("focusout", (event) => {
    if (isOpen() && event.relatedTarget && !list.contains(event.relatedTarget) && event.relatedTarget !== button) close();
  });
  return { close };
}
