// Smoke test in Firefox (Debian's firefox-esr through puppeteer-core): the shared scenario.
import { firefoxUnavailable, launchFirefox } from "./firefox.mjs";
import { defineSmokeSuite } from "./scenario.mjs";

// Third-party cookies blocked (Firefox's network.cookie.cookieBehavior 1): the embed framed by
// another site has no storage at all, and must play all the same.
defineSmokeSuite({
  name: "Firefox",
  launch: launchFirefox,
  unavailable: firefoxUnavailable(),
  crossSiteStorage: "refused",
});
