// Copy as Markdown: an issue-ready report of the scenario and the result of
// its latest run, with the share link (none when the scenario is too large
// for a link the page opens). wasm/report.mjs formats it (pure formatting,
// shared with `podsim run --markdown`); with a variant B, the report is of the
// variant shown, followed by `podsim diff`'s report of A and B.
import { formatDiff, formatMarkdown } from "../../../wasm/report.mjs";
import { setStatus } from "../views/status.js";
import { copyText } from "./share-dialogs.js";

// The diff of variants A and B as a fenced block (longer than any run of
// backticks in it: names come from the YAML).
function variantSection(diff, shown) {
  const text = formatDiff(diff, { a: "A", b: "B" });
  const fence = "`".repeat(Math.max(3, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return `\n### Variants A and B\n\nThe report above is of variant ${shown.toUpperCase()}; the link holds both.\n\n${fence}text\n${text}\n${fence}\n`;
}

/**
 * Creates the copy of the runs' latest result (app/runs.js), over the
 * cluster mode (cluster-mode.js: the cluster's name); sharing is
 * share-dialogs.js's API (for the link).
 */
export function createMarkdownCopy({ runs, clusterMode }, sharing) {
  async function copyMarkdown() {
    const result = runs.result();
    const run = runs.resultRun();
    if (!result || !run) {
      setStatus("error", "Nothing to report yet: wait for the first result.");
      return;
    }
    // The text the result answers, which the editors may have moved past.
    const scenario = run.text;
    // With a variant B, the link carries both variants; the report, the one shown.
    const { link, refused } = await sharing.linkFor(run.variants?.a ?? scenario, run.variants?.b ?? null);
    const shown = result === runs.shown();
    const variantDiff = shown && run.variants ? runs.variantDiff() : null;
    const markdown =
      formatMarkdown(result, {
        shareLink: link,
        scenario,
        comparison: shown ? runs.comparison() : null,
        clusterName: clusterMode.clusterName() ?? "",
      }).replace(/\n*$/, "\n") + (variantDiff ? variantSection(variantDiff, run.editing) : "");
    // Without the Clipboard API (an http: page, a denied permission), the
    // old way: a selected textarea and the copy command.
    const area = Object.assign(document.createElement("textarea"), { value: markdown, className: "visually-hidden" });
    document.body.append(area);
    const copied = await copyText(markdown, area);
    area.remove();
    const characters = `${markdown.length.toLocaleString("en")} characters`;
    if (!copied) {
      setStatus("error", "Could not copy the Markdown report: the browser refused the clipboard.");
    } else if (refused) {
      setStatus("ok", `Copied a Markdown report (${characters}) without a link: the scenario is too large for one. Attach the scenario (Export → Download the scenario) instead.`);
    } else {
      setStatus("ok", `Copied a Markdown report (${characters}).`);
    }
  }

  return { copyMarkdown };
}
