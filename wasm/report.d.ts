// Types of podsim/report: the formatters the CLI and the page share.
import type { Comparison, Reduction, ReductionError, SimulationResult } from "./index.js";

/** The longest scenario, in characters, that a Markdown report holds in full. */
export declare const MARKDOWN_YAML_CHARS: number;
/** The most attempts, victims and diagnostics a Markdown report lists each. */
export declare const MARKDOWN_ROWS: number;

/** Returns the report `podsim run` prints for a result document. */
export declare function formatReport(result: SimulationResult): string;

/** Returns the report `podsim run --compare` prints for a comparison. */
export declare function formatComparison(comparison: Comparison): string;

export interface MarkdownOptions {
  /** A URL that reopens the scenario (the playground's share link); none by default. */
  shareLink?: string;
  /** The scenario's YAML, shown in a collapsed block when it is short enough. */
  scenario?: string;
  /** The comparison the result belongs to, for the differences between profiles. */
  comparison?: Comparison | null;
  /** The loaded dump the scenario was laid over, which the link does not hold. */
  clusterName?: string;
}

/**
 * Returns an issue-ready Markdown report: the profile and a summary, the
 * scenario, each verdict and kube-scheduler's message, the victims, the
 * differences between profiles, the diagnostics and the link.
 */
export declare function formatMarkdown(result: SimulationResult, options?: MarkdownOptions): string;

/** Returns the report `podsim reduce` prints: the decision, what was kept of each kind, and each kept object with why. */
export declare function formatReduction(reduction: Reduction | ReductionError, options?: { file?: string }): string;

/**
 * Returns an issue-ready Markdown report of a reduction: the decision, the
 * messages over the input and the reduced scenario, the kept objects with
 * why, the scenario (when at most {@link MARKDOWN_YAML_CHARS}) and the link.
 */
export declare function formatReductionMarkdown(reduction: Reduction | ReductionError, options?: { shareLink?: string; scenario?: string }): string;
