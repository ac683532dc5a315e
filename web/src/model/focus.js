// The focused attempt of the result on screen (the one the victims, the
// tie-break table, the node cards and the timeline show), how many attempts
// the verdicts list, and a pod the next result focuses. The page's one owner
// of them: the others ask it (set, reveal, clear, ask), and a new result on
// screen moves it (follow).

/**
 * Returns the attempt a result opens on: over a cluster (overlay: the keys
 * of the objects the editors lay over it) the first pod of the change, the
 * editors' or one their workloads created; else the first preemption, else
 * the first attempt.
 */
export function defaultFocus(result, overlay = null) {
  const own = overlay ? result.pods.findIndex((a) => a.fromChange || overlay.has(`Pod ${a.pod}`)) : -1;
  if (own >= 0) return own;
  const i = result.pods.findIndex((a) => a.preemption !== null);
  return i >= 0 ? i : 0;
}

/** Creates the focus; attemptPage: how many attempts the verdicts list at first. */
export function createFocus(attemptPage) {
  let index = null; // the focused attempt; null: the next result chooses
  let attemptsShown = attemptPage;
  let asked = null; // a pod whose first attempt the next result focuses (a reduction opened, an example about one pod)

  /** Focuses attempt i and lists the verdicts down to it. */
  function reveal(i) {
    index = i;
    attemptsShown = Math.max(attemptsShown, i + 1);
  }

  /**
   * Follows a new result on screen: a focus it has no attempt for, or none,
   * or a change that added objects (added), goes to its default (overlay as
   * defaultFocus takes it); a pod asked for is focused.
   */
  function follow(result, { overlay = null, added = false } = {}) {
    if (index === null || index >= result.pods.length || added) index = defaultFocus(result, overlay);
    if (!asked) return;
    const i = result.pods.findIndex((a) => a.pod === asked);
    asked = null;
    if (i >= 0) reveal(i);
  }

  return {
    /** Returns the focused attempt's index (null: none yet). */
    index: () => index,
    /** Returns how many attempts the verdicts list. */
    attemptsShown: () => attemptsShown,
    /** Focuses attempt i. */
    set(i) {
      index = i;
    },
    reveal,
    /** Lists n attempts in the verdicts. */
    showAttempts(n) {
      attemptsShown = n;
    },
    /** Leaves the focus to the next result. */
    clear() {
      index = null;
    },
    /** Has the next result focus pod's first attempt (null: none). */
    ask(pod) {
      asked = pod;
    },
    follow,
  };
}
