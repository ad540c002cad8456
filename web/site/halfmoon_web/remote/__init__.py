"""The page as seen from Python in a worker (docs/worker.md): a mirror of the page's elements
that answers the view's reads at once and records its writes as one batch of changes, which
the main thread's applier (``web/site/applier.mjs``) carries out."""
