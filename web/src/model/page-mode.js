// The mode the page's URL asks for: an embed in another page (read-only,
// some panels, a theme) and the step the timeline opens at.

/** The result's panels an embed can leave out (the verdicts always show). */
export const EMBED_PANELS = ["victims", "picture", "timeline", "selection", "nodes"];

/**
 * Returns {embed, readOnly, panels, theme, step}: ?embed shows the page in
 * another one; with it, readonly locks its editors, panels=victims,picture
 * names the panels shown (null: all of them; unknown names are ignored) and
 * theme=light|dark fixes the theme (null: the reader's). On any page,
 * step=N opens the timeline at attempt N (null: absent or not a whole
 * number; past the last step it opens at the end).
 */
export function pageMode(search = location.search) {
  const params = new URLSearchParams(search);
  const embed = params.has("embed");
  const listed = embed && params.has("panels") ? params.get("panels").split(",") : null;
  const theme = embed ? params.get("theme") : null;
  return {
    embed,
    readOnly: embed && params.has("readonly"),
    panels: listed && new Set(listed.filter((p) => EMBED_PANELS.includes(p))),
    theme: theme === "light" || theme === "dark" ? theme : null,
    step: /^\d{1,9}$/.test(params.get("step") ?? "") ? Number(params.get("step")) : null,
  };
}
