// Light and dark: the OS's scheme until the person chooses, then their choice.
import { STORAGE_THEME, storage } from "../model/storage.js";
import { $ } from "../views/dom.js";

/**
 * Follows the OS's scheme, or the saved choice, and wires the toggle; editors
 * turn dark too. fixed ("light" or "dark", an embed's theme=) is kept and
 * neither saved nor followed.
 */
export function setupTheme(editors, fixed = null) {
  const apply = (theme) => {
    document.documentElement.dataset.theme = theme;
    editors.setDark(theme === "dark");
    $("theme").setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
  };
  if (fixed) {
    apply(fixed);
    $("theme").hidden = true;
    return;
  }
  const media = matchMedia("(prefers-color-scheme: dark)");
  apply(storage.get(STORAGE_THEME) ?? (media.matches ? "dark" : "light"));
  media.addEventListener("change", (e) => {
    if (!storage.get(STORAGE_THEME)) apply(e.matches ? "dark" : "light");
  });
  $("theme").addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    storage.set(STORAGE_THEME, next);
    apply(next);
  });
}
