// Builds DOM from plain data, and finds the page's elements. Text is always
// set as text, never as HTML: names from YAML are untrusted.

/** Returns the page's element with this id. */
export const $ = (id) => document.getElementById(id);

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") Object.assign(el.style, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replaces the children of el. */
export function mount(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "default/web" -> "web" when the namespace is default. */
export function shortName(key) {
  return key.startsWith("default/") ? key.slice("default/".length) : key;
}

/**
 * A long table's rows: the first `shown` built, and a button ("Show 4 more
 * victims") that adds the rest to the table's body when asked for. Returns
 * [rows, button or null]; the button goes after the table.
 */
export function rowsWithMore(items, renderRow, { shown, what }) {
  const rest = items.slice(shown);
  if (rest.length === 0) return [items.map(renderRow), null];
  const button = h("button", { type: "button", class: "more" }, `Show ${rest.length.toLocaleString("en")} more ${what}`);
  button.addEventListener("click", () => {
    button.previousElementSibling.querySelector("tbody").append(...rest.map(renderRow));
    button.remove();
  });
  return [items.slice(0, shown).map(renderRow), button];
}
