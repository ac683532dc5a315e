// The person's scenario across replacements and visits. An example brings
// its lesson, its name in the gallery and, for the profile examples, Compare;
// they go as soon as an edit moves the text away from the example's (and
// come back when the edit is undone). Replacing the scenario (an example, a
// link, a file) can be undone, from the banner or with Ctrl+Z. A link opened
// over a different saved session shows, but leaves the session alone until
// the person edits the link's scenario or restores their own. A link may
// carry the cluster its scenario is laid over: it opens as cluster + change.
// A scenario may have a variant B (variants.js): it goes and comes back with
// the scenario (A), and an example or a link may bring one.
import { GALLERY } from "../model/gallery.js";
import { joinTabs, splitStream } from "../model/scenario.js";
import { STORAGE_CLUSTER, STORAGE_SCENARIO, STORAGE_VARIANT_B, storage } from "../model/storage.js";
import { hideBanner, showBanner } from "../views/status.js";
import { markExample } from "./page-controls.js";

// A scenario as the editors hold it once loaded: its parts joined.
function joined(text) {
  const parts = splitStream(text);
  return parts ? joinTabs(parts).text : text;
}

// A scenario and its variant B (null without), as one key.
const keyOf = (text, b) => JSON.stringify([text, b]);

/**
 * Creates the session over the editors (scenario-editors.js), the profiles
 * (profiles.js), the cluster mode (cluster-mode.js), the variants
 * (variants.js), the focus (model/focus.js) and the runs (app/runs.js: a
 * scenario put back is a new one); runNow() runs the editors' scenario.
 */
export function createSession(mode, { scenario, profiles, clusterMode, variants, focus, runs }, runNow) {
  // The lesson shown (an example's, or a link's caption) while the text is
  // still that scenario; links made of it carry it.
  let caption = "";
  // The example the editors hold, or held before an edit: {example, text (as
  // the editors join it), b (its variant B, or null), compareBefore (the person's own Compare when the
  // example turned it on, else null), shown (whether the text is still it)}.
  let origin = null;
  // The last replacement, which a swap undoes and redoes: {label, note,
  // opened (a link opened over a kept session), other (the snapshot a swap
  // restores), text (what the editors held after it), undone}.
  let last = null;
  // Whether the saved session is held (storage.js) for the person.
  let held = false;
  let examples = null;

  /** Returns the gallery example whose text (and variant B, null without) the editors' is, or null. */
  function exampleWithText(text, b = null) {
    examples ??= new Map(GALLERY.map((e) => [keyOf(joined(e.text), e.variantB ? joined(e.variantB) : null), e]));
    return examples.get(keyOf(text, b)) ?? null;
  }

  function showOrigin() {
    const shown = origin?.shown ?? false;
    // A link's caption is a lesson too; either travels in the links made of the scenario while it shows.
    caption = shown && clusterMode.clusterName() === null ? origin.example.lesson : "";
    scenario.setLesson(caption);
    markExample(shown ? origin.example.id : "");
  }

  function hold(on) {
    held = on;
    if (on) storage.hold(STORAGE_SCENARIO, STORAGE_CLUSTER, STORAGE_VARIANT_B);
    else storage.release();
  }

  /**
   * Loads text as a whole scenario, with its variant B (null: none), and runs
   * it; example: the one it is, found by its text if null.
   */
  function load(text, example = null, compareBefore = null, b = null) {
    origin = null;
    variants.setB(b);
    scenario.loadScenario(text);
    const now = scenario.scenarioText();
    const nowB = variants.textOf("b");
    example ??= exampleWithText(now, nowB);
    origin = example && { example, text: now, b: nowB, compareBefore, shown: true };
    showOrigin();
  }

  function snapshot() {
    return {
      editors: scenario.saveEditors(),
      variants: variants.save(),
      text: null,
      b: null,
      profile: profiles.profile(),
      compare: profiles.compare(),
      origin: origin && { ...origin },
      cluster: clusterMode.clusterName(),
      // A cluster small enough for a link comes back with the editors.
      clusterLink: clusterMode.clusterLink(),
      hold: held,
    };
  }

  function restore(snap) {
    clusterMode.leaveAnyCluster();
    if (snap.clusterLink) clusterMode.openLinkCluster(snap.clusterLink);
    hold(snap.hold);
    profiles.setProfile(snap.profile, false);
    profiles.setCompare(snap.compare, false);
    if (snap.editors) {
      origin = snap.origin;
      runs.newScenario();
      focus.clear();
      variants.restore(snap.variants);
      scenario.restoreEditors(snap.editors);
      runNow();
      showOrigin();
    } else {
      load(snap.text, null, null, snap.b);
    }
    // Text laid over a dump the page does not keep goes over the next one opened.
    clusterMode.setResumeOverlay(Boolean(snap.cluster) && !snap.clusterLink);
  }

  /** Returns whether the editors hold something only the person has: not empty, not an unedited example. */
  function isOwn() {
    if (clusterMode.isOpen()) return true;
    const text = variants.textOf("a");
    const b = variants.textOf("b");
    return (text.trim() !== "" || b !== null) && !exampleWithText(text, b);
  }

  function announce() {
    if (last.undone) {
      showBanner(`Back to your scenario.${last.laidOver}`, [{ label: `Show ${last.label} again`, run: swap }]);
    } else if (last.opened) {
      showBanner(`${last.note}Opened the link's scenario. Your previous scenario was kept:`, [{ label: "Restore it", run: swap }]);
    } else {
      const closed = last.other.cluster ? ` The cluster (${last.other.cluster}) was closed.` : "";
      showBanner(`${last.note}Replaced your scenario with ${last.label}.${closed}`, [{ label: "Undo", run: swap }]);
    }
  }

  // Puts back what the last replacement replaced, or the replacement again.
  function swap() {
    const current = snapshot();
    const laidOver = last.other.cluster && !last.other.clusterLink
      ? ` It was laid over ${last.other.cluster}, which the page does not keep: open it again to see it over that cluster.`
      : "";
    restore(last.other);
    last = { ...last, other: current, text: variants.textOf("a"), undone: !last.undone, laidOver };
    announce();
  }

  /**
   * Replaces the editors' scenario with text, undoably when they held the
   * person's own (or when asked). options: label (what the banner calls the new one),
   * example (a gallery example), profile and compare (settings that come
   * with it), note (said first), hold (keep the saved session as it is;
   * by default, a held session stays held), before and opened (a link
   * opened at the start: the saved session it shows over), cluster (a
   * link's {name, text}: text is the change laid over it), variantB (the
   * scenario's variant B, or null), undoable (offer Undo even over an
   * unedited example: the new scenario comes from the one it replaces).
   */
  function replace(
    text,
    { label, example = null, profile, compare, note = "", hold: keep = held, before = null, opened = false, cluster = null, variantB = null, undoable = false },
  ) {
    const own = undoable || before !== null || isOwn();
    before ??= snapshot();
    hideBanner();
    clusterMode.leaveAnyCluster();
    // First, so that the change runs once the cluster is read, not before.
    if (cluster) clusterMode.openLinkCluster(cluster);
    // What an example turned on goes with it.
    if (origin?.shown && origin.compareBefore !== null) profiles.setCompare(origin.compareBefore, false);
    if (profile !== undefined) profiles.setProfile(profile, false);
    const compareBefore = profiles.compare();
    if (compare !== undefined) profiles.setCompare(compare, false);
    hold(keep);
    load(text, example, example?.id && compare && !compareBefore ? compareBefore : null, variantB);
    last = own ? { label, note, opened, other: before, text: variants.textOf("a"), undone: false, laidOver: "" } : null;
    if (own) announce();
    else if (note) showBanner(note);
  }

  /** Opens a gallery example. */
  function openExample(example) {
    // An example about one pod (a reduction's) opens on its attempt.
    focus.ask(example.reduce?.pod ?? null);
    replace(example.text, { label: `the example "${example.title}"`, example, compare: example.compare ? true : undefined, variantB: example.variantB ?? null });
  }

  /**
   * Opens a link's scenario. A saved session of the person's own that
   * differs from it is kept until they edit (or restore it); at the start,
   * the banner offers it back.
   */
  function openLink(text, { profile, compare, caption = "", note = "", atStart = false, cluster = null, variantB = null }) {
    const saved = mode.embed ? null : storage.get(STORAGE_SCENARIO);
    const savedB = mode.embed ? null : storage.get(STORAGE_VARIANT_B);
    const same = keyOf(joined(text), variantB === null ? null : joined(variantB)) === keyOf(saved, savedB);
    const keep = Boolean(saved?.trim()) && !same && !exampleWithText(saved, savedB);
    const label = cluster ? `the link's change over its cluster (${cluster.name})` : "the link's scenario";
    // A caption shows as the scenario's lesson, and goes as an example's does when an edit moves away from it.
    const example = caption ? { id: "", lesson: caption } : null;
    if (!atStart) return replace(text, { label, example, profile, compare, note, hold: keep, cluster, variantB });
    const before = keep
      ? { editors: null, text: saved, b: savedB, profile: profiles.profile(), compare: profiles.compare(), origin: null, cluster: storage.get(STORAGE_CLUSTER), hold: false }
      : null;
    replace(text, { label, example, profile, compare, note, hold: keep, before, opened: keep, cluster, variantB });
  }

  /** Opens a file's scenario (a file too small to be a cluster). */
  function openFile(name, text) {
    replace(text, { label: name });
  }

  /** Opens the saved session (or the default example) as the page opens, with its variant B (null: none). */
  function openSaved(text, b = null) {
    load(text, null, null, b);
  }

  /** Follows the editors' text: an example's lesson, gallery entry and Compare go when it is no longer the example's. */
  function check() {
    if (!origin) return;
    const shown = !clusterMode.isOpen() && variants.textOf("a") === origin.text && variants.textOf("b") === origin.b;
    if (shown === origin.shown) return;
    origin.shown = shown;
    if (origin.compareBefore !== null) profiles.setCompare(shown || origin.compareBefore, false);
    showOrigin();
  }

  /** Takes a person's edit: the saved session follows the editors again. */
  function onEdit() {
    if (held) hold(false);
    check();
  }

  /** Takes the person's own choice of profile or Compare, which then stays. */
  function onChosen() {
    if (origin) origin.compareBefore = null;
  }

  /**
   * Undoes the last replacement if the editors still hold what it put there
   * (Ctrl+Z with nothing of the editors' own to undo). Returns whether it did.
   */
  function undoReplacement() {
    if (!last || last.undone || mode.readOnly || variants.textOf("a") !== last.text) return false;
    swap();
    return true;
  }

  return {
    /** Returns the lesson shown with the scenario ("" without one), which links made of it carry. */
    caption: () => caption,
    openExample,
    openLink,
    openFile,
    openSaved,
    replace,
    check,
    onEdit,
    onChosen,
    undoReplacement,
  };
}
