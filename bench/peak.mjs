// Loaded with `node --import bench/peak.mjs ...`: at exit, prints the
// process's peak resident memory (VmHWM) to stderr as one JSON line, so the
// ingestion benchmark measures the CLI exactly as a user runs it.
import { readFileSync } from "node:fs";

process.on("exit", () => {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  process.stderr.write(`${JSON.stringify({ peak_mb: Math.round(kb / 1024) })}\n`);
});
