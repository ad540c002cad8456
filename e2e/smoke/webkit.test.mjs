// Smoke test in WebKit (Debian's WebKitGTK MiniBrowser through WebKitWebDriver and
// selenium-webdriver, on a private Xvfb display): the shared scenario.
import { defineSmokeSuite } from "./scenario.mjs";
import { launchWebKit, webkitUnavailable } from "./webkit.mjs";

defineSmokeSuite({ name: "WebKit", launch: launchWebKit, unavailable: webkitUnavailable() });
