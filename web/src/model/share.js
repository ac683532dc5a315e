// Share links: the whole scenario in the URL fragment, as
// "#v1:" + base64url(deflate-raw(JSON)); over a small loaded cluster, the
// cluster too (the scenario is then the change laid over it); with a variant
// B, its text as "variantB" (links without it are links without a B). A fragment is
// untrusted input: every step is capped and checked, and failures say what
// was wrong.

export const VERSION_PREFIX = "v1:";
/** Longest fragment accepted, in characters. */
export const MAX_FRAGMENT_CHARS = 400_000;
/** Largest decoded payload accepted, in bytes. */
export const MAX_DECODED_BYTES = 2 * 1024 * 1024;
/** Links longer than this may not survive chat tools and browsers. */
export const LONG_LINK_CHARS = 2000;
/** Longest caption a link carries, in characters. */
export const MAX_CAPTION_CHARS = 500;
/**
 * A link carries the loaded cluster only while the whole link stays this
 * short: what the address bar holds (address-bar.js), so a reload or a
 * bookmark reproduces the cluster and the change alike.
 */
export const CLUSTER_LINK_CHARS = 32_000;
/** Longest cluster name a link carries, in characters. */
export const MAX_CLUSTER_NAME_CHARS = 200;

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("the link contains characters that are not base64url");
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, transform, limit) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new Error(`the scenario in the link is larger than ${limit / 1048576} MiB`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Returns the fragment (without "#") for a scenario and its settings; a
 * caption (the lesson shown above the verdicts) is optional, and so are a
 * cluster ({name, text}: the dump the scenario is laid over) and a variant B
 * (its text; the scenario is then variant A).
 */
export async function encodeShare({ scenario, kubernetesVersion, profile = "current", compare = false, caption = "", cluster = null, variantB = null }) {
  const text = caption.trim().slice(0, MAX_CAPTION_CHARS);
  const over = cluster ? { cluster: { name: cluster.name.slice(0, MAX_CLUSTER_NAME_CHARS), text: cluster.text } } : {};
  const b = variantB !== null ? { variantB } : {};
  const json = JSON.stringify({ v: 1, kubernetesVersion, profile, compare, ...(text ? { caption: text } : {}), ...over, scenario, ...b });
  const compressed = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"), Infinity);
  return VERSION_PREFIX + toBase64Url(compressed);
}

/**
 * Decodes a fragment (with or without "#"). Returns {scenario,
 * kubernetesVersion, profile, compare, caption, cluster, variantB,
 * variantBProblem} (profile and caption "" when the link has none;
 * the caller checks it names a known profile; cluster {name, text} or null;
 * variantB the text of variant B or null; variantBProblem "" or why a B
 * part that is there cannot be opened: the scenario still opens), or throws
 * an Error whose message says what is wrong.
 */
export async function decodeShare(fragment) {
  const text = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (!text.startsWith(VERSION_PREFIX)) {
    throw new Error(`the link does not start with ${VERSION_PREFIX} (an unknown or newer format)`);
  }
  if (text.length > MAX_FRAGMENT_CHARS) {
    throw new Error(`the link is ${text.length} characters long; the limit is ${MAX_FRAGMENT_CHARS}`);
  }
  const compressed = fromBase64Url(text.slice(VERSION_PREFIX.length));
  let bytes;
  try {
    bytes = await pipe(compressed, new DecompressionStream("deflate-raw"), MAX_DECODED_BYTES);
  } catch (error) {
    if (error.message.startsWith("the scenario")) throw error;
    throw new Error("the link is damaged: its data does not decompress");
  }
  let payload;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new Error("the link is damaged: its data is not JSON text");
  }
  if (payload === null || typeof payload !== "object" || payload.v !== 1 || typeof payload.scenario !== "string") {
    throw new Error("the link does not hold a podsim scenario");
  }
  const kubernetesVersion = typeof payload.kubernetesVersion === "string" ? payload.kubernetesVersion.slice(0, 16) : "";
  const profile = typeof payload.profile === "string" ? payload.profile.slice(0, 32) : "";
  const caption = typeof payload.caption === "string" ? payload.caption.trim().slice(0, MAX_CAPTION_CHARS) : "";
  const { variantB, variantBProblem } = variantBOf(payload);
  return { scenario: payload.scenario, kubernetesVersion, profile, compare: payload.compare === true, caption, cluster: clusterOf(payload), variantB, variantBProblem };
}

// The variant B a link carries: {variantB: text or null, variantBProblem}.
// A damaged B leaves A to open on its own. Over a cluster there is no B.
function variantBOf(payload) {
  if (payload.variantB === undefined) return { variantB: null, variantBProblem: "" };
  if (typeof payload.variantB !== "string") return { variantB: null, variantBProblem: "its variant B is damaged: it holds no scenario text" };
  if (payload.cluster !== undefined) return { variantB: null, variantBProblem: "it has both a cluster and a variant B, which the page does not combine" };
  return { variantB: payload.variantB, variantBProblem: "" };
}

// The cluster a link carries: {name, text} or null. Its text is read as a
// dump by the engine, which reports what it cannot read; a name is text.
function clusterOf(payload) {
  if (payload.cluster === undefined) return null;
  const cluster = payload.cluster;
  if (cluster === null || typeof cluster !== "object" || typeof cluster.text !== "string" || cluster.text.trim() === "") {
    throw new Error("the link's cluster is damaged: it holds no dump text");
  }
  // Control characters (a line break, a bidi override) would garble the messages that name it.
  const name = typeof cluster.name === "string" ? cluster.name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim().slice(0, MAX_CLUSTER_NAME_CHARS) : "";
  return { name: name || "the link's cluster", text: cluster.text };
}
