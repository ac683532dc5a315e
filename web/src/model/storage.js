// What the page keeps between visits, in localStorage, which may be disabled
// (private mode, a sandboxed iframe): then nothing is kept, and nothing fails.
// Keys can be held: a link opened over a different saved session shows, but
// the session stays as it was until the person edits or restores it.

export const STORAGE_SCENARIO = "podsim:scenario";
/** Variant B of the saved scenario (variants.js), when it has one. */
export const STORAGE_VARIANT_B = "podsim:variant-b";
export const STORAGE_THEME = "podsim:theme";
/** The name of the dump the saved text was laid over. */
export const STORAGE_CLUSTER = "podsim:cluster";

const held = new Set();

export const storage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    if (held.has(key)) return;
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not fatal: the page works without.
    }
  },
  remove(key) {
    if (held.has(key)) return;
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
  /** Keeps keys as they are: writes to them are dropped until release(). */
  hold(...keys) {
    for (const key of keys) held.add(key);
  },
  /** Lets writes through again. */
  release() {
    held.clear();
  },
};
