// Where a <podsim-scenario> finds its YAML, the first that applies:
//   1. src="url" (fetched), or src="#id" (an element of the page);
//   2. a <script type="text/yaml"> inside the element;
//   3. the element's own text;
//   4. the block right before it: a fenced ```yaml code block (a pre or
//      code, or an element wrapping one, as Hugo, MkDocs and Docusaurus
//      render them), or a <script type="text/yaml">. When the element sits
//      alone in a paragraph (Markdown wraps inline HTML in one), the block
//      before the paragraph.

const YAML_TYPES = new Set(["text/yaml", "application/yaml", "text/x-yaml", "application/x-yaml"]);
// Line-number gutters of Hugo (Chroma), MkDocs (Pygments), Docusaurus and Prism.
const GUTTERS = ".ln, .lnt, .linenos, .lineno, .line-number, .line-numbers-rows, [class*='codeLineNumber']";
// Elements that end a line even without a newline in their text.
const LINE_ELEMENTS = new Set(["div", "p", "li", "tr"]);
// Elements that show nothing, skipped when looking for the block before.
const INVISIBLE = new Set(["script", "style", "link", "template", "noscript"]);

export const NO_SOURCE =
  "no scenario: put the YAML in a ```yaml block right before the element, in the element itself, " +
  'in a <script type="text/yaml"> inside or right before it, or name a file with src="..."';

function isYamlScript(el) {
  return el.localName === "script" && YAML_TYPES.has((el.getAttribute("type") ?? "").trim().toLowerCase());
}

/**
 * Returns text without its leading and trailing blank lines and without the
 * indentation all its lines share (HTML source indents what it nests).
 */
export function dedent(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && lines[0].trim() === "") lines.shift();
  while (lines.length > 0 && lines.at(-1).trim() === "") lines.pop();
  const indents = lines.filter((l) => l.trim() !== "").map((l) => /^[ \t]*/.exec(l)[0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.length > 0 ? `${lines.map((l) => l.slice(cut)).join("\n")}\n` : "";
}

/**
 * Returns the text of a rendered code block: text nodes as they are, <br> as
 * a line break (Docusaurus draws each line as spans ending in one), line
 * elements ending their line, line-number gutters left out. Falls back to
 * innerText when that finds lines this walk did not (lines made by CSS).
 */
export function codeText(root) {
  let out = "";
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) out += child.data;
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      if (child.localName === "br") out += "\n";
      else if (!child.matches(GUTTERS)) {
        walk(child);
        if (LINE_ELEMENTS.has(child.localName) && out !== "" && !out.endsWith("\n")) out += "\n";
      }
    }
  };
  walk(root);
  if (!out.trimEnd().includes("\n") && root.isConnected && root.checkVisibility?.()) {
    const rendered = root.innerText ?? "";
    if (rendered.trimEnd().includes("\n")) return rendered;
  }
  return out;
}

// The code of a block: the element itself when it is a pre or code, else the
// last pre inside it (Hugo's line-number tables put the code in the last
// cell), else a code inside it.
function codeOf(el) {
  if (el.localName === "pre" || el.localName === "code") return el;
  const pres = el.querySelectorAll("pre");
  return pres.length > 0 ? pres[pres.length - 1] : el.querySelector("code");
}

// Whether el is the only thing in its parent paragraph but white space.
function aloneInParagraph(el) {
  const parent = el.parentElement;
  if (parent?.localName !== "p") return false;
  return [...parent.childNodes].every(
    (n) => n === el || n.nodeType === Node.COMMENT_NODE || (n.nodeType === Node.TEXT_NODE && n.data.trim() === ""),
  );
}

// The YAML of the block right before el, or null.
function blockBefore(el) {
  let prev = (aloneInParagraph(el) ? el.parentElement : el).previousElementSibling;
  while (prev && INVISIBLE.has(prev.localName) && !isYamlScript(prev)) prev = prev.previousElementSibling;
  if (!prev) return null;
  if (isYamlScript(prev)) return { text: prev.textContent, from: "script" };
  // A paragraph is prose: its inline code is not a scenario.
  if (prev.localName === "p") return null;
  const code = codeOf(prev);
  return code ? { text: codeText(code), from: "block" } : null;
}

// The YAML of the element that src="#id" names.
function referenced(el, id) {
  const target = el.getRootNode().getElementById?.(id) ?? document.getElementById(id);
  if (!target) throw new Error(`src="#${id}": no element of the page has that id`);
  if (target.localName === "template") return target.content.textContent;
  if (target.localName === "textarea") return target.value;
  if (target.localName === "script") return target.textContent;
  return codeText(codeOf(target) ?? target);
}

async function fetched(src) {
  const url = new URL(src, document.baseURI);
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`cannot fetch src="${src}": ${error?.message ?? error}`);
  }
  if (!response.ok) throw new Error(`cannot fetch src="${src}": HTTP ${response.status}`);
  return response.text();
}

/**
 * Returns {text, from} for the element: the dedented YAML and where it came
 * from ("src", "script", "text" or "block"). Throws an Error whose message
 * says what is missing or failed.
 */
export async function readScenario(el) {
  const src = el.getAttribute("src")?.trim();
  if (src) {
    const text = src.startsWith("#") ? referenced(el, src.slice(1)) : await fetched(src);
    return { text: dedent(text), from: "src" };
  }
  const inner = [...el.children].find(isYamlScript);
  if (inner) return { text: dedent(inner.textContent), from: "script" };
  if (el.textContent.trim() !== "") return { text: dedent(el.textContent), from: "text" };
  const before = blockBefore(el);
  if (before && before.text.trim() !== "") return { text: dedent(before.text), from: before.from };
  throw new Error(NO_SOURCE);
}
