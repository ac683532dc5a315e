// The example scenarios, each with a one-line lesson (web/examples/). An
// example may name a second file, variantB: the scenario's variant B, which
// opens beside it (variants.js).
import entries from "../../examples/gallery.json";

const texts = import.meta.glob("../../examples/*.yaml", { query: "?raw", import: "default", eager: true });

export const GALLERY = entries.map((e) => ({
  ...e,
  text: texts[`../../examples/${e.file}`],
  ...(e.variantB ? { variantB: texts[`../../examples/${e.variantB}`] } : {}),
}));
export const DEFAULT_EXAMPLE = GALLERY[0];
