// A hand's own address (<lang>/hand/<hand-id>/, written by the build's embed.py): a link that a
// platform embedding links can read (it names only this hand's oEmbed answer), and that sends a
// reader on to the hand on its page. `?step=N` opens the hand at step N and `&present` in
// presenter mode, as the page's deep link (#<hand-id>=N&present) does. Loaded in the page's head,
// before its refresh to the hand's start (the way on without JavaScript) can happen.

// (A classic script, so that it runs before the refresh: its names are kept in a block.)
{
  const params = new URLSearchParams(location.search);
  const canonical = document.querySelector('link[rel="canonical"]');
  const hand = document.documentElement.dataset.hand;
  if (canonical && hand) {
    const step = Number.parseInt(params.get("step") || "0", 10);
    const target = new URL(canonical.getAttribute("href") || "./", location.href);
    target.hash = `${hand}=${Number.isInteger(step) && step >= 0 ? step : 0}${params.has("present") ? "&present" : ""}`;
    location.replace(target.href);
  }
}
