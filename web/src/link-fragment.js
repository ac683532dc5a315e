// Opening a share link: the scenario and its settings in the URL fragment.
// A fragment is untrusted input (share.js checks it); a bad one says why and
// shows the default scenario.
import { DEFAULT_EXAMPLE } from "./gallery.js";
import { decodeShare } from "./share.js";
import { showBanner } from "./status.js";

/**
 * Returns applyFragment(), which opens the page's fragment, if any, and
 * resolves to whether there was one. Takes the profiles (profiles.js), the
 * editors (scenario-editors.js) and the cluster mode (cluster-mode.js).
 */
export function createFragmentOpener(state, profiles, scenario, clusterMode) {
  return async function applyFragment() {
    if (location.hash.length <= 1) return false;
    try {
      const { scenario: text, profile, compare } = await decodeShare(location.hash);
      await profiles.ready;
      if (profile && !state.profiles.some((p) => p.name === profile)) {
        showBanner(`This link asks for the "${profile}" semantics, which this podsim does not know; showing ${state.profiles[0].name}.`);
        profiles.setProfile(state.profiles[0].name, false);
      } else {
        profiles.setProfile(profile || "current", false);
      }
      profiles.setCompare(compare, false);
      clusterMode.leaveAnyCluster();
      scenario.loadScenario(text);
    } catch (error) {
      showBanner(`This link could not be opened: ${error.message}. Showing the default scenario instead.`);
      clusterMode.leaveAnyCluster();
      scenario.loadScenario(DEFAULT_EXAMPLE.text, DEFAULT_EXAMPLE.lesson);
    }
    return true;
  };
}
