// The <iframe> snippet that puts one worked hand on another site (its embed page, at a step).
// The same markup as the build's oEmbed answers (trickbook_site/embed.py, iframe()).

const WIDTH = 720;
const HEIGHT = 640;

function attr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The embed page's address for `figure` (its `data-embed`), or null when the build made none. */
export function embedAddress(figure, step, presenting) {
  if (!figure.dataset.embed) return null;
  const url = new URL(figure.dataset.embed, location.href);
  url.hash = "";
  url.search = "";
  if (step > 0) url.searchParams.set("step", String(step));
  if (presenting) url.searchParams.set("present", "");
  return url.href.replace(/present=$/, "present").replace(/present=&/, "present&");
}

/** The hand's own address, at `step` and in presenter mode, or null without an embed page: a link to share.
 * The build writes it beside the embed page's language folder, `embed/<lang>/<id>/` -> `<lang>/hand/<id>/`. */
export function shareAddress(figure, step, presenting) {
  if (!figure.dataset.embed) return null;
  const url = new URL(figure.dataset.embed, location.href);
  const parts = url.pathname.split("/");
  const at = parts.lastIndexOf("embed");
  if (at < 0 || parts.length < at + 3) return null;
  parts.splice(at, 3, parts[at + 1], "hand", parts[at + 2]);
  url.pathname = parts.join("/");
  url.hash = "";
  url.search = "";
  if (step > 0) url.searchParams.set("step", String(step));
  if (presenting) url.searchParams.set("present", "");
  return new URL(url.href.replace(/present=$/, "present").replace(/present=&/, "present&"));
}

/** The snippet a teacher pastes into a page of their own. */
export function embedSnippet(src, title) {
  return `<iframe src="${attr(src)}" title="${attr(title)}" width="${WIDTH}" height="${HEIGHT}" `
    + `style="max-width:100%;border:0" allow="fullscreen" loading="lazy"></iframe>`;
}
