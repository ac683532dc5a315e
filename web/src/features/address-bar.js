// The address bar follows the scenario, as the TypeScript playground's does:
// a moment after each change its fragment is the share link's (#v1:…, with
// the profile and Compare), so a reload, a bookmark or a copied URL keeps the
// edits. A scenario whose link would be longer than URL_FRAGMENT_CHARS leaves
// the URL plain, and the page says so; over a cluster the URL holds what the
// editors lay over it, and the cluster too when it is small enough for the
// link, and the page says which.
import { CLUSTER_LINK_CHARS, MAX_FRAGMENT_CHARS } from "../model/share.js";
import { $ } from "../views/dom.js";

/**
 * The longest fragment the address bar is given. Browsers take far longer
 * URLs, but past this one the bar stops being a way to share: Share says
 * what the link would be, and the scenario is saved in the browser anyway.
 */
export const URL_FRAGMENT_CHARS = CLUSTER_LINK_CHARS;

const count = (n) => n.toLocaleString("en");

/**
 * Creates the follower over the cluster mode (cluster-mode.js); settings()
 * returns the share settings (share-dialogs.js) of the editors' scenario,
 * fragmentFor(settings) their fragment ({fragment, withCluster}: a small
 * loaded cluster goes too), onFollow(url) hears each new URL.
 */
export function createAddressBar(clusterMode, settings, fragmentFor, onFollow = () => {}) {
  let timer = null;
  let shown = null; // what the URL shows, as key() gives it
  let latest = 0; // the newest encoding; older ones are dropped

  const key = (s) => JSON.stringify([s.profile, s.compare, clusterMode.clusterName() ?? "", Boolean(clusterMode.clusterLink()), s.scenario, s.variantB]);

  function note(text) {
    $("url-note").textContent = text;
    $("url-note").hidden = !text;
  }

  function clusterNote(withCluster = false) {
    const name = clusterMode.clusterName();
    if (name === null) return "";
    return withCluster
      ? `The address bar holds ${name} and what the editors lay over it: a reload or a bookmark opens both.`
      : `The address bar holds what the editors lay over ${name}, not the cluster itself.`;
  }

  /** Takes what the editors hold as what the URL shows (the page just opened it); drops a pending change. */
  function settle() {
    clearTimeout(timer);
    latest += 1;
    shown = key(settings());
    note(clusterNote());
  }

  /** Drops a pending change (the URL is about to change under the page). */
  function pause() {
    clearTimeout(timer);
    latest += 1;
  }

  /** Follows the editors after delay ms (one change for a burst of them). */
  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(follow, delay);
  }

  async function follow() {
    if (clusterMode.loadingName() !== null) return; // the run after the dump is read follows
    const current = settings();
    const k = key(current);
    if (k === shown) return;
    shown = k;
    const id = ++latest;
    const { fragment, withCluster } = await fragmentFor(current);
    if (id !== latest) return;
    const url = new URL(location.href);
    if (fragment.length <= URL_FRAGMENT_CHARS) {
      url.hash = fragment;
      note(clusterNote(withCluster));
    } else {
      url.hash = "";
      note(
        fragment.length <= MAX_FRAGMENT_CHARS
          ? `The address bar no longer holds the scenario: its link would be ${count(fragment.length)} characters (the bar keeps up to ${count(URL_FRAGMENT_CHARS)}). Share still makes it.`
          : `The scenario is too large for the link (${count(fragment.length)} characters; links open up to ${count(MAX_FRAGMENT_CHARS)}): download the scenario (Export → Download the scenario) to share it.`,
      );
    }
    if (url.href === location.href) return;
    history.replaceState(history.state, "", url);
    onFollow(url.href);
  }

  return { settle, pause, schedule };
}
