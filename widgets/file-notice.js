// A page opened from disk (file://) runs no module script and starts no worker, so its worked
// hands and tables have no controls. This one classic script, which browsers do run from disk,
// shows the page's notice (.tb-file-notice, written by the build in the page's language) that
// says so and how to serve the site. Served over HTTP, it does nothing.
"use strict";
if (location.protocol === "file:") {
  for (const notice of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tb-file-notice"))) notice.hidden = false;
}
