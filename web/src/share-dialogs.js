// Sharing the scenario: the link (the scenario in the URL fragment), the
// Share dialog, and the Embed dialog's two snippets, an iframe of the whole
// playground or the docs embed, a <podsim-scenario> element.
import { LONG_LINK_CHARS, encodeShare } from "./share.js";
import { $ } from "./state.js";
import { setStatus } from "./status.js";

/** Returns this page's URL with a fragment and a query (extra, e.g. "?embed"). */
export function playgroundUrl(fragment, extra = "") {
  const url = new URL(location.href);
  url.search = extra;
  url.hash = fragment;
  return url.toString();
}

/** Copies text to the clipboard (else selects input and copies that); returns whether it did. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}

// Text for a double-quoted attribute value.
const attribute = (text) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * Returns the docs embed's snippet for an HTML page: its script, then the
 * element holding the scenario as its text.
 */
export function elementSnippet({ scriptUrl, scenario, profile, compare, readOnly }) {
  const attributes = [
    readOnly ? " readonly" : "",
    profile && profile !== "current" ? ` profile="${attribute(profile)}"` : "",
    compare ? " compare" : "",
  ].join("");
  // The scenario as the element's own text, escaped as HTML text: the
  // element reads back exactly the YAML, whatever it holds.
  const yaml = scenario.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return (
    `<script type="module" src="${attribute(scriptUrl)}"></script>\n` +
    `<podsim-scenario${attributes}>\n${yaml.endsWith("\n") ? yaml : `${yaml}\n`}</podsim-scenario>`
  );
}

/** Creates the sharing actions; scenarioText() returns the editors' scenario. */
export function createSharing(state, scenarioText) {
  function shareSettings(scenario = scenarioText()) {
    const profile = state.profiles.find((p) => p.name === state.profile);
    return { scenario, kubernetesVersion: profile?.kubernetesVersion ?? "", profile: state.profile, compare: state.compare };
  }

  /** Returns the link to a scenario (the editors' by default) with the page's settings. */
  async function shareLink(scenario) {
    return playgroundUrl(await encodeShare(shareSettings(scenario)));
  }

  /** Returns the sentence that says a loaded cluster is not in a link ("" without one). */
  function clusterNote() {
    return state.cluster ? ` The cluster (${state.cluster.name}) is not in it: only what the editors lay over it.` : "";
  }

  async function openShare() {
    const input = $("share-link");
    input.value = ""; // never show the last scenario's link while encoding
    const link = await shareLink();
    input.value = link;
    const info = $("share-info");
    info.textContent =
      `${link.length.toLocaleString("en")} characters.` +
      (link.length > LONG_LINK_CHARS ? ` Longer than ${LONG_LINK_CHARS.toLocaleString("en")}: some chat tools and browsers may cut it.` : "") +
      clusterNote();
    info.classList.toggle("warning", link.length > LONG_LINK_CHARS);
    $("share-dialog").showModal();
    input.select();
    const copied = await copyText(link, input);
    if (copied) setStatus("ok", `Link copied (${link.length.toLocaleString("en")} characters).`);
  }

  /** Copies the share link without a dialog (Ctrl+S). */
  async function copyShareLink() {
    const link = await shareLink();
    const copied = await copyText(link);
    setStatus("ok", copied ? `Share link copied (${link.length.toLocaleString("en")} characters).` : "Could not copy: use Share.");
  }

  async function openEmbed() {
    $("embed-snippet").value = "";
    const settings = shareSettings();
    const fragment = await encodeShare(settings);
    const page = new URL(location.href);
    page.search = "";
    page.hash = "";
    const scriptUrl = new URL("embed/podsim-embed.js", page).href;
    const update = () => {
      const readOnly = $("embed-readonly").checked;
      const element = $("embed-kind-element").checked;
      if (element) {
        $("embed-snippet").value = elementSnippet({ scriptUrl, ...settings, readOnly });
      } else {
        const src = playgroundUrl(fragment, readOnly ? "?embed&readonly" : "?embed");
        $("embed-snippet").value =
          `<iframe src="${src.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}" title="podsim: Kubernetes preemption" ` +
          `width="100%" height="560" style="border:0" loading="lazy"></iframe>`;
      }
      $("embed-about").textContent = element
        ? "A live result in your page, the scenario in its HTML. On a Markdown site, put the YAML in a ```yaml block " +
          "right before an empty <podsim-scenario> instead (docs/embedding.md). Read-only: no Edit."
        : "The whole playground in a frame, the scenario in its link. Read-only: the editors cannot be edited.";
    };
    for (const id of ["embed-readonly", "embed-kind-iframe", "embed-kind-element"]) $(id).onchange = update;
    update();
    $("embed-info").textContent = clusterNote().trim();
    $("embed-dialog").showModal();
  }

  return { shareLink, clusterNote, openShare, copyShareLink, openEmbed };
}
