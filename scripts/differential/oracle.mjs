// The oracle (build/oracle/oracle, upstream's kube-scheduler in Go) as one long-lived process:
// scenarios go in as JSON lines and answers come back in order, so that a campaign pays one
// process start. See docs/fidelity.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const oracleBinary = `${root}build/oracle/oracle`;

/**
 * The oracles: upstream's kube-scheduler at v1.37 (oracle/v1.37/, the default), the release podsim's
 * `current` profile models; at v1.35 (oracle/, profile v1.35); and at v1.31 (oracle/v1.31/,
 * decision level only); each with its build.sh part.
 */
export const oracles = {
  "1.37": { binary: `${root}build/oracle-v1.37/oracle`, part: "oracle-v1.37", profile: "current", levels: ["decision", "run"], workloads: true },
  "1.35": { binary: oracleBinary, part: "oracle", profile: "v1.35", levels: ["decision", "run"], workloads: true },
  "1.31": { binary: `${root}build/oracle-v1.31/oracle`, part: "oracle-v1.31", profile: "v1.31", levels: ["decision"] },
};

/** Whether this machine has Go (so the oracle can be built). */
export function haveGo() {
  return spawnSync("go", ["version"], { stdio: "ignore" }).status === 0;
}

/** Builds the oracle (incremental; the first build downloads k8s.io/kubernetes). */
export function buildOracle(version = "1.37") {
  const { binary, part } = oracles[version];
  const built = spawnSync("bash", [`${root}scripts/build.sh`, part], { stdio: "inherit" });
  if (built.status !== 0 || !existsSync(binary)) throw new Error("the oracle did not build");
}

/**
 * Starts `oracle batch`; ask(text) resolves to the oracle's result document. binary: another
 * build than the version's (scripts/differential/oracle-versions.mjs).
 */
export function startOracle({ level = "decision", version = "1.37", controllers = false, binary } = {}) {
  // PODSIM_ORACLE_CPUPROFILE=FILE: the oracle writes a CPU profile of the batch (go tool pprof).
  const profile = process.env.PODSIM_ORACLE_CPUPROFILE;
  const args = ["batch", ...(level === "decision" ? ["--decision"] : []), ...(controllers ? ["--controllers"] : []),
    ...(profile ? ["--cpuprofile", profile] : [])];
  const child = spawn(binary ?? oracles[version].binary, args, {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = new Map();
  let next = 0;
  createInterface({ input: child.stdout }).on("line", (line) => {
    const reply = JSON.parse(line);
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error) pending.reject(new Error(`oracle: ${reply.error}`));
    else pending.resolve(reply.result);
  });
  child.on("exit", (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`oracle exited with ${code}`));
    waiting.clear();
  });
  return {
    ask(text) {
      const id = String(next++);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, text })}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
  };
}
