// The example scenarios, each with a one-line lesson (web/examples/).
import entries from "../examples/gallery.json";

const texts = import.meta.glob("../examples/*.yaml", { query: "?raw", import: "default", eager: true });

export const GALLERY = entries.map((e) => ({ ...e, text: texts[`../examples/${e.file}`] }));
export const DEFAULT_EXAMPLE = GALLERY[0];
