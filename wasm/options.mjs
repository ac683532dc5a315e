// The options podsim's JS API, its command line and the kubectl plugin share,
// checked here and nowhere else: what each takes, read from a JavaScript
// value (the API) or from command-line text, and the one message a bad
// value gets, naming the option as the caller wrote it, the value and what
// is valid: `--seed takes a whole number from 0 to 9007199254740991, not "x"`.
// Also the command lines' reading of their arguments (Node's util.parseArgs,
// strict) with its errors in the same words. This module imports nothing of
// Node: the page loads it through wasm/index.mjs.

/** A bad option value (or command-line argument); a TypeError, as the API has always thrown. */
export class OptionError extends TypeError {
  constructor(message, { option, value } = {}) {
    super(message);
    this.name = "OptionError";
    this.option = option;
    this.value = value;
  }
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
// A pod as "<namespace>/<name>", or a name alone (in default).
const POD = /^([a-z0-9][-a-z0-9.]*\/)?[a-z0-9][-a-z0-9.]*$/;
const MAX_LATENCY_MS = 3_600_000;

// A value as a message shows it: text quoted, numbers as written, other
// things by their kind.
function shown(value) {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === null) return "null";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid Date" : value.toISOString();
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function bad(option, value, valid) {
  return new OptionError(`${option} takes ${valid}, not ${shown(value)}`, { option, value });
}

const absent = (value) => value === undefined || value === null;
const nonEmpty = (text) => text !== "";

/**
 * The shared options. Each has valid (what it takes, in words), read(value)
 * (a JavaScript value as the API takes it to the value the engine is given,
 * or undefined when it is not valid) and, for those a command line takes,
 * fromText(text) (command-line text to the value the API takes, or
 * undefined). validValue, when set, is what the API takes, where it takes
 * more than text can say.
 */
export const OPTIONS = {
  seed: {
    valid: `a non-negative integer (at most ${Number.MAX_SAFE_INTEGER})`,
    read: (v) => (Number.isSafeInteger(v) && v >= 0 ? v : undefined),
    fromText: (t) => (/^\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : undefined),
  },
  startTime: {
    valid: "an RFC 3339 time such as 2024-05-01T08:00:00Z",
    validValue: "an RFC 3339 time such as 2024-05-01T08:00:00Z, a Date or Unix milliseconds",
    // Unix milliseconds, within what a Date holds.
    read: (v) => {
      const ms = v instanceof Date ? v.getTime() : typeof v === "string" ? (RFC3339.test(v) ? Date.parse(v) : NaN) : typeof v === "number" ? v : NaN;
      return Number.isFinite(ms) && Number.isFinite(new Date(ms).getTime()) ? Math.trunc(ms) : undefined;
    },
    fromText: (t) => (RFC3339.test(t) && Number.isFinite(Date.parse(t)) ? t : undefined),
  },
  apiLatencyMs: {
    valid: "milliseconds from 0 to 3,600,000",
    read: (v) => (typeof v === "number" && v >= 0 && v <= MAX_LATENCY_MS ? Math.trunc(v) : undefined),
    fromText: (t) => (/^\d{1,7}$/.test(t) && Number(t) <= MAX_LATENCY_MS ? Number(t) : undefined),
  },
  namespace: {
    valid: "a namespace name (a lowercase RFC 1123 label such as team-a: a-z, 0-9 and '-', at most 63)",
    read: (v) => (typeof v === "string" && LABEL.test(v) ? v : undefined),
    fromText: (t) => (LABEL.test(t) ? t : undefined),
  },
  profile: {
    valid: "a profile name such as current or v1.14",
    read: (v) => (typeof v === "string" ? v : undefined),
    fromText: (t) => (t !== "" ? t : undefined),
  },
  profiles: {
    valid: "two profile names, [a, b]",
    read: (v) => (Array.isArray(v) && v.length === 2 && v.every((p) => typeof p === "string" && p !== "") ? [v[0], v[1]] : undefined),
  },
  controllers: {
    valid: "true or false",
    read: (v) => (typeof v === "boolean" ? v : undefined),
  },
  level: {
    valid: '"run" (every pending pod through the queue until it settles) or "decision" (each pending pod\'s first cycle against the input as it stands)',
    read: (v) => (v === "run" || v === "decision" ? v : undefined),
  },
  detailAttempt: {
    valid: "the index of an attempt in result.pods (a non-negative integer)",
    read: (v) => (Number.isSafeInteger(v) && v >= 0 ? v : undefined),
  },
  pod: {
    valid: 'a pod as "<namespace>/<name>" (e.g. default/web; a name alone is in default)',
    read: (v) => (typeof v === "string" && POD.test(v) ? v : undefined),
    fromText: (t) => (POD.test(t) ? t : undefined),
  },
};

/**
 * Returns options[name] as the engine takes it, or undefined when it is
 * absent (undefined or null). Throws an OptionError naming
 * `options.<name>` (or the option as shown) for any other value.
 */
export function optionValue(options, name, option = `options.${name}`) {
  const value = options?.[name];
  if (absent(value)) return undefined;
  const spec = OPTIONS[name];
  const read = spec.read(value);
  if (read === undefined) throw bad(option, value, spec.validValue ?? spec.valid);
  return read;
}

/** Returns options[name] as optionValue() does; absent, it is as bad as any other wrong value. */
export function requiredValue(options, name, option = `options.${name}`) {
  const value = optionValue(options, name, option);
  if (value === undefined) {
    throw new OptionError(`${option} takes ${OPTIONS[name].validValue ?? OPTIONS[name].valid}; none was given`, { option });
  }
  return value;
}

/**
 * Returns a command line's text for option name as the API takes it.
 * Throws an OptionError naming the option as written (option: "-n" or
 * "--namespace").
 */
export function optionFromText(name, text, option) {
  const spec = OPTIONS[name];
  const value = spec.fromText(text);
  if (value === undefined) throw bad(option, text, spec.valid);
  return value;
}

/**
 * Throws the one message an unknown profile gets, the engine's own, unless
 * known (the names from profiles()) holds name.
 */
export function checkProfile(name, known) {
  if (!known.includes(name)) {
    throw new OptionError(`unknown profile "${name}" (known: ${known.join(", ")})`, { option: "profile", value: name });
  }
}

/**
 * Reads a command line with parse, Node's util.parseArgs (passed in: this
 * module imports nothing of Node), strict and with positionals.
 * spec.options maps each long name to {type, short, multiple} and, for a
 * string, either option (the name in OPTIONS whose check its value gets) or
 * valid (what it takes, in words) with check(text) (default: not empty);
 * spec.unknown(flag, name) words an unknown option, and spec.missing(flag,
 * valid), if given, an option whose value is missing (default: `<flag>
 * takes <valid>`, then why); spec.booleanValues lets booleans take =true
 * and =false, as kubectl's do. A short option's value
 * may follow an "=" (-n=shop), as kubectl reads it too.
 * Returns {values, positionals, flags}: each value checked, as the API
 * takes it (a multiple option's in a list), and flags[name] the option as
 * last written ("-n" or "--namespace"). Throws an OptionError for the first
 * problem, in order.
 */
export function readCommandLine(parse, args, spec) {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]),
  );
  // --json=false is read as --json, and its value from the argument as written.
  const asBoolean = (arg) => {
    const m = spec.booleanValues ? /^--([^=]+)=(true|false)$/.exec(arg) : null;
    return m && spec.options[m[1]]?.type === "boolean" ? `--${m[1]}` : arg;
  };
  const config = { args: args.map(asBoolean), options, allowPositionals: true, tokens: true };
  let read;
  try {
    read = parse({ ...config, strict: true });
  } catch (error) {
    if (!String(error?.code).startsWith("ERR_PARSE_ARGS")) throw error;
    // The strict reading refused: the lenient one's tokens say which
    // argument, in our words.
    throw explained(parse({ ...config, strict: false }).tokens, spec) ?? new OptionError(error.message);
  }
  const values = {};
  const flags = {};
  for (const token of read.tokens) {
    if (token.kind !== "option") continue;
    const option = spec.options[token.name];
    flags[token.name] = token.rawName;
    if (option.type === "boolean") {
      values[token.name] = !args[token.index].endsWith("=false");
      continue;
    }
    const short = token.inlineValue && !token.rawName.startsWith("--") && token.value.startsWith("=");
    const text = short ? token.value.slice(1) : token.value;
    let value = text;
    if (option.option !== undefined) value = optionFromText(option.option, text, token.rawName);
    else if (!(option.check ?? nonEmpty)(text)) throw bad(token.rawName, text, option.valid);
    if (option.multiple) (values[token.name] ??= []).push(value);
    else values[token.name] = value;
  }
  return { values, positionals: read.positionals, flags };
}

// The OptionError for the first argument the strict reading refuses, or
// null when none is found.
function explained(tokens, spec) {
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const option = spec.options[token.name];
    const flag = token.rawName;
    if (!option) return new OptionError(spec.unknown(flag, token.name), { option: flag });
    if (option.type === "boolean" && token.value !== undefined) {
      return new OptionError(`${flag} takes no value${spec.booleanValues ? " (or =true, =false)" : ""}`, { option: flag, value: token.value });
    }
    if (option.type !== "string") continue;
    const valid = option.valid ?? OPTIONS[option.option].valid;
    const missing = spec.missing?.(flag, valid) ?? `${flag} takes ${valid}`;
    if (token.value === undefined) return new OptionError(`${missing}; none was given`, { option: flag });
    if (!token.inlineValue && token.value.length > 1 && token.value.startsWith("-")) {
      return new OptionError(`${missing}; ${token.value} is read as an option (write --${token.name}=${token.value} if it is the value)`, {
        option: flag,
        value: token.value,
      });
    }
  }
  return null;
}
