// The example scenarios, each with a one-line lesson and a group
// (web/examples/). An example may name a second file, variantB: the
// scenario's variant B, which opens beside it (variants.js).
import entries from "../../examples/gallery.json";

const texts = import.meta.glob("../../examples/*.yaml", { query: "?raw", import: "default", eager: true });

export const GALLERY = entries.map((e) => ({
  ...e,
  text: texts[`../../examples/${e.file}`],
  ...(e.variantB ? { variantB: texts[`../../examples/${e.variantB}`] } : {}),
}));
export const DEFAULT_EXAMPLE = GALLERY[0];

/** The gallery's groups, in the order it lists them: [{id, title}]. */
export const GALLERY_GROUPS = [
  { id: "start", title: "Start" },
  { id: "basics", title: "Basics" },
  { id: "pdbs", title: "PodDisruptionBudgets" },
  { id: "tie-breaks", title: "Tie-breaks between nodes" },
  { id: "time", title: "Time" },
  { id: "profiles", title: "Profiles: older releases" },
  { id: "workloads", title: "Workloads" },
  { id: "admission", title: "Admission: what the API server changes" },
  { id: "tools", title: "Tools: variants and reductions" },
];
