// Smoke test in Firefox (Debian's firefox-esr through puppeteer-core): the shared scenario.
import { firefoxUnavailable, launchFirefox } from "./firefox.mjs";
import { defineSmokeSuite } from "./scenario.mjs";

defineSmokeSuite({ name: "Firefox", launch: launchFirefox, unavailable: firefoxUnavailable() });
