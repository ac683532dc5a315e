// A small VitePress docs site that embeds podsim scenarios, built and opened
// in Chromium by tests/browser/sites.test.mjs, as docs/embedding.md's recipe
// says. It is published under a base path (/handbook/), as a project's docs
// on a shared host are, and hosts podsim's embed itself: the test copies
// web/dist (the playground, with embed/ inside) into public/podsim/ first.
import { defineConfig } from "vitepress";

const base = "/handbook/";

// VitePress marks dark mode with class="dark" on <html> (its appearance
// switch); the elements follow it, those that navigation adds later too.
const followAppearance = `
const sync = () => {
  const theme = document.documentElement.classList.contains("dark") ? "dark" : "light";
  for (const el of document.querySelectorAll("podsim-scenario")) el.setAttribute("theme", theme);
};
new MutationObserver(sync).observe(document.documentElement, { attributeFilter: ["class"], subtree: true, childList: true });
sync();
`;

export default defineConfig({
  base,
  title: "Cluster handbook",
  description: "How our clusters decide which pods run",
  head: [
    ["link", { rel: "icon", href: "data:," }],
    // VitePress adds the base to links in Markdown, not to head tags.
    ["script", { type: "module", src: `${base}podsim/embed/podsim-embed.js` }],
    ["script", {}, followAppearance],
  ],
  // <podsim-scenario> is a custom element, not a Vue component: without
  // this, the built pages leave it out and hydration reports a mismatch.
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === "podsim-scenario" } } },
  themeConfig: {
    search: { provider: "local" },
    nav: [{ text: "Preemption", link: "/preemption" }],
    sidebar: [
      {
        text: "Scheduling",
        items: [
          { text: "Overview", link: "/" },
          { text: "Preemption", link: "/preemption" },
        ],
      },
    ],
  },
});
