// The embed framed by another site in WebKit, on a site whose build was told its origin
// (HALFMOON_SITE_ORIGIN, web/site_origin.py): the sandboxed frame plays too, its CSP naming the
// origin that WebKit's 'self' does not match there. webkit.test.mjs runs the whole scenario on
// a site built without it, where the sandboxed frame says why it cannot start.
import { defineFramedEmbedSuite } from "./scenario.mjs";
import { launchWebKit, webkitUnavailable } from "./webkit.mjs";

defineFramedEmbedSuite({
  name: "WebKit (the site told its origin)",
  launch: launchWebKit,
  unavailable: webkitUnavailable(),
  site: { toldItsOrigin: true },
});
