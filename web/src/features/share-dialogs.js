// Sharing the scenario: the link (the scenario in the URL fragment, with a
// loaded cluster small enough to go too), the Share dialog, and the Embed dialog's two snippets, an iframe of the whole
// playground or the docs embed, a <podsim-scenario> element. A link the page
// itself would refuse (share.js's limits) is never copied: the dialog says
// so and offers the scenario as a file instead.
import { CLUSTER_LINK_CHARS, LONG_LINK_CHARS, MAX_DECODED_BYTES, MAX_FRAGMENT_CHARS, decodeShare, encodeShare } from "../model/share.js";
import { $ } from "../views/dom.js";
import { setStatus } from "../views/status.js";

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
export function elementSnippet({ scriptUrl, scenario, profile, compare, readOnly, caption = "", theme = "", show = "" }) {
  const attributes = [
    readOnly ? " readonly" : "",
    profile && profile !== "current" ? ` profile="${attribute(profile)}"` : "",
    compare ? " compare" : "",
    caption ? ` caption="${attribute(caption)}"` : "",
    theme ? ` theme="${theme}"` : "",
    show ? ` show="${show}"` : "",
  ].join("");
  // The scenario as the element's own text, escaped as HTML text: the
  // element reads back exactly the YAML, whatever it holds.
  const yaml = scenario.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return (
    `<script type="module" src="${attribute(scriptUrl)}"></script>\n` +
    `<podsim-scenario${attributes}>\n${yaml.endsWith("\n") ? yaml : `${yaml}\n`}</podsim-scenario>`
  );
}

/**
 * Returns the iframe snippet for a playground URL (src, with ?embed): the
 * frame, and with resize the script that sets its height to what the
 * frame reports ({type: "podsim:height"}, from origin only).
 */
export function iframeSnippet({ src, height, resize }) {
  const frame =
    `<iframe src="${attribute(src)}" title="podsim: Kubernetes preemption" ` +
    `width="100%" height="${height}" style="border:0" loading="lazy"${resize ? " data-podsim-resize" : ""}></iframe>`;
  if (!resize) return frame;
  const origin = new URL(src).origin;
  return (
    `${frame}\n<script>\n` +
    `addEventListener("message", (e) => {\n` +
    `  if (e.origin !== ${JSON.stringify(origin)} || e.data?.type !== "podsim:height") return;\n` +
    `  const height = Math.min(Math.max(Number(e.data.height) || 0, 100), 20000);\n` +
    `  for (const f of document.querySelectorAll("iframe[data-podsim-resize]")) if (f.contentWindow === e.source) f.style.height = height + "px";\n` +
    `});\n</script>`
  );
}

const count = (n) => n.toLocaleString("en");

const tooLarge = (why) =>
  `This scenario is too large for a link: ${why}. Download the scenario (YAML) to share it as a file: it opens here with "open a file…" or dropped on the page.`;

// Returns why the page would refuse a fragment of scenario, with the
// numbers, or "" when it opens it: the page's own check on its own link.
async function refusal(fragment, scenario) {
  if (fragment.length > MAX_FRAGMENT_CHARS) {
    return tooLarge(`its link would be ${count(fragment.length)} characters; the page opens links of up to ${count(MAX_FRAGMENT_CHARS)}`);
  }
  try {
    await decodeShare(fragment);
    return "";
  } catch {
    const mib = (new Blob([scenario]).size / 1048576).toFixed(1);
    return tooLarge(`it is ${mib} MiB; a link holds up to ${MAX_DECODED_BYTES / 1048576} MiB of scenario`);
  }
}

/**
 * Creates the sharing actions over what the page shows: the profiles
 * (profiles.js), the session (session.js: the caption), the cluster mode
 * (cluster-mode.js), the runs (app/runs.js: the shown result) and the result
 * view (result-view.js: the timeline's step). scenarioText() returns the
 * editors' scenario (variant A, with a variant B), variantBText() variant
 * B's (null without).
 */
export function createSharing({ profiles, session, clusterMode, runs, view }, scenarioText, variantBText = () => null) {
  function shareSettings(scenario = scenarioText(), variantB = variantBText()) {
    const name = profiles.profile();
    const profile = profiles.list().find((p) => p.name === name);
    return { scenario, kubernetesVersion: profile?.kubernetesVersion ?? "", profile: name, compare: profiles.compare(), caption: session.caption(), variantB };
  }

  /**
   * Returns {fragment, withCluster} for share settings: over a loaded
   * cluster small enough for a link (cluster-mode.js sets its link), the
   * cluster goes too while the whole fragment stays within
   * CLUSTER_LINK_CHARS; else the settings alone.
   */
  async function fragmentFor(settings) {
    const cluster = clusterMode.clusterLink();
    if (cluster && settings.variantB === null) {
      const fragment = await encodeShare({ ...settings, cluster });
      if (fragment.length <= CLUSTER_LINK_CHARS) return { fragment, withCluster: true };
    }
    return { fragment: await encodeShare(settings), withCluster: false };
  }

  /**
   * Returns {link, refused, withCluster} for a scenario and its variant B
   * (the editors' by default) with the page's settings: the link, or "" and
   * why the page would not open it; withCluster: the loaded cluster is in it.
   */
  async function linkFor(scenario = scenarioText(), variantB = variantBText()) {
    const { fragment, withCluster } = await fragmentFor(shareSettings(scenario, variantB));
    const refused = await refusal(fragment, scenario);
    return { link: refused ? "" : playgroundUrl(fragment), refused, withCluster };
  }

  /**
   * Returns {link, refused} for a scenario that stands alone (a minimal
   * reproduction): no cluster, no variant B, no comparison; caption (the
   * lesson it opens with) replaces the page's.
   */
  async function standaloneLink(scenario, caption) {
    const fragment = await encodeShare({ ...shareSettings(scenario, null), compare: false, caption });
    const refused = await refusal(fragment, scenario);
    return { link: refused ? "" : playgroundUrl(fragment), refused };
  }

  /** Returns the link to a scenario (the editors' by default) with the page's settings; "" if too large for one. */
  async function shareLink(scenario) {
    return (await linkFor(scenario)).link;
  }

  /** Returns the sentence that says whether a loaded cluster is in a link ("" without one). */
  function clusterNote(withCluster = false) {
    const name = clusterMode.clusterName();
    if (name === null) return "";
    return withCluster
      ? ` The cluster (${name}) is in it too, with your change laid over it: the link opens both.`
      : ` The cluster (${name}) is not in it: only what the editors lay over it.`;
  }

  // Shows the Share dialog for a link, or for why there is none.
  function showShare({ link, refused, withCluster }) {
    const input = $("share-link");
    input.value = link;
    for (const id of ["share-link", "share-link-label", "share-copy"]) $(id).hidden = Boolean(refused);
    $("share-download").hidden = !refused;
    const info = $("share-info");
    info.textContent = refused
      ? refused + clusterNote()
      : `${count(link.length)} characters.` +
        (link.length > LONG_LINK_CHARS ? ` Longer than ${count(LONG_LINK_CHARS)}: some chat tools and browsers may cut it.` : "") +
        (shareSettings().variantB !== null ? " Both variants are in the link: it opens on variant A, whichever one you are looking at." : "") +
        clusterNote(withCluster);
    info.classList.toggle("warning", Boolean(refused) || link.length > LONG_LINK_CHARS);
    if (!$("share-dialog").open) $("share-dialog").showModal();
    if (refused) $("share-download").focus();
    else input.select();
  }

  async function openShare() {
    $("share-link").value = ""; // never show the last scenario's link while encoding
    const shared = await linkFor();
    showShare(shared);
    if (shared.refused) {
      setStatus("error", "Not copied: the scenario is too large for a link.");
      return;
    }
    const copied = await copyText(shared.link, $("share-link"));
    if (copied) setStatus("ok", `Link copied (${count(shared.link.length)} characters).`);
  }

  /** Copies the share link without a dialog (Ctrl+S); a scenario too large for one gets the dialog, which says so. */
  async function copyShareLink() {
    const shared = await linkFor();
    if (shared.refused) {
      showShare(shared);
      setStatus("error", "Not copied: the scenario is too large for a link.");
      return;
    }
    const copied = await copyText(shared.link);
    setStatus("ok", copied ? `Share link copied (${count(shared.link.length)} characters).` : "Could not copy: use Share.");
  }

  async function openEmbed() {
    $("embed-snippet").value = "";
    const settings = shareSettings();
    $("embed-caption").value = settings.caption;
    const page = new URL(location.href);
    page.search = "";
    page.hash = "";
    const scriptUrl = new URL("embed/podsim-embed.js", page).href;
    let fragment = await encodeShare(settings);
    let encoded = settings.caption;
    let latest = 0;
    const update = async () => {
      const ticket = ++latest;
      const caption = $("embed-caption").value.trim();
      if (caption !== encoded) {
        const next = await encodeShare({ ...settings, caption });
        if (ticket !== latest) return; // a later change is on its way
        fragment = next;
        encoded = caption;
      }
      const readOnly = $("embed-readonly").checked;
      const element = $("embed-kind-element").checked;
      const theme = $("embed-theme").value;
      const panels = [...document.querySelectorAll("input[name=embed-panel]:checked")].map((input) => input.value);
      $("embed-height-label").hidden = $("embed-resize-label").hidden = $("embed-step-label").hidden = element;
      if (element) {
        // The element's parts: its verdicts and messages, and of the panels those it has.
        const show = ["verdicts", "messages", ...(settings.compare ? ["differences"] : []), ...panels.filter((p) => p === "victims" || p === "picture")].join(",");
        $("embed-snippet").value = elementSnippet({ scriptUrl, ...settings, caption, readOnly, theme, show });
      } else {
        // ?step=N opens the iframe where the timeline stands.
        const step = $("embed-step").checked ? `step=${view.timelineStep()}` : "";
        const query = ["embed", readOnly ? "readonly" : "", `panels=${panels.join(",")}`, theme ? `theme=${theme}` : "", step].filter(Boolean).join("&");
        const height = Math.min(Math.max(Number($("embed-height").value) || 560, 200), 4000);
        $("embed-snippet").value = iframeSnippet({ src: playgroundUrl(fragment, `?${query}`), height, resize: $("embed-resize").checked });
      }
      $("embed-about").textContent = element
        ? "A live result in your page, the scenario in its HTML; it grows to fit. On a Markdown site, put the YAML in a ```yaml block " +
          "right before an empty <podsim-scenario> instead (docs/embedding.md). Read-only: no Edit. " +
          "The tie-break table and node cards are the iframe's."
        : "The playground in a frame, the scenario in its link; the editors start collapsed above the result. " +
          "Read-only: the editors cannot be edited. Grow to fit: the frame tells your page its height, and the script sets it.";
    };
    const at = view.timelineStep();
    $("embed-step-name").textContent = at === 0 ? "the start" : at > (runs.shown()?.pods.length ?? 0) ? "the end" : `attempt ${at}`;
    for (const id of ["embed-readonly", "embed-kind-iframe", "embed-kind-element", "embed-theme", "embed-height", "embed-resize", "embed-step"]) $(id).onchange = update;
    $("embed-caption").oninput = update;
    for (const input of document.querySelectorAll("input[name=embed-panel]")) input.onchange = update;
    await update();
    // The iframe's src is a link too: one the page refuses opens nothing.
    const refused = await refusal(fragment, settings.scenario);
    $("embed-info").textContent = [
      refused ? "This scenario is too large for the iframe's link: embed it as the element, which holds the YAML itself." : "",
      settings.variantB !== null ? "The iframe carries variants A and B and shows their differences first; the element holds variant A only." : "",
      clusterNote().trim(),
    ]
      .filter(Boolean)
      .join(" ");
    $("embed-dialog").showModal();
  }

  return { shareSettings, fragmentFor, linkFor, standaloneLink, shareLink, clusterNote, openShare, copyShareLink, openEmbed };
}
