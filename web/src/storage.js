// What the page keeps between visits, in localStorage, which may be disabled
// (private mode, a sandboxed iframe): then nothing is kept, and nothing fails.

export const STORAGE_SCENARIO = "podsim:scenario";
export const STORAGE_THEME = "podsim:theme";
/** The name of the dump the saved text was laid over. */
export const STORAGE_CLUSTER = "podsim:cluster";

export const storage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not fatal: the page works without.
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};
