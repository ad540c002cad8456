// The embed framed by another site in Firefox with its default cookie policy (total cookie
// protection, network.cookie.cookieBehavior 5: the frame's storage partitioned by the site that
// frames it). firefox.test.mjs runs the whole scenario with third-party cookies blocked (1).
import { firefoxUnavailable, launchFirefox } from "./firefox.mjs";
import { defineFramedEmbedSuite } from "./scenario.mjs";

defineFramedEmbedSuite({
  name: "Firefox (default cookie policy)",
  launch: () => launchFirefox({ cookieBehavior: null }),
  unavailable: firefoxUnavailable(),
  crossSiteStorage: "allowed",
});
