// The engine's worker and the requests it answers, for the page and the docs
// embed alike. Each request gets an id, and the worker's answers with that id
// (progress, then the last) go to the handler it was made with. A worker that
// stops answers every request still on its way with {stopped: true, error};
// the next request starts a new one. Also what both do with an answer: which
// of a comparison's or a variant diff's results shows.

/** The pause in typing after which the text runs, in ms. */
export const RUN_DELAY_MS = 300;

/**
 * Creates the runner over the Worker startWorker() returns, started by
 * start() or by the first message. hooks: onStopped() once a worker stopped
 * (the requests on their way have had their {stopped} answer);
 * stoppedError(event) the error those answers carry (by default the error
 * event's message).
 */
export function createRunner(startWorker, { onStopped = () => {}, stoppedError = (event) => event.message ?? "" } = {}) {
  let worker = null;
  let lastId = 0;
  let waiting = new Map(); // id -> onAnswer, for the requests on their way

  function start() {
    worker = startWorker();
    worker.onmessage = ({ data }) => {
      const onAnswer = waiting.get(data.id);
      if (!onAnswer) return; // a request nobody waits for (its worker was replaced)
      if (!data.progress) waiting.delete(data.id);
      onAnswer(data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      worker = null;
      const stopped = waiting;
      waiting = new Map();
      const error = stoppedError(event);
      for (const [id, onAnswer] of stopped) onAnswer({ id, stopped: true, error });
      onStopped();
    };
  }

  /** Replaces the worker (one busy reading a dump) with a new one; the requests on their way are dropped unanswered. */
  function restart() {
    worker?.terminate();
    waiting = new Map();
    start();
  }

  /** Posts a message that wants no answer. */
  function post(message) {
    if (!worker) start();
    worker.postMessage(message);
  }

  /** Posts message under a new id, which it returns; onAnswer(data) takes each answer to it. */
  function request(message, onAnswer) {
    const id = ++lastId;
    if (!worker) start();
    waiting.set(id, onAnswer);
    worker.postMessage({ ...message, id });
    return id;
  }

  return { start, restart, post, request };
}

/**
 * Returns {result, comparison, variantDiff}: what an answer shows. A
 * comparison holds one result per profile (profile's shows, else the
 * first); a variant diff one per variant (editing's: "a" or "b"). An answer
 * whose comparison or diff failed holds the failure's document, which shows
 * as the result.
 */
export function pickResult(data, { profile = "", editing = "a" } = {}) {
  if (data.variantDiff) {
    const variantDiff = data.variantDiff;
    if (variantDiff.kind !== "VariantDiff") return { result: variantDiff, comparison: null, variantDiff: null };
    return { result: variantDiff.results[editing === "a" ? 0 : 1], comparison: null, variantDiff };
  }
  if (!data.comparison) return { result: data.result, comparison: null, variantDiff: null };
  const comparison = data.comparison;
  if (comparison.kind !== "Comparison") return { result: comparison, comparison: null, variantDiff: null };
  const result = comparison.results.find((r) => r.profile === profile) ?? comparison.results[0];
  return { result, comparison, variantDiff: null };
}
