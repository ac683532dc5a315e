// Shrinking a scenario that shows a difference to a small one that still shows it: delta
// debugging (ddmin) over the stream's documents, then over the documents one at a time, asking
// `still(text)` (podsim and the oracle again) at each step. A generated scenario is a stream of
// one object per document, so every step is a scenario a person could have written.

/** The documents of a YAML stream (a generated scenario: one object each). */
export function documents(text) {
  return text.split(/^---[ \t]*$/m).map((d) => d.trim()).filter(Boolean);
}

const join = (docs) => docs.map((d) => `---\n${d}\n`).join("");

/** The smallest stream ddmin finds for which still() holds (still(text) must hold). */
export async function shrink(text, still) {
  let docs = documents(text);
  let parts = 2;
  while (docs.length >= 2) {
    const size = Math.ceil(docs.length / parts);
    let reduced = false;
    for (let start = 0; start < docs.length; start += size) {
      const complement = [...docs.slice(0, start), ...docs.slice(start + size)];
      if (complement.length && (await still(join(complement)))) {
        docs = complement;
        parts = Math.max(parts - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (parts >= docs.length) break;
      parts = Math.min(parts * 2, docs.length);
    }
  }
  return join(docs);
}
