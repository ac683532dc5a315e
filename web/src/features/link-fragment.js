// Opening a share link: the scenario and its settings in the URL fragment,
// and the cluster it is laid over when the link carries one.
// A fragment is untrusted input (share.js checks it); a bad one says why and
// changes nothing.
import { decodeShare } from "../model/share.js";
import { showBanner } from "../views/status.js";

/**
 * Returns applyFragment(instead, atStart), which opens the page's fragment,
 * if any, through the session (session.js) with the profiles the engine
 * knows (profiles.js), and resolves to whether it did. A bad link says why
 * and what shows instead (the sentence instead).
 */
export function createFragmentOpener(profiles, session) {
  return async function applyFragment(instead = "Your scenario is unchanged.", atStart = false) {
    if (location.hash.length <= 1) return false;
    let link;
    try {
      link = await decodeShare(location.hash);
    } catch (error) {
      showBanner(`This link could not be opened: ${error.message}. ${instead}`);
      return false;
    }
    await profiles.ready;
    let profile = link.profile || "current";
    let note = "";
    const known = profiles.list();
    if (!known.some((p) => p.name === profile)) {
      note = `This link asks for the "${profile}" semantics, which this podsim does not know; showing ${known[0].name}. `;
      profile = known[0].name;
    }
    // A link made when "current" was an older release keeps that release's semantics.
    const made = link.kubernetesVersion;
    const now = known.find((p) => p.name === "current");
    if (profile === "current" && made && now && made !== now.kubernetesVersion) {
      const then = known.find((p) => p.kubernetesVersion === made || p.kubernetesVersion.startsWith(`${made}.`));
      if (then) {
        note += `This link was made when podsim's current semantics were kube-scheduler ${made}; showing ${then.name}. `;
        profile = then.name;
      }
    }
    if (link.variantBProblem) note += `This link's variant B could not be opened: ${link.variantBProblem}; showing variant A alone. `;
    session.openLink(link.scenario, { profile, compare: link.compare, caption: link.caption, note, atStart, cluster: link.cluster, variantB: link.variantB });
    return true;
  };
}
