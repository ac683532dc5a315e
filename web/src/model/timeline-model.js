// The queue as a sequence of moments: the engine's own run (the pods bound at
// the start, the clock's events and the attempts, in the order the queue ran
// them) replayed into where every pod of the cluster picture is at each
// moment. Rendering only: every move is one the result records. The replay
// is built once per result as a compact list of state changes, with a copy
// of every pod's state every few moves, so any moment is a copy and a few
// changes away.

/** A pod's state at a moment, by code. */
export const STATES = ["absent", "pending", "nominated", "running", "terminating", "gone"];
const [ABSENT, PENDING, NOMINATED, RUNNING, TERMINATING, GONE] = [0, 1, 2, 3, 4, 5];

// Copies of every pod's state are kept for at most this many cells in all.
const CHECKPOINT_CELLS = 2_000_000;
const MIN_CHECKPOINT_EVERY = 64; // moves

const models = new WeakMap();

/** Returns the replay of a result (built once per result object). */
export function timelineModel(result) {
  let model = models.get(result);
  if (!model) {
    model = buildModel(result);
    models.set(result, model);
  }
  return model;
}

// The pod-state changes one clock event makes: [pod, state, node] triples.
function eventChanges(event, podIndex, nodeIndex) {
  const pod = podIndex.get(event.pod);
  if (pod === undefined) return [];
  const node = event.node === undefined ? -1 : (nodeIndex.get(event.node) ?? -1);
  switch (event.kind) {
    case "arrive":
    case "created":
      return [[pod, PENDING, -1]];
    case "terminating":
    case "deleted":
      return [[pod, TERMINATING, node]];
    case "gone":
      return [[pod, GONE, node]];
    default:
      return []; // moves between the queues, budgets: no change in the picture
  }
}

// The changes one attempt makes: the pod bound, nominated or still pending,
// and the nominations it cleared (the victims' deletions are clock events).
function attemptChanges(attempt, podIndex, nodeIndex) {
  const out = [];
  const pod = podIndex.get(attempt.pod);
  if (pod !== undefined) {
    const node = attempt.node === null ? -1 : (nodeIndex.get(attempt.node) ?? -1);
    const state = attempt.outcome === "Scheduled" ? RUNNING : attempt.outcome === "Nominated" ? NOMINATED : PENDING;
    out.push([pod, state, state === PENDING ? -1 : node]);
  }
  for (const cleared of attempt.clearedNominations ?? []) {
    const i = podIndex.get(cleared);
    if (i !== undefined) out.push([i, PENDING, -1]);
  }
  return out;
}

// Each pod's state at the start: bound pods run (or terminate), pending pods
// wait, unless the log shows them arriving or being created later.
function initialState(pods, nodeIndex, events) {
  const arriving = new Set(events.filter((e) => e.kind === "arrive" || e.kind === "created").map((e) => e.pod));
  const state = new Uint8Array(pods.length);
  const node = new Int32Array(pods.length).fill(-1);
  pods.forEach((p, i) => {
    if (p.node !== null) {
      state[i] = p.terminating ? TERMINATING : RUNNING;
      node[i] = nodeIndex.get(p.node) ?? -1;
    } else {
      state[i] = p.pending && !arriving.has(p.pod) ? PENDING : ABSENT;
    }
  });
  return { state, node };
}

function buildModel(result) {
  const pods = result.cluster?.pods ?? [];
  const nodes = result.cluster?.nodes ?? [];
  const events = result.clock?.events ?? [];
  const attempts = result.pods;
  const podIndex = new Map(pods.map((p, i) => [p.pod, i]));
  const nodeIndex = new Map(nodes.map((n, i) => [n.node, i]));

  // 1) The run in order: the events before each attempt, the attempt, then
  //    the events after the last one. A move is an event (>= 0) or an
  //    attempt (-1 - index).
  const order = [];
  let next = 0;
  attempts.forEach((a, i) => {
    const before = Math.min(a.eventsBefore ?? next, events.length);
    for (; next < before; next++) order.push(next);
    order.push(-1 - i);
  });
  for (; next < events.length; next++) order.push(next);

  // 2) Each move's time and changes, in flat arrays.
  const moves = order.length;
  const moveAt = new Float64Array(moves);
  const moveOf = Int32Array.from(order);
  const changeStart = new Int32Array(moves + 1);
  const changes = [];
  const attemptMove = new Int32Array(attempts.length);
  const touched = new Set(); // nodes where anything happens
  order.forEach((m, k) => {
    const made = m >= 0 ? eventChanges(events[m], podIndex, nodeIndex) : attemptChanges(attempts[-1 - m], podIndex, nodeIndex);
    moveAt[k] = m >= 0 ? events[m].atMs : (attempts[-1 - m].atMs ?? 0);
    if (m < 0) attemptMove[-1 - m] = k;
    changeStart[k] = changes.length / 3;
    for (const [pod, state, node] of made) {
      changes.push(pod, state, node);
      if (node >= 0) touched.add(nodes[node].node);
    }
  });
  changeStart[moves] = changes.length / 3;

  // 3) Steps: the start, then each attempt with the events at its time that
  //    follow it (its consequences), then the end when events remain.
  const stepEnd = [0];
  attempts.forEach((a, i) => {
    let end = attemptMove[i] + 1;
    const limit = i + 1 < attempts.length ? attemptMove[i + 1] : moves;
    while (end < limit && moveAt[end] <= moveAt[attemptMove[i]]) end++;
    stepEnd.push(end);
  });
  if (stepEnd.at(-1) < moves) stepEnd.push(moves);

  const model = {
    result,
    pods,
    nodes,
    events,
    attempts,
    moves,
    moveAt,
    moveOf,
    changeStart,
    changes: Int32Array.from(changes),
    attemptMove,
    stepEnd,
    touched,
    initial: initialState(pods, nodeIndex, events),
    durationMs: result.clock?.durationMs ?? (moves > 0 ? moveAt[moves - 1] : 0),
  };
  buildCheckpoints(model);
  return model;
}

// Copies every pod's state every `every` moves.
function buildCheckpoints(model) {
  const n = model.pods.length;
  const every = Math.max(MIN_CHECKPOINT_EVERY, Math.ceil((model.moves * n) / CHECKPOINT_CELLS));
  const count = Math.floor(model.moves / every) + 1;
  const states = new Uint8Array(count * n);
  const nodes = new Int32Array(count * n);
  const state = model.initial.state.slice();
  const node = model.initial.node.slice();
  for (let c = 0; c < count; c++) {
    if (c > 0) apply(model, state, node, (c - 1) * every, c * every);
    states.set(state, c * n);
    nodes.set(node, c * n);
  }
  model.checkpoints = { every, states, nodes };
  model.cursor = { m: 0, state: model.initial.state.slice(), node: model.initial.node.slice() };
}

// Applies moves [from, to) to the state arrays.
function apply(model, state, node, from, to) {
  const { changes, changeStart } = model;
  for (let c = changeStart[from]; c < changeStart[to]; c++) {
    const pod = changes[3 * c];
    state[pod] = changes[3 * c + 1];
    const at = changes[3 * c + 2];
    if (at >= 0 || changes[3 * c + 1] === PENDING) node[pod] = at;
  }
}

/**
 * Returns {state, node}: every pod's state code (STATES) and node index
 * after the first m moves. The arrays are the model's own, valid until the
 * next call.
 */
export function stateAfter(model, m) {
  const cursor = model.cursor;
  const { every, states, nodes } = model.checkpoints;
  const target = Math.max(0, Math.min(m, model.moves));
  if (target < cursor.m || target - cursor.m > every) {
    const c = Math.floor(target / every);
    const n = model.pods.length;
    cursor.state.set(states.subarray(c * n, (c + 1) * n));
    cursor.node.set(nodes.subarray(c * n, (c + 1) * n));
    cursor.m = c * every;
  }
  apply(model, cursor.state, cursor.node, cursor.m, target);
  cursor.m = target;
  return cursor;
}

/** Returns the pods whose state moves [from, to) change. */
export function changedPods(model, from, to) {
  const out = new Set();
  for (let c = model.changeStart[Math.max(0, from)]; c < model.changeStart[Math.max(from, to)]; c++) out.add(model.changes[3 * c]);
  return out;
}

/** Returns how many moves happened at or before atMs. */
export function movesUntil(model, atMs) {
  let lo = 0;
  let hi = model.moves;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (model.moveAt[mid] <= atMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Returns the index of the last attempt among the first m moves, or -1. */
export function attemptBefore(model, m) {
  let lo = 0;
  let hi = model.attempts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (model.attemptMove[mid] < m) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Returns the distinct times at which something happens, ascending, with 0 and the end. */
export function timePoints(model) {
  if (!model.times) {
    const times = [0];
    for (const at of model.moveAt) if (at !== times.at(-1)) times.push(at);
    if (model.durationMs > times.at(-1)) times.push(model.durationMs);
    model.times = times;
  }
  return model.times;
}

/**
 * Returns the moment after the first m moves as plain data for the
 * picture: {placed: node -> [{pod, state}], pending: [pod], changed: Set of
 * pod keys changed by moves [since, m), now: the nodes they are on, busy:
 * the nodes where anything happens over the run}.
 */
export function momentAt(model, m, since = m) {
  const { state, node } = stateAfter(model, m);
  const placed = new Map(model.nodes.map((n) => [n.node, []]));
  const pending = [];
  for (let i = 0; i < model.pods.length; i++) {
    const s = state[i];
    if (s === ABSENT) continue;
    const pod = model.pods[i];
    if (s === PENDING || (s === NOMINATED && node[i] < 0)) pending.push({ pod, state: STATES[PENDING] });
    else if (node[i] >= 0) placed.get(model.nodes[node[i]].node).push({ pod, state: STATES[s] });
  }
  const moved = [...changedPods(model, since, m)];
  const changed = new Set(moved.map((i) => model.pods[i].pod));
  const now = new Set(moved.filter((i) => node[i] >= 0).map((i) => model.nodes[node[i]].node));
  return { placed, pending, changed, now, busy: model.touched };
}

// The clock events among moves [from, to).
function eventsIn(model, from, to) {
  const out = [];
  for (let k = from; k < to; k++) if (model.moveOf[k] >= 0) out.push(model.events[model.moveOf[k]]);
  return out;
}

/** Returns the last step (the start is 0; attempt k is step k; the end follows when events remain). */
export const lastStep = (model) => model.stepEnd.length - 1;

/**
 * Returns the moment a position ({mode: "attempt", step} or {mode: "time",
 * atMs}) shows: {mode, step, end (the end of the run), atMs, m and since
 * (the moves done, and those done before this moment's), attempt and
 * attemptIndex (the latest attempt; null and -1 before the first),
 * attemptsHere (attempts at this moment), before and after (the clock
 * events before the attempt and after it, at this moment)}.
 */
export function pointAt(model, position) {
  const n = model.attempts.length;
  if (position.mode === "time") {
    const atMs = Math.max(0, Math.min(Number(position.atMs) || 0, model.durationMs));
    const m = movesUntil(model, atMs);
    const instant = m > 0 ? model.moveAt[m - 1] : 0;
    const since = m > 0 ? movesUntil(model, instant - 1e-9) : 0;
    const attemptIndex = attemptBefore(model, m);
    const attemptsHere = attemptIndex - attemptBefore(model, since);
    return {
      mode: "time",
      step: attemptIndex + 1,
      end: atMs >= model.durationMs && m === model.moves,
      atMs,
      m,
      since,
      attempt: attemptIndex >= 0 ? model.attempts[attemptIndex] : null,
      attemptIndex,
      attemptsHere,
      before: eventsIn(model, since, m),
      after: [],
    };
  }
  const step = Math.max(0, Math.min(Math.trunc(Number(position.step) || 0), lastStep(model)));
  const m = model.stepEnd[step];
  const since = step > 0 ? model.stepEnd[step - 1] : 0;
  const attemptIndex = step >= 1 && step <= n ? step - 1 : -1;
  const move = attemptIndex >= 0 ? model.attemptMove[attemptIndex] : m;
  return {
    mode: "attempt",
    step,
    end: step > n,
    atMs: attemptIndex >= 0 ? (model.attempts[attemptIndex].atMs ?? 0) : step === 0 ? 0 : model.durationMs,
    m,
    since,
    attempt: attemptIndex >= 0 ? model.attempts[attemptIndex] : null,
    attemptIndex,
    attemptsHere: attemptIndex >= 0 ? 1 : 0,
    before: eventsIn(model, since, move),
    after: eventsIn(model, Math.min(move + 1, m), m),
  };
}

/** Returns the time point delta points from atMs (the previous or next moment something happens), clamped. */
export function timeStep(model, atMs, delta) {
  const times = timePoints(model);
  let i = 0;
  while (i + 1 < times.length && times[i + 1] <= atMs) i++;
  if (delta < 0 && times[i] < atMs) i += 1; // between two points: Left goes to the one before
  return times[Math.max(0, Math.min(i + delta, times.length - 1))];
}
