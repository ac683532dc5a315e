// The semantics profiles the engine knows (one kube-scheduler release each),
// the one shown, and Compare, which runs two and marks where they differ.
import { $, h, mount } from "../views/dom.js";

// "v1.37 semantics", "v1.35.4 semantics" (profile v1.35), "v1.14 semantics".
const optionText = (p) =>
  `v${p.kubernetesVersion} semantics${p.name === "current" || `v${p.kubernetesVersion}.`.startsWith(`${p.name}.`) ? "" : ` (${p.name})`}`;

/**
 * Creates the profile controls and wires them; runNow() runs the editors'
 * scenario. The returned ready resolves once the engine's list is in.
 */
export function createProfiles(runNow) {
  let profile = "current"; // the semantics profile shown
  let compare = false; // run both profiles and mark the differences
  let list = []; // [{name, kubernetesVersion, summary}] from the engine
  let loaded;
  const ready = new Promise((resolve) => (loaded = resolve));

  /** Takes the engine's list of profiles. */
  function onProfiles(profiles) {
    list = profiles;
    const select = $("profile");
    mount(select, list.map((p) => h("option", { value: p.name, title: p.summary }, optionText(p))));
    select.value = profile;
    loaded();
  }

  function setProfile(name, run = true) {
    profile = name;
    $("profile").value = name;
    document.body.dataset.profile = name;
    if (run) runNow();
  }

  function setCompare(on, run = true) {
    compare = Boolean(on);
    $("compare").setAttribute("aria-pressed", String(compare));
    if (run) runNow();
  }

  $("profile").addEventListener("change", (event) => setProfile(event.target.value));
  $("compare").addEventListener("click", () => setCompare(!compare));
  return {
    ready,
    /** Returns the profile shown. */
    profile: () => profile,
    /** Returns whether Compare is on. */
    compare: () => compare,
    /** Returns the engine's profiles, [{name, kubernetesVersion, summary}] ([] until they are in). */
    list: () => list,
    onProfiles,
    setProfile,
    setCompare,
  };
}
