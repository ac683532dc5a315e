// Types for podsim's JS API (wasm/index.mjs) and the documents it returns:
// the result document (core/result_json.cc, apiVersion podsim/v1), the
// comparison of two profiles, the profiles list, and a loaded cluster's
// summary and object pages (core/loaded_cluster.cc).
//
// The documents are JSON the engine writes; every key and closed set of
// values here is checked against the engine's real output by
// tests/node/types.test.mjs. docs/api.md explains each field.
//
// Browser and Node types (URL, Response, Blob, WebAssembly.Module) are taken
// from the global scope when the consumer's program has them (lib "dom" or
// "webworker", or @types/node), and are `never` otherwise, so this file
// compiles without either.

// ---------------------------------------------------------------------------
// Globals that may be absent from the consumer's lib.

type GlobalInstance<Name extends string> = typeof globalThis extends { [K in Name]: { prototype: infer T } } ? T : never;
/** The global `URL` (lib "dom"/"webworker" or @types/node), or never. */
type GlobalURL = GlobalInstance<"URL">;
/** The global `Response` (lib "dom"/"webworker" or @types/node), or never. */
type GlobalResponse = GlobalInstance<"Response">;
/** The global `Blob` (and so `File`), or never. */
type GlobalBlob = GlobalInstance<"Blob">;
/**
 * `WebAssembly.Module` (lib "dom"/"webworker" or @types/node), or never. The
 * lib declares it as an empty interface, which a number would satisfy.
 */
type GlobalWasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer T } } } ? T & object : never;

// ---------------------------------------------------------------------------
// Constants.

/**
 * The largest text, in UTF-8 bytes, that {@link simulate} and {@link compare}
 * take as one string (256 MiB); larger input is refused with a diagnostic and
 * goes through {@link loadCluster} as a stream. (A JavaScript string holds at
 * most about 512 MiB, and the engine has 4 GiB in all.)
 */
export declare const MAX_TEXT_BYTES: number;

/**
 * Bytes handed to the engine at a time when {@link loadCluster} reads text,
 * bytes or a Blob (4 MiB); a good `highWaterMark` for a file stream.
 */
export declare const CHUNK_BYTES: number;

// ---------------------------------------------------------------------------
// Options.

/**
 * Where the engine's WebAssembly (`podsim.wasm`) is: its URL (a `URL`, or a
 * string resolved against the page's or worker's location, and in Node
 * against the default URL), its bytes, a fetched `Response`, or a compiled
 * `WebAssembly.Module`.
 */
export type WasmSource =
  | GlobalURL
  | string
  | Uint8Array
  | ArrayBuffer
  | ArrayBufferView
  | GlobalResponse
  | GlobalWasmModule;

export interface EngineOptions {
  /**
   * Where the engine's WebAssembly is, when it is not beside index.mjs: a
   * bundle made by a tool that does not copy it (esbuild, say). A
   * {@link WasmSource} or a promise of one; `undefined` or `null` means
   * `./build/podsim.wasm` beside index.mjs. Read by the first call that
   * loads the engine only (any function here); later calls reuse it. A load
   * that fails is forgotten, so the next call may name another.
   */
  wasm?: WasmSource | PromiseLike<WasmSource | null | undefined> | null;
}

/**
 * What a bad option value throws: a `TypeError` whose message names the
 * option, the value and what is valid, e.g. `options.seed takes a
 * non-negative integer (at most 9007199254740991), not -1`. The command
 * line and the kubectl plugin say the same of their flags.
 */
export declare class OptionError extends TypeError {
  /** The option as the message names it: `options.seed`. */
  readonly option?: string;
  /** The value refused. */
  readonly value?: unknown;
}

/**
 * The semantics profiles the engine knows. `"current"` (kube-scheduler 1.37
 * with its default gates, the default), `"v1.35"` (kube-scheduler 1.35.4, also
 * standing for 1.34), `"v1.31"` (kube-scheduler 1.31.14, also standing for 1.32
 * and 1.33) and `"v1.14"` (before the scheduling framework).
 */
export type ProfileName = "current" | "v1.35" | "v1.31" | "v1.14";

/** Options of one simulation ({@link simulate}, {@link LoadedCluster.simulate}). */
export interface RunOptions {
  /**
   * Seeds the random offset at which the dry run starts among the potential
   * nodes (as kube-scheduler's is random); a non-negative safe integer.
   * Without it the offset is 0, so results are deterministic. The v1.14
   * profile dry-runs every potential node from the first and ignores it.
   * Any other value throws a TypeError (an {@link OptionError}).
   */
  seed?: number;
  /**
   * The semantics to simulate; `"current"` when absent or empty. An unknown
   * name gives an error diagnostic (with the known names) and no attempts;
   * a value that is not a string throws a TypeError.
   */
  profile?: ProfileName | (string & {});
  /**
   * Per-node detail (filter results, dry-run traces, candidates, the
   * selection table) is kept for the first attempts, up to about 10,000 node
   * entries, and for the first attempt always. A 0-based index into
   * {@link SimulationResult.pods} asks for that attempt alone in detail
   * instead (a deterministic re-run). Anything but a non-negative integer
   * throws a TypeError.
   */
  detailAttempt?: number;
  /**
   * Starts the simulated clock: an RFC 3339 time (`2024-05-01T08:00:00Z`),
   * a Date or Unix milliseconds. By default the clock starts at the latest
   * time on the cluster's objects (bound pods' creation and start, nodes'
   * and PDBs' creation). Anything else throws a TypeError.
   */
  startTime?: string | Date | number;
  /**
   * How long each API call of a preemption takes, in milliseconds (0, the
   * default: none). A victim starts terminating when its deletion lands;
   * with asynchronous preemption the preemptor is held back until then.
   * Anything but a number from 0 to 3,600,000 throws a TypeError.
   */
  apiLatencyMs?: number;
  /**
   * Runs the workload controllers (default true): Deployments,
   * ReplicaSets, StatefulSets, DaemonSets and Jobs create their pods on the
   * clock, replace the pods preemption deletes, and the disruption
   * controller updates PodDisruptionBudgets. false: pods only. Anything but
   * a boolean throws a TypeError.
   */
  controllers?: boolean;
}

/** The level {@link simulate} runs at. */
export interface LevelOption {
  /**
   * "run" (the default): every pending pod through the queue until it
   * settles. "decision": each pending pod's first scheduling cycle against
   * the input as it stands, in input order, with nothing applied and no
   * controllers (the result has `level: "decision"`). Anything else throws
   * a TypeError.
   */
  level?: "run" | "decision";
}

/** Options of {@link LoadedCluster.simulate}. */
export interface ClusterRunOptions extends RunOptions, LevelOption {
  /**
   * The namespace of the change's objects that name none (default
   * `default`); anything but a lowercase RFC 1123 label throws a TypeError.
   */
  namespace?: string;
}

/** Options of {@link simulate}. */
export interface SimulateOptions extends RunOptions, EngineOptions, LevelOption {}

/** Options of {@link compare}. */
export interface CompareOptions extends EngineOptions {
  /** Seeds the random candidate offset, as {@link RunOptions.seed}. */
  seed?: number;
  /** Starts the simulated clock, as {@link RunOptions.startTime}. */
  startTime?: string | Date | number;
  /** Each preemption API call's latency, as {@link RunOptions.apiLatencyMs}. */
  apiLatencyMs?: number;
  /** Runs the workload controllers, as {@link RunOptions.controllers}. */
  controllers?: boolean;
  /**
   * The two profiles to compare, `a` then `b`, any pair. Without it the
   * engine chooses: `current` against {@link CompareOptions.profile}, or
   * against the oldest (`["current", "v1.14"]`). An unknown name makes
   * {@link compare} return a plain {@link SimulationResult} with the
   * diagnostic; anything but two names throws a TypeError.
   */
  profiles?: readonly [a: ProfileName | (string & {}), b: ProfileName | (string & {})];
  /**
   * Without {@link CompareOptions.profiles}: the profile to compare
   * `current` with (as `podsim run --compare --profile P`); absent or
   * `"current"`, the oldest.
   */
  profile?: ProfileName | (string & {});
}

/** Options of {@link diff}: both variants are simulated alike. */
export interface DiffOptions extends EngineOptions {
  /** Seeds the random candidate offset, as {@link RunOptions.seed}. */
  seed?: number;
  /** The semantics profile of both runs, as {@link RunOptions.profile}. */
  profile?: ProfileName | (string & {});
  /** Starts the simulated clock, as {@link RunOptions.startTime}. */
  startTime?: string | Date | number;
  /** Each preemption API call's latency, as {@link RunOptions.apiLatencyMs}. */
  apiLatencyMs?: number;
  /** Runs the workload controllers, as {@link RunOptions.controllers}. */
  controllers?: boolean;
}

/** Options of {@link reduce}: every run of the reduction is simulated alike. */
export interface ReduceOptions extends EngineOptions {
  /** The pending pod to reduce for, `"namespace/name"` (a name alone is in `default`). */
  pod: string;
  /** Seeds the random candidate offset, as {@link RunOptions.seed}. */
  seed?: number;
  /** The semantics profile, as {@link RunOptions.profile}. */
  profile?: ProfileName | (string & {});
  /** Starts the simulated clock, as {@link RunOptions.startTime}; by default the input's latest time, fixed for every run. */
  startTime?: string | Date | number;
  /** Each preemption API call's latency, as {@link RunOptions.apiLatencyMs}. */
  apiLatencyMs?: number;
  /** Runs the workload controllers, as {@link RunOptions.controllers}. */
  controllers?: boolean;
}

/** Options of {@link LoadedCluster.reduce}. */
export interface ClusterReduceOptions extends Omit<ReduceOptions, "pod" | "wasm"> {
  /** A change laid over the cluster first, as {@link LoadedCluster.simulate}'s text; none by default. */
  change?: string;
  /** The namespace of the change's objects that name none, as {@link ClusterRunOptions.namespace}. */
  namespace?: string;
}

/** What {@link LoadClusterOptions.onProgress} is told after each chunk. */
export interface LoadProgress {
  /** Bytes read so far. */
  bytes: number;
  /** Objects (Node, Pod, ...) read so far. */
  objects: number;
}

/** Options of {@link loadCluster}. */
export interface LoadClusterOptions extends EngineOptions {
  /** Called after every chunk the engine has read. */
  onProgress?: (progress: LoadProgress) => void;
}

// ---------------------------------------------------------------------------
// Cluster sources.

/** A piece of a cluster dump: text, or UTF-8 bytes (a chunk may split a character anywhere). */
export type ClusterChunk = string | Uint8Array | ArrayBuffer;

/**
 * A `ReadableStream` of chunks (a `fetch` body, `Blob.stream()`, Node's web
 * streams): anything with a `getReader()` whose `read()` gives chunks.
 */
export interface ChunkStream {
  getReader(): {
    read(): PromiseLike<{ done: boolean; value?: ClusterChunk | undefined }>;
  };
}

/**
 * What {@link loadCluster} reads: the whole text, its bytes, a `Blob` or
 * `File` (read a slice at a time, with `FileReaderSync` in a worker), a
 * `ReadableStream`, or an async or sync iterable of chunks (Node's
 * `fs.createReadStream(path)` and `process.stdin` are async iterables).
 */
export type ClusterSource =
  | string
  | Uint8Array
  | ArrayBuffer
  | GlobalBlob
  | ChunkStream
  | AsyncIterable<ClusterChunk>
  | Iterable<ClusterChunk>
  | NamedClusterSource
  | readonly (NamedClusterSource | GlobalBlob)[];

/**
 * One file of a cluster kept as several (`nodes.json`, `pods/default.json`,
 * ...: a support bundle, a `kubectl cluster-info dump --output-directory`
 * tree). {@link loadCluster} takes a list of them (a `File` in the list
 * names itself), read in order as one cluster; diagnostics and objects then
 * name the file of their line (`source`).
 */
export interface NamedClusterSource {
  /** The file's name, as diagnostics name it (its path, say). */
  name: string;
  /** Its text, bytes, a `Blob`, a stream or chunks, as one source is read. */
  text: string | Uint8Array | ArrayBuffer | GlobalBlob | ChunkStream | AsyncIterable<ClusterChunk> | Iterable<ClusterChunk>;
  /**
   * It was found in a folder rather than named: when it holds no
   * Kubernetes object at all (a support bundle's API discovery, RBAC
   * rules, collection errors), its problems are one warning.
   */
  found?: boolean;
}

// ---------------------------------------------------------------------------
// Functions.

/**
 * Loads the engine once; later calls return the same engine (and ignore
 * `options`). Calling it is optional: every function here loads the engine
 * on first use. Call it early to load the WebAssembly while the user types,
 * or to pass {@link EngineOptions.wasm} once.
 *
 * Rejects when the WebAssembly cannot be fetched or compiled; the failed
 * load is forgotten, so a later call tries again.
 */
export declare function loadEngine(options?: EngineOptions): Promise<Engine>;

/**
 * Simulates a scenario: YAML or JSON text of Nodes, Pods, PriorityClasses,
 * PodDisruptionBudgets and a KubeSchedulerConfiguration, in one or many
 * documents or a kubectl List. Resolves to the result document.
 *
 * Bad input never rejects: it becomes {@link SimulationResult.diagnostics},
 * each with the line of its object or field, and whatever can still be
 * simulated is. Text over {@link MAX_TEXT_BYTES} is refused the same way.
 * Rejects only when the engine cannot load or fails (out of memory: the next
 * call loads a fresh engine).
 */
export declare function simulate(text: string, options?: SimulateOptions): Promise<SimulationResult>;

/**
 * Simulates a scenario under two profiles (by default `current` and
 * `v1.14`, the engine's choice) and resolves to a {@link Comparison}: each pod whose first decision or
 * final outcome differs, with the profile switches that explain it.
 *
 * Resolves to a plain {@link SimulationResult} carrying the diagnostic
 * instead when a profile name is unknown or the text is over
 * {@link MAX_TEXT_BYTES}; tell the two apart with `result.kind ===
 * "Comparison"`.
 */
export declare function compare(text: string, options?: CompareOptions): Promise<Comparison | SimulationResult>;

/**
 * Simulates two variants of a scenario alike and resolves to a
 * {@link VariantDiff}: the objects that differ from `a` to `b`, and each pod
 * whose first decision or final outcome differs, with the changes that flip
 * it when applied to `a` alone.
 *
 * Resolves to a plain {@link SimulationResult} carrying the diagnostic
 * instead when the profile name is unknown or a text is over
 * {@link MAX_TEXT_BYTES}; tell the two apart with `result.kind ===
 * "VariantDiff"`.
 */
export declare function diff(a: string, b: string, options?: DiffOptions): Promise<VariantDiff | SimulationResult>;

/**
 * Reduces a scenario for one pending pod to the smallest subset of its
 * objects that gives the pod's first scheduling attempt the same decision:
 * the same outcome, node and victims, and the same filter and dry-run
 * verdicts on the nodes kept (the message's counts shrink with the nodes).
 * Objects are removed and every step confirmed by re-simulating; nothing is
 * renamed or edited. Resolves to a {@link Reduction} whose `scenario` is the
 * kept objects cut out of `text` unchanged; or, for an unknown or bound pod,
 * a pod that gets no scheduling cycle, an unknown profile or a text over
 * {@link MAX_TEXT_BYTES}, a {@link ReductionError}. Throws a `TypeError`
 * when `options.pod` is not a pod name.
 */
export declare function reduce(text: string, options: ReduceOptions): Promise<Reduction | ReductionError>;

/** Where {@link reducedScenario} cuts a reduction's objects out of. */
export interface ReductionSources {
  /**
   * The text, bytes or Blob (only the kept objects' bytes are read) the
   * cluster was loaded from, or the list of files it was read from (each
   * file's text one of these), as given to {@link loadCluster}.
   */
  cluster?: string | Uint8Array | ArrayBuffer | GlobalBlob | readonly (NamedClusterSource | GlobalBlob)[];
  /** The change laid over it ({@link ClusterReduceOptions.change}), if any. */
  change?: string;
}

/**
 * Returns the reduced scenario's text: the kept objects cut out of their
 * sources unchanged by their {@link KeptObject.range}, in input order (YAML:
 * each kept document whole, the kept items of a list in a List; JSON: the
 * kept values as the items of a List, in kubectl's layout), then the
 * change's. A KubeSchedulerConfiguration in a source is kept.
 */
export declare function reducedScenario(reduction: Reduction, sources: ReductionSources): Promise<string>;

/** Resolves to the semantics profiles the engine knows, the default first. */
export declare function profiles(options?: EngineOptions): Promise<ProfileInfo[]>;

/**
 * Returns whether a result document (or a cluster summary) carries an error
 * diagnostic. A {@link Comparison} has none of its own: ask each of its
 * `results`.
 */
export declare function hasErrors(result: { readonly diagnostics: readonly { readonly severity: Severity }[] }): boolean;

/**
 * Reads a cluster (a kubectl dump: `kubectl get priorityclasses,nodes,pods,pdb
 * -A -o yaml` or `-o json`, typed lists as the API writes them, a `kubectl
 * cluster-info dump`, of any size) once, as a stream, and resolves to a
 * handle that simulates scenarios over it. The text is never held whole. A
 * list of {@link NamedClusterSource}s and `File`s is several files read in
 * order as one cluster (a support bundle, a dump's folder); a list of plain
 * chunks is one text.
 *
 * Bad objects in the dump do not reject: they are counted in
 * {@link ClusterSummary.errors} and listed in its diagnostics. Rejects with
 * the source's own error when it cannot be read, with a `TypeError` for a
 * source of another type, and when the engine fails (out of memory).
 */
export declare function loadCluster(source: ClusterSource, options?: LoadClusterOptions): Promise<LoadedCluster>;

/** A cluster read by {@link loadCluster}, held by the engine until {@link LoadedCluster.free}. */
export interface LoadedCluster {
  /** Counts, classes, PDBs and the problems found while reading. */
  readonly summary: ClusterSummary;
  /**
   * Simulates the cluster with the scenario text's objects laid over it: an
   * object of the same kind and name (namespace/name for namespaced kinds)
   * replaces the cluster's, others are added, as `kubectl apply` would. The
   * result's diagnostics are the scenario's own (the cluster's are in
   * {@link summary}). The scenario is the change: its pods carry
   * `fromChange`, and `options.namespace` names the namespace of its
   * objects that name none (`kubectl apply -n`). A non-empty change also
   * gets `change`, what it makes differ from the cluster settled alone
   * ({@link ChangeEffect}; the cluster alone is settled once per options).
   * Rejects once the cluster is freed.
   */
  simulate(text: string, options?: ClusterRunOptions): Promise<SimulationResult>;
  /**
   * A page of the cluster's objects (Nodes, then Pods, PodDisruptionBudgets
   * and PriorityClasses) whose kind, name (namespace/name for a pod) or
   * label keys and values contain `query` (case-sensitive; empty matches
   * all), stripped to the fields the scheduler reads. `offset` (default 0)
   * skips matches, `limit` (default 100) caps the page. Throws once freed.
   */
  objects(query?: string, page?: { offset?: number; limit?: number }): ObjectsPage;
  /**
   * {@link reduce} over the cluster with `options.change` laid over it. The
   * {@link Reduction} has no `scenario`: {@link reducedScenario} cuts it out
   * of the text the cluster was loaded from (and the change). Rejects once
   * the cluster is freed; throws a `TypeError` when `pod` is not a pod name.
   */
  reduce(pod: string, options?: ClusterReduceOptions): Promise<Reduction | ReductionError>;
  /** Releases the engine's copy of the cluster; later calls throw. Idempotent. */
  free(): void;
}

/**
 * The engine module: embind bindings that take and return JSON text. The
 * functions above are the supported API; these are what they call.
 */
export interface Engine {
  /** `seed` and `detailAttempt` below 0 mean none; `profile` "" means current; `startMs` NaN: the objects' times. */
  simulate(text: string, seed: number, detailAttempt: number, profile: string, startMs: number, latencyMs: number, controllers: boolean, decision: boolean): string;
  compare(text: string, seed: number, a: string, b: string, startMs: number, latencyMs: number, controllers: boolean): string;
  diff(a: string, b: string, seed: number, profile: string, startMs: number, latencyMs: number, controllers: boolean): string;
  reduce(text: string, pod: string, seed: number, profile: string, startMs: number, latencyMs: number, controllers: boolean): string;
  profiles(): string;
  Cluster: new () => EngineCluster;
}

/** The engine's cluster handle behind {@link LoadedCluster}; `delete()` frees it. */
export interface EngineCluster {
  /** Starts the next file of a cluster read from several (found: in a folder). */
  startSource(name: string, found: boolean): void;
  feed(chunk: ClusterChunk): void;
  finish(): void;
  bytes(): number;
  objectCount(): number;
  summary(): string;
  objects(query: string, offset: number, limit: number): string;
  /** `namespace` "": default. */
  simulate(text: string, seed: number, detailAttempt: number, profile: string, startMs: number, latencyMs: number, controllers: boolean, decision: boolean, namespace: string): string;
  reduce(change: string, pod: string, seed: number, profile: string, startMs: number, latencyMs: number, controllers: boolean, namespace: string): string;
  delete(): void;
}

// ---------------------------------------------------------------------------
// The result document (core/result_json.cc).

/**
 * A problem in the input (`"error"`, `"warning"`), or what podsim did on the
 * input's behalf that is no problem (`"info"`: a name generated from
 * `metadata.generateName`).
 */
export type Severity = "error" | "warning" | "info";

/**
 * One problem found in the input. Errors drop the object (or field) they
 * name; warnings say what was assumed. All are collected in one pass.
 */
export interface Diagnostic {
  severity: Severity;
  /** The object, e.g. `"Pod default/web"`, or `""` for the whole input. */
  object: string;
  /** The field path, e.g. `"spec.containers[0].resources.requests.cpu"`, or `""`. */
  path: string;
  /** The 1-based source line of the field (or of its object); 0 when unknown. */
  line: number;
  message: string;
  /** The 0-based index of the source document (YAML `---` part); -1 when unknown. */
  document: number;
  /**
   * Diagnostics with the same cause have one root cause (a typo several
   * objects name), e.g. `"missing:PriorityClass batch"`, `"object:Node a"`,
   * `"kind:Nod"`, `"field:Node:statu"`. Absent when it stands alone.
   */
  cause?: string;
  /** A second 1-based line the message names as `line N` (where an unclosed value starts). */
  relatedLine?: number;
  /** Over a loaded cluster: it concerns a cluster object, not the change (its line is the cluster's). */
  inCluster?: boolean;
  /** The file its line is in, when the cluster was read from several ({@link NamedClusterSource}). */
  source?: string;
  /**
   * What it changes in the simulation of the object it names, for that
   * object's verdict to say: `"priority"`, an unread field meant as the
   * pod's `spec.priorityClassName` or `spec.priority` (`priortyClassName`)
   * of a pod that sets neither, so it has the default priority. Absent when
   * nothing is known.
   */
  effect?: "priority";
}

/**
 * The result of simulating one scenario: every scheduling cycle the queue
 * ran, in order, and the picture of the cluster before and after.
 */
export interface SimulationResult {
  apiVersion: "podsim/v1";
  /**
   * Never present: a result has no `kind`. Declared so that the value of
   * {@link compare} narrows with `result.kind === "Comparison"` (and
   * {@link diff}'s with `"VariantDiff"`).
   */
  kind?: undefined;
  /** The release the profile mirrors, e.g. `"1.37"` or `"1.14"`. */
  kubernetesVersion: string;
  /** The profile simulated. */
  profile: ProfileName;
  /** Present at the decision level only ({@link LevelOption.level}). */
  level?: "decision";
  diagnostics: Diagnostic[];
  /** Every PodDisruptionBudget and how its disruptionsAllowed was obtained. */
  pdbs: PdbStatus[];
  /**
   * One entry per scheduling cycle (attempt), in the order the queue ran
   * them; a pod may have several (nominated, then scheduled).
   */
  pods: Attempt[];
  /** The simulated clock: where it started, where it ended, and what happened between cycles. */
  clock: Clock;
  /** The workload controllers: each workload's scale and pods, and each replacement chain. */
  workloads: Workloads;
  /** Allocatable, requests and placements: what the page's picture draws. */
  cluster: ClusterPicture;
  /**
   * Over a loaded cluster with a change ({@link LoadedCluster.simulate} of a
   * non-empty text): what the change makes differ from the cluster settled
   * alone under the same options.
   */
  change?: ChangeEffect;
}

/**
 * What a change laid over a cluster makes differ: the cluster settled alone
 * (a) and with the change (b). Attempts and chains are indexes into the
 * result's `pods` and `workloads.chains`.
 */
export interface ChangeEffect {
  /** The change's pods (and those its workloads created), where the run leaves each. */
  pods: ChangePod[];
  /** The cluster's pods that have a place when it settles alone and lose it with the change. */
  displaced: DisplacedPod[];
  /** The chains that start from the change: a preemption by its pods, or by a replacement such a chain created. */
  cascades: number[];
  /** The PDBs (`"namespace/name"`) whose disruptionsAllowed reaches 0 with the change and not without. */
  exhaustedPdbs: string[];
  /** The cluster's own activity, which it has alone too. */
  own: OwnActivity;
}

export interface ChangePod {
  pod: string;
  /** `evicted`: a later preemption took it; `deleted`: its controller did. */
  where: "bound" | "nominated" | "pending" | "evicted" | "deleted" | "not tried";
  /** The node it is bound or nominated to; "" otherwise. */
  node: string;
  /** Its last attempt (an index into `pods`), or null when it had none. */
  attempt: number | null;
  /** The pods its preemptions deleted. */
  evicted: string[];
}

export interface DisplacedPod {
  pod: string;
  /** Its node in the cluster settled alone. */
  before: string;
  /** `evicted`: a preemption deleted it; `deleted`: its controller; `moved`: it ends on another node; `pending`: unbound. */
  fate: "evicted" | "deleted" | "moved" | "pending";
  /** `moved`: the node it ends on; "" otherwise. */
  after: string;
  /** `evicted`: whose preemption deleted it; "" otherwise. */
  by: string;
  /** `by` is a pod of the change or of a cascade from it. */
  byChange: boolean;
}

export interface OwnActivity {
  /** Each of the cluster's own pending pods' last attempt (indexes into `pods`). */
  pending: number[];
  /** Its own attempts that evicted pods, and how many pods they evicted. */
  preemptions: number;
  victims: number;
  /** The chains that do not start from the change (indexes into `workloads.chains`). */
  chains: number[];
}

/** The simulated clock of a run. */
export interface Clock {
  /** RFC 3339, with milliseconds when not whole seconds. */
  start: string;
  /** `option`: options.startTime; `objects`: the latest time on the cluster's objects; `none`: no object carries a time (the Unix epoch). */
  startFrom: "option" | "objects" | "none";
  end: string;
  durationMs: number;
  /** What happened between the cycles, in order (at most 60,000; the rest are counted in eventsDropped). */
  events: QueueEvent[];
  eventsDropped: number;
}

/** What happens between scheduling cycles. */
export type QueueEventKind = "arrive" | "terminating" | "gone" | "unschedulable" | "backoff" | "active" | "flush" | "gated" | "created" | "deleted" | "pdbStatus" | "refused";

export interface QueueEvent {
  time: string;
  /** Milliseconds since the clock's start. */
  atMs: number;
  kind: QueueEventKind;
  /** `"namespace/name"`: the pod that arrives, moves or (a victim) terminates and leaves; "" for `refused` (no pod was created). */
  pod: string;
  /** The node a victim leaves. */
  node?: string;
  /** The end of a grace period or of a backoff. */
  until?: string;
  /** `created`, `deleted`, `refused`: the controller, e.g. `"ReplicaSet default/web-5d4f8"`. */
  workload?: string;
  /** `refused`: the ResourceQuota (`"namespace/name"`) that refused the pod. */
  quota?: string;
  /** `created`: the preempted pod this one replaces. */
  replaces?: string;
  /** `pdbStatus`: the budget (`"namespace/name"`) and its new disruptionsAllowed. */
  pdb?: string;
  disruptionsAllowed?: number;
  /** A sentence to read. */
  text: string;
}

/** What the workload controllers did over the run. */
export interface Workloads {
  /** Whether they ran (options.controllers, on by default). */
  controllers: boolean;
  /** They stopped after creating 20,000 pods: the cascade did not settle. */
  capped: boolean;
  items: WorkloadOutcome[];
  /** Each preemption of a controller's pod and what its replacement got. */
  chains: WorkloadChain[];
}

export interface WorkloadOutcome {
  kind: "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" | "ReplicationController";
  namespace: string;
  name: string;
  /** A ReplicaSet's Deployment, or "". */
  parent: string;
  /** False: the input lacks the object; its pods' ownerReferences name it. */
  inInput: boolean;
  /** A ReplicaSet a Deployment's rollout created in this run. */
  createdByRun: boolean;
  /** The object came from the change (--apply, the page's change). */
  fromChange: boolean;
  /** A Job past its backoffLimit. */
  failed: boolean;
  /** Replicas wanted (a DaemonSet: the nodes it should run on; a Deployment's ReplicaSet: its scale at the end). */
  wanted: number;
  runningBefore: number;
  runningAfter: number;
  pending: number;
  created: number;
  /** Its pods that preemption deleted. */
  lost: number;
  /** Creations the API server refused (a ResourceQuota); its controller retried them. */
  refused: number;
  /** The last refusal's FailedCreate event message ("Error creating: pods \"web-x\" is forbidden: exceeded quota: ..."), or "". */
  failedCreate: string;
  /** runningAfter reached wanted. */
  settled: boolean;
}

export interface WorkloadChain {
  victim: string;
  preemptor: string | null;
  /** The controller that replaced the victim. */
  workload: string;
  replacement: string;
  createdAt: string;
  /** The replacement's last attempt's outcome, or "not tried". */
  outcome: Outcome | "not tried";
  node: string | null;
  message: string;
  /** "a evicted b; ReplicaSet x recreated it as c; c pending: ..." */
  text: string;
}

/** A PodDisruptionBudget as the simulation used it. */
export interface PdbStatus {
  /** `"namespace/name"`. */
  pdb: string;
  /** At the start of the run. */
  disruptionsAllowed: number;
  /** At the end: the disruption controller recomputes it as the run's pods change, when the input has workloads (pdbStatus events). */
  disruptionsAllowedAtEnd: number;
  /** True when status.disruptionsAllowed was absent and computed as the disruption controller would. */
  computed: boolean;
  /** How disruptionsAllowed was obtained, to read. */
  explanation: string;
}

/** What a scheduling cycle decided. */
export type Outcome = "Scheduled" | "Nominated" | "Unschedulable";

/** One change an admission plugin made to a pod, and the object it came from. */
export interface AdmissionNote {
  /** The admission plugin: "LimitRanger". */
  plugin: string;
  /** The object that made the change, e.g. "LimitRange team-a/defaults". */
  object: string;
  /** What it set, e.g. "set cpu 100m, memory 128Mi request for container app; cpu 500m limit for container app". */
  change: string;
}

/** A pod's preemptionPolicy (from the pod or its PriorityClass). */
export type PreemptionPolicy = "PreemptLowerPriority" | "Never";

interface AttemptBase {
  /** `"namespace/name"`. */
  pod: string;
  /** How many of clock.events were recorded before this cycle began: the run in order is those events, this cycle, then the next ones. */
  eventsBefore: number;
  /** The pod came from the change laid over a cluster, or a controller of the change created it. */
  fromChange: boolean;
  /** The pod's how-manieth attempt, from 1. */
  attempt: number;
  /** When the cycle ran on the simulated clock, RFC 3339. */
  time: string;
  /** The same, in milliseconds since the clock's start. */
  atMs: number;
  /**
   * Whether `nodes`, `selection`, the dry-run traces and the candidates were
   * recorded (see {@link RunOptions.detailAttempt}); when false they are empty.
   */
  detailed: boolean;
  priority: number;
  preemptionPolicy: PreemptionPolicy;
  /**
   * What the API server's admission changed in the pod before it was queued
   * (a namespace's LimitRange gave its containers their default requests and
   * limits); absent when nothing changed. See docs/admission.md.
   */
  admission?: AdmissionNote[];
  outcome: Outcome;
  /** The node bound (Scheduled) or nominated (Nominated); null otherwise. */
  node: string | null;
  /** The pods preemption evicts (Nominated); empty otherwise. */
  victims: Victim[];
  /** How many victims violate a PodDisruptionBudget. */
  pdbViolations: number;
  /** What kube-scheduler writes in the pod's event, e.g. "0/3 nodes are available: 3 Insufficient cpu.". */
  message: string;
  /** Every node, in input order, when detailed; else empty. */
  nodes: NodeResult[];
  /** The table of pickOneNodeForPreemption, one step per criterion applied (detailed attempts). */
  selection: SelectionStep[];
  /** The score plugins that ran, when more than one node passed the filters. */
  scoredPlugins: ScorePluginName[];
  /** What PostFilter (DefaultPreemption) did; null when it did not run. */
  preemption: PreemptionSummary | null;
  /** Lower-priority pods whose nomination on the node this attempt cleared. */
  clearedNominations: string[];
  /** The cycle's own steps, to read. */
  trace: TraceStep<AttemptStepName>[];
}

/** The pod fits a node and is bound there. */
export interface ScheduledAttempt extends AttemptBase {
  outcome: "Scheduled";
  node: string;
  preemption: null;
}

/** No node fits; preemption found victims and nominated a node. */
export interface NominatedAttempt extends AttemptBase {
  outcome: "Nominated";
  node: string;
  /** How long the pod waits nominated: until its last victim has left (each holds its whole grace period), in milliseconds. */
  waitMs: number;
  /** When that is, in milliseconds since the clock's start. */
  waitUntilMs: number;
  preemption: PreemptionSummary;
}

/**
 * No node fits and preemption cannot help (or may not: preemptionPolicy
 * Never). `preemption` is null only when the cluster has no nodes.
 */
export interface UnschedulableAttempt extends AttemptBase {
  outcome: "Unschedulable";
  node: null;
}

/** One scheduling cycle; narrow it on `outcome`. */
export type Attempt = ScheduledAttempt | NominatedAttempt | UnschedulableAttempt;

/** A pod preemption evicts. */
export interface Victim {
  /** `"namespace/name"`. */
  pod: string;
  node: string;
  priority: number;
  /** Whether evicting it violates a PodDisruptionBudget. */
  pdbViolation: boolean;
  /** An attempt's victims only: when it leaves its node (its deletion plus its grace period), RFC 3339. */
  goneAt?: string;
  /** The same, in milliseconds since the clock's start. */
  goneAfterMs?: number;
  /** It was already terminating (an earlier preemption, or the input): it keeps its deadline. */
  alreadyTerminating?: boolean;
}

/** A framework.Status code. */
export type StatusCode = "Success" | "Error" | "Unschedulable" | "UnschedulableAndUnresolvable";

/**
 * The filter plugins that can reject a node, in kube-scheduler's default
 * order (NodeName never does: a pod being scheduled has no spec.nodeName;
 * VolumeBinding only at PreFilter, for a PersistentVolumeClaim that does
 * not exist).
 */
export type FilterPluginName =
  | "NodeUnschedulable"
  | "TaintToleration"
  | "NodeAffinity"
  | "NodePorts"
  | "NodeResourcesFit"
  | "VolumeRestrictions"
  | "VolumeBinding"
  | "PodTopologySpread"
  | "InterPodAffinity";

/** The score plugins podsim runs. */
export type ScorePluginName =
  | "TaintToleration"
  | "NodeAffinity"
  | "NodeResourcesFit"
  | "PodTopologySpread"
  | "InterPodAffinity"
  | "NodeResourcesBalancedAllocation";

/**
 * The result of a filter or of preemption on a node (framework.Status):
 * `plugin` is the plugin that set it, `""` for a success or a status no
 * single plugin set.
 */
export interface Status {
  code: StatusCode;
  plugin: FilterPluginName | "DefaultPreemption" | "";
  /** Each reason, e.g. "Insufficient cpu"; the event message counts them. */
  reasons: string[];
  /**
   * `v1.14` only, on a failed filter: the predicate that reported it, as
   * v1.14 named it (it had predicates, not plugins): `"CheckNodeUnschedulable"`,
   * `"PodToleratesNodeTaints"`, `"MatchInterPodAffinity"`, or the parts of
   * GeneralPredicates that failed, which report together:
   * `"PodFitsResources"`, `"PodFitsResources, PodFitsHostPorts"`, ...
   */
  predicate?: string;
}

/** One node in one detailed attempt. */
export interface NodeResult {
  node: string;
  /**
   * The filters' status on the node (`code` "Success" when it fits); null
   * when the attempt did not filter the node (its nominated node passed
   * first).
   */
  filter: Status | null;
  /** The node's score, when more than one node passed the filters. */
  score?: NodeScore;
  /** What preemption made of the node; null when preemption did not run. */
  preemption: NodePreemption | null;
}

/** A feasible node's score. */
export interface NodeScore {
  /** The sum of the plugins' scores; the highest wins, ties to the first node. */
  total: number;
  /** Each plugin's normalized score (0-100) times its weight. */
  plugins: Partial<Record<ScorePluginName, number>>;
}

/** What preemption made of one node. */
export type Verdict =
  /** Victims found: the node can host the pod. */
  | "candidate"
  /** The filter failure is unresolvable: not tried. */
  | "not-helpful"
  /**
   * No lower-priority pods on the node; or (status code "Error") the pod
   * fits with all of them put back.
   */
  | "no-victims"
  /** Even with every lower-priority pod gone, the pod does not fit. */
  | "does-not-fit"
  /** A potential node the dry run never reached (enough candidates were found). */
  | "not-evaluated";

/** The dry run on one node. */
export interface NodePreemption {
  verdict: Verdict;
  /** The dry run's status: "Success" for a candidate, else why not. */
  status: Status;
  /** The victims on this node, most important first (candidates). */
  victims: Victim[];
  pdbViolations: number;
  /** The dry run step by step. */
  trace: TraceStep<NodeStepName>[];
}

/** The steps of a cycle's own trace. */
export type AttemptStepName =
  /** The pod may not preempt (fits false), or v1.14 ignores preemptionPolicy: Never. */
  | "eligibility"
  /** How many potential nodes, how many candidates are looked for, from which node the dry run starts (v1.14: every one). */
  | "find-candidates"
  /** The nominated node is filtered first: fits, or no longer fits (with its status). */
  | "nominated-node"
  /** One node passed the filters, or several did and one scored highest. */
  | "score"
  /** Victims deleted, the pod nominated, lower nominations cleared (pods: those cleared). */
  | "actuate"
  /** Preemption failed: the pod's own nomination is kept or cleared. */
  | "nomination"
  /**
   * The event message's PostFilter part in plain words (`v1.35`, when the
   * message carries "no new claims to deallocate, preemption: ...").
   */
  | "postfilter";

/** The steps of a node's dry run, in order. */
export type NodeStepName =
  /** The node's filter failure is unresolvable (status: that failure). */
  | "not-helpful"
  /** Every lower-priority pod removed (pods: those removed). */
  | "remove-lower-priority"
  /** The filters without them: fits, or not (with the status). */
  | "filter-without-lower-priority"
  /** The removed pods, most important first, split by PDB violation. */
  | "pdb-classify"
  /** One pod put back (pods: [it]): fits, result, pdbViolation, and the status when evicted. */
  | "reprieve"
  /** The candidate's victims (pods: the victims). */
  | "result";

/** One readable step of an explanation, with the data behind it. */
export interface TraceStep<Step extends string = AttemptStepName | NodeStepName> {
  step: Step;
  /** The pods the step is about (`"namespace/name"`), often empty. */
  pods: string[];
  /** The step in words. */
  text: string;
  /** Whether the pod fits, for the steps that ran the filters. */
  fits?: boolean;
  /** A reprieve's result. */
  result?: "reprieved" | "evicted";
  /** A reprieve's: whether the pod put back is one whose eviction violates a PDB. */
  pdbViolation?: boolean;
  /** The filter status the step saw, when it failed. */
  status?: Status;
}

/** The criteria of pickOneNodeForPreemption, as the selection table names them. */
export type SelectionCriterion =
  | "fewest PDB violations"
  | "lowest highest-priority victim"
  | "lowest sum of victim priorities"
  | "fewest victims"
  | "latest start of the highest-priority victims"
  /** v1.14: a candidate needing no victims is taken at once (no scores). */
  | "needs no victims (taken at once)"
  /** The candidates left after every criterion: the first in node order wins (no scores). */
  | "first in node order (final tie)";

/**
 * One criterion applied to the candidates still in the running. The three
 * records have the same keys: the candidates' node names (none for the two
 * criteria without scores).
 */
export interface SelectionStep {
  criterion: SelectionCriterion;
  /**
   * Each candidate's score as the criterion compares it: higher is better, so
   * counts and priorities are negated, and the sum adds 2^31 per victim.
   */
  scores: Record<string, number>;
  /**
   * What a person compares, in words: "1 PDB violation", "highest victim
   * priority 100" (v1.14, when a PDB-violating victim is first: "first
   * victim priority 20 (highest 30)"), "sum 90" ("sum 5 + 1 × 2^31" when the
   * candidates' victim counts differ), "2 victims", "started
   * 2024-05-01T08:00:00Z" or "no startTime (counts as now)".
   */
  display: Record<string, string>;
  /**
   * The number in `display`: PDB violations, a priority, a sum of
   * priorities (without the 2^31s), victims, a start time in Unix seconds;
   * null for a victim without startTime.
   */
  values: Record<string, number | null>;
  /** The nodes with the best score, which the next criterion sees. */
  kept: string[];
  /** The node this criterion leaves alone: it wins; null while several are kept. */
  winner: string | null;
  /** Why, in words, where the values alone do not tell (the 2^31s, a missing startTime, a final tie); else "". */
  note: string;
}

/** What PostFilter (DefaultPreemption) did in an attempt. */
export interface PreemptionSummary {
  /**
   * False when the pod may not preempt: preemptionPolicy Never, or a
   * lower-priority pod still terminating on its nominated node.
   */
  eligible: boolean;
  /** Nodes whose filter failure preemption might resolve. */
  potentialNodes: number;
  /** How many candidates the dry run looks for (numCandidates). */
  numCandidates: number;
  /** The index among the potential nodes where the dry run starts (0, or random with a seed; 0 in v1.14, which dry-runs every one). */
  offset: number;
  /** Candidates found. */
  candidateCount: number;
  /** Whether the pod's own nomination was cleared. */
  nominationCleared: boolean;
  /** The candidates in dry-run order (detailed attempts; else empty). */
  candidates: Candidate[];
  /**
   * The PostFilter result when preemption failed, as the event message ends
   * with it: "preemption: 0/3 nodes are available: ..." (v1.35: "no new
   * claims to deallocate, preemption: ..."); "" when it succeeded.
   */
  message: string;
}

/** A node the dry run found a way to free. */
export interface Candidate {
  node: string;
  /** The victims, `"namespace/name"`. */
  victims: string[];
  pdbViolations: number;
}

/** The numbers a picture of the cluster needs. */
export interface ClusterPicture {
  nodes: ClusterNode[];
  /** Pods bound to a known node and pods the queue tried; in input order. */
  pods: ClusterPod[];
}

export interface ClusterNode {
  node: string;
  /** Source line of the Node. */
  line: number;
  /** cpu in millicores, memory in bytes, pods as a count. */
  allocatable: { cpu: number; memory: number; pods: number };
}

export interface ClusterPod {
  /** `"namespace/name"`. */
  pod: string;
  /** Source line of the Pod. */
  line: number;
  priority: number;
  /** Whether it has a deletionTimestamp: it is being deleted, and still holds its room. */
  terminating: boolean;
  /** cpu in millicores, memory in bytes. */
  requests: { cpu: number; memory: number };
  /** Where it was bound at the start; null for a pending pod. */
  node: string | null;
  /** Whether it was pending at the start. */
  pending: boolean;
  /** Where it runs at the end; null when evicted, deleted by its controller or never bound. */
  finalNode: string | null;
  /** The node it is nominated to at the end (its last attempt was Nominated); else null. */
  nominatedNode: string | null;
  /** The pod whose preemption evicted it; else null. */
  evictedBy: string | null;
  /** The workload whose controller deleted it in the run (scaling down, a rollout), "ReplicaSet default/web-5d4f8"; else null. */
  deletedBy: string | null;
}

// ---------------------------------------------------------------------------
// The comparison of two profiles.

/** A profile the engine knows. */
export interface ProfileInfo {
  name: ProfileName;
  /** The release it mirrors, e.g. "1.37". */
  kubernetesVersion: string;
  /** What it is, in a sentence. */
  summary: string;
}

/** The same scenario simulated under two profiles, and where they differ. */
export interface Comparison {
  apiVersion: "podsim/v1";
  kind: "Comparison";
  /** Profiles a and b. */
  profiles: [a: ProfileInfo, b: ProfileInfo];
  /** Each pod whose first decision, or else final outcome, differs; in the order profile a tried them. */
  differences: Difference[];
  /** The two full results, a and b. */
  results: [a: SimulationResult, b: SimulationResult];
}

/** Two variants of a scenario simulated alike, and where they differ. */
export interface VariantDiff {
  apiVersion: "podsim/v1";
  kind: "VariantDiff";
  /** The objects that differ, keyed by kind and namespace/name: a's order, then b's additions. */
  objects: ObjectChange[];
  /** Each pod whose first decision, or else final outcome, differs; in the order a, then b, tried them. */
  differences: VariantDifference[];
  /** Changes applied to a alone: the first `limit` of `objects`, and 0 when no pod differs. */
  tried: number;
  /** The most changes tried alone. */
  limit: number;
  /** The two full results, a and b. */
  results: [a: SimulationResult, b: SimulationResult];
}

/** An object added, removed or changed from variant a to b. */
export interface ObjectChange {
  /** `"Kind namespace/name"`, or `"Kind name"` for a cluster-scoped kind; a repeat in one input gets `" #2"`. */
  object: string;
  kind: string;
  /** `""` for a cluster-scoped kind. */
  namespace: string;
  name: string;
  /** "changed": the fields the engine reads differ. */
  change: "added" | "removed" | "changed";
}

/** A pod the two variants treat differently. */
export interface VariantDifference {
  /** `"namespace/name"`. */
  pod: string;
  /** "decision": the first attempt differs, or the pod has a cycle in one variant only; "outcome": only where the queue left it differs. */
  kind: "decision" | "outcome";
  /** Variant a's decision; null when the pod got no cycle there. */
  a: PodDecision | null;
  /** Variant b's decision; null when the pod got no cycle there. */
  b: PodDecision | null;
  /**
   * "single": each of `changes`, applied alone to a, gives b's decision.
   * "together": every change was tried and none does alone; `changes` are
   * those that move the pod at all. "untried": none of the `tried` changes
   * does alone and some were not tried; `changes` move the pod.
   */
  cause: "single" | "together" | "untried";
  /** `cause === "together"`. */
  together: boolean;
  /** {@link ObjectChange.object} names. */
  changes: string[];
}

/** The profile switches that explain a difference (one profile setting each). */
export type ProfileSwitchName =
  | "failure reasons"
  | "filter order"
  | "PodTopologySpread"
  | "NodeAffinity PreFilter"
  | "ReadWriteOncePod"
  | "nominated node first"
  | "preemptionPolicy"
  | "eligibility"
  | "potential nodes"
  | "candidate sampling"
  | "no-victims shortcut"
  | "victim order"
  | "victim re-sort"
  | "PDB violation"
  | "zero-victim node"
  | "pick criteria"
  | "nomination without candidate"
  | "event message"
  | "pod-level resources"
  | "sidecar host ports"
  | "request above allocatable"
  | "terminating victims"
  | "requeueing";

/** A pod the two profiles treat differently. */
export interface Difference {
  /** `"namespace/name"`. */
  pod: string;
  /** "decision": the first attempt differs; "outcome": only where the queue left the pod differs. */
  kind: "decision" | "outcome";
  /** Profile a's decision. */
  a: PodDecision;
  /** Profile b's decision. */
  b: PodDecision;
  /** True when no switch explains it alone, and `rules` lists every switch that moves the pod. */
  together: boolean;
  /** The switches that, set alone as the other profile sets them, reproduce the other decision. */
  rules: Rule[];
}

// ---------------------------------------------------------------------------
// The reduction (core/reduce.cc).

/** The smallest subset of a scenario that gives one pending pod the same decision. */
export interface Reduction {
  apiVersion: "podsim/v1";
  kind: "Reduction";
  /** The pod reduced for, `"namespace/name"`. */
  pod: string;
  /** Its first attempt's decision: the same over the input and the reduced scenario. */
  decision: PodDecision;
  /** kube-scheduler's message for that attempt over the whole input ("0/500 nodes are available: ..."). */
  message: string;
  /** The same over the reduced scenario: the same reasons, smaller counts. */
  reducedMessage: string;
  /** The clock's start (Unix ms) every run used: the input's latest time unless given. */
  startMs: number;
  /**
   * The reduced scenario gives the same decision only from `startMs`: read on
   * its own its clock starts at its own latest time, and the decision
   * differs. Simulate (and share) it with `startTime: startMs`.
   */
  startNeeded: boolean;
  /** The objects kept, in input order kind by kind (nodes, pods, classes, PDBs, workloads, claims, Namespaces). */
  kept: KeptObject[];
  /** Per kind the input holds: how many there were and how many stay. */
  counts: KindCount[];
  /** Simulations run, the first (the whole input) included. */
  runs: number;
  /** The most simulations a reduction runs. */
  limit: number;
  /** The limit stopped it: the scenario gives the same decision, but may hold objects it does not need. */
  capped: boolean;
  /** The reduced scenario's text ({@link reduce} only; see {@link reducedScenario}). */
  scenario?: string;
}

/** A reduction that could not run: the pod is unknown, bound or gets no cycle, or the profile is unknown. */
export interface ReductionError {
  apiVersion: "podsim/v1";
  kind: "Reduction";
  pod: string;
  /** Why, in words, e.g. `pod default/x is not in the scenario; pending pods: ...`. */
  error: string;
  runs: number;
}

/** An object of the input the reduced scenario keeps. */
export interface KeptObject {
  /** "Node", "Pod", "PriorityClass", "PodDisruptionBudget", a workload kind, "PersistentVolumeClaim", "Namespace", "KubeSchedulerConfiguration" (its name empty). */
  kind: string;
  /** Absent for cluster-scoped kinds. */
  namespace?: string;
  name: string;
  /** The line it starts on in its source (1-based). */
  line: number;
  /** Its document in its source (0-based), when known. */
  document?: number;
  /** Where its text is in its source: the reduced scenario is cut out of these bytes. */
  range: SourceRange;
  /** It came from the change laid over a loaded cluster ({@link LoadedCluster.reduce}). */
  change?: true;
  /** The file of the cluster it came from, when the cluster was read from several. */
  source?: string;
  /**
   * What it is to the decision ("a victim", "the node default/web is
   * nominated to", "runs on node-3") and, for an object the reduction could
   * have removed, what re-simulating without it showed ("; needed: without
   * it, default/web is scheduled on node-3").
   */
  reason: string;
}

/**
 * Where an object's text is in its source: bytes `[begin, end)` of its UTF-8
 * text, counted from the source's first byte. `form` says what the bytes are:
 * `"yamlDocument"`, a whole YAML document, from its start (after its `---`
 * line, leading comments included) to the end of its last value;
 * `"yamlItem"`, one item of a YAML list (a List's `items`, or a document that
 * is a list of objects), from its first key without the `- ` before it;
 * `"json"`, one JSON value, an item of a List or not.
 */
export interface SourceRange {
  begin: number;
  end: number;
  form: "yamlDocument" | "yamlItem" | "json";
  /**
   * An item of a typed list (a `NodeList`'s) that names no kind or
   * apiVersion of its own: what it takes from the list, which its text cut
   * out needs.
   */
  implied?: { apiVersion?: string; kind?: string };
}

/** How many objects of one kind the input held and the reduction kept. */
export interface KindCount {
  /** "Node", "Pod", "PriorityClass", "PodDisruptionBudget", "workload", "PersistentVolumeClaim" or "Namespace". */
  kind: string;
  total: number;
  kept: number;
  removed: number;
}

/** What one profile decided for a pod. */
export interface PodDecision {
  outcome: Outcome;
  /** The node bound or nominated; `""` when Unschedulable. */
  node: string;
  /** The victims, `"namespace/name"`, sorted. */
  victims: string[];
}

export interface Rule {
  switch: ProfileSwitchName;
  /** What each profile does, e.g. "v1.14 orders victims by priority only...; current orders...". */
  text: string;
}

// ---------------------------------------------------------------------------
// A loaded cluster's summary and objects (core/loaded_cluster.cc).

/** A loaded cluster at a glance. */
export interface ClusterSummary {
  nodes: number;
  pods: { total: number; bound: number; pending: number };
  /** The bound pods' requests. */
  requested: { cpuMillis: number; memoryBytes: number };
  /** The nodes' allocatable. */
  allocatable: { cpuMillis: number; memoryBytes: number };
  /** Pods per namespace, by namespace name. */
  podsByNamespace: { namespace: string; pods: number }[];
  /** Every PriorityClass and how many pods name it. */
  priorityClasses: {
    name: string;
    value: number;
    globalDefault: boolean;
    preemptionPolicy: PreemptionPolicy;
    pods: number;
  }[];
  /** Pods that name no PriorityClass. */
  podsWithoutClass: number;
  /** The classes pods name that the cluster lacks, each with its pods: with `priorityClasses` and `podsWithoutClass`, every pod counted once. */
  podsOfMissingClasses: { name: string; pods: number }[];
  pdbs: { pdb: string; line: number; source?: string }[];
  /** Error diagnostics, all of them counted. */
  errors: number;
  /** Warning diagnostics, all of them counted (the rest are infos). */
  warnings: number;
  /** The files the cluster was read from, when several, in order. */
  sources?: string[];
  /** Diagnostics, all of them counted. */
  diagnosticCount: number;
  /** The first 200 diagnostics. */
  diagnostics: Omit<Diagnostic, "document">[];
}

/** A page of {@link LoadedCluster.objects}. */
export interface ObjectsPage {
  /** How many objects match, in all. */
  total: number;
  objects: ClusterObject[];
}

/** An object of a loaded cluster, stripped to the fields the scheduler reads. */
export type ClusterObject = NodeObject | PodObject | PodDisruptionBudgetObject | PriorityClassObject;

export interface NodeObject {
  kind: "Node";
  name: string;
  line: number;
  /** The file it is in, when the cluster was read from several. */
  source?: string;
  labels: Record<string, string>;
  /** Allocatable cpu. */
  cpuMillis: number;
  /** Allocatable memory. */
  memoryBytes: number;
  /** Allocatable pods. */
  pods: number;
  /** Each taint as "key" or "key=value" (the effect is not shown). */
  taints: string[];
  unschedulable: boolean;
}

export interface PodObject {
  kind: "Pod";
  name: string;
  namespace: string;
  line: number;
  /** The file it is in, when the cluster was read from several. */
  source?: string;
  labels: Record<string, string>;
  /** spec.nodeName; `""` when pending. */
  node: string;
  /** `""` when none. */
  priorityClassName: string;
  /** Requested cpu. */
  cpuMillis: number;
  /** Requested memory. */
  memoryBytes: number;
  /** status.phase; `""` when absent. */
  phase: string;
  /** Whether metadata.deletionTimestamp is set. */
  terminating: boolean;
}

export interface PodDisruptionBudgetObject {
  kind: "PodDisruptionBudget";
  name: string;
  namespace: string;
  line: number;
  /** The file it is in, when the cluster was read from several. */
  source?: string;
}

export interface PriorityClassObject {
  kind: "PriorityClass";
  name: string;
  line: number;
  /** The file it is in, when the cluster was read from several. */
  source?: string;
  value: number;
}
