// In the page, from the navigation's start (added as an init script, outside the page's CSP):
// the first animation frame in which face-up cards are laid out and whether data-ready was
// there then, when data-ready came, every largest-contentful-paint candidate and every layout
// shift. Read as window.__firstPaint by e2e/test_first_paint.py and bench/bench_first_paint.py.
(() => {
  const marks = (window.__firstPaint = { cards: null, readyAtCards: null, ready: null,
                                         lcp: [], shifts: [] });
  const faceUp = () => [...document.querySelectorAll(".hm-board:not(.hm-static) .hm-card")]
    .some((card) => card.getBoundingClientRect().width > 0);
  const frame = () => {
    const root = document.documentElement;
    if (marks.cards === null && faceUp()) {
      marks.cards = performance.now();
      marks.readyAtCards = root.hasAttribute("data-ready");
    }
    if (marks.ready === null && root.hasAttribute("data-ready")) marks.ready = performance.now();
    if (marks.cards === null || marks.ready === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp.push(entry.startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const nodes = entry.sources.map((source) => source.node && source.node.nodeName);
      marks.shifts.push({ value: entry.value, at: entry.startTime, nodes });
    }
  }).observe({ type: "layout-shift", buffered: true });
})();
