// The `?i18n-keys` view, for translators: each translatable segment of a translated page shows
// its English source (the msgid it was translated from) on hover and on focus of its outline.
//
// The build translates a page segment by segment and keeps its structure, so the same page in
// English has the same headings, paragraphs, list items and table cells in the same order. This
// module fetches that page (the language chooser's English link), pairs the segments in order and
// puts each English text in the segment's `title` and `data-tb-msgid`. Loaded only on demand by
// hand.js when the address has `?i18n-keys`; it changes nothing else.

const SEGMENTS = "h1, h2, h3, h4, h5, h6, p, li, td, th, dt, dd, figcaption";
// Parts of a page that are not its translated text, or that only one language has.
const NOT_SEGMENTS = ".tb-coverage, .tb-file-notice, .tb-fallback-mark, figure.tb-hand, .tb-dormant, .tbt-intro, .headerlink";

function segments(root) {
  const article = root.querySelector("article") || root.body;
  return [...article.querySelectorAll(SEGMENTS)].filter((node) => !node.closest(NOT_SEGMENTS));
}

function text(node) {
  return node.textContent.replace(/\s+/g, " ").replace(/¶$/, "").trim();
}

export async function showKeys(doc = document) {
  const english = /** @type {HTMLAnchorElement | null} */ (doc.querySelector('a[hreflang="en"]'));
  if (!english || doc.documentElement.lang === "en") return 0;
  const response = await fetch(english.href);
  if (!response.ok) return 0;
  const source = new DOMParser().parseFromString(await response.text(), "text/html");
  const ours = segments(doc);
  const theirs = segments(source);
  const count = Math.min(ours.length, theirs.length);
  for (let i = 0; i < count; i += 1) {
    const key = text(theirs[i]);
    if (!key) continue;
    ours[i].dataset.tbMsgid = key;
    ours[i].title = key;
    ours[i].classList.add("tb-i18n-key");
  }
  doc.documentElement.classList.add("tb-i18n-keys");
  return count;
}
