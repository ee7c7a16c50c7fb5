// The one script of a page the server sent already painted (decision 072): it starts the app's
// scripts, listed in #app-scripts, once that page is on screen, so that on a slow connection
// the first paint does not wait behind some 200 kB of code downloading beside it.
const { entry, preload } = JSON.parse(document.getElementById('app-scripts').textContent);
let started = false;

/** Starting a download costs the page a millisecond or two on a slow phone: some 40 in one task would block it. */
const PER_TASK = 4;

function start() {
  if (started) return;
  started = true;
  preloadFrom([entry, ...preload], 0);
}

/**
 * Preloads the entry and the modules it and the page's route import, a few per task, then runs
 * the entry. Only then: the route's loader adds a preload for each module not yet listed in the
 * page, all in one task, which these few-at-a-time tasks are there to avoid.
 */
function preloadFrom(modules, index) {
  for (const href of modules.slice(index, index + PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (index + PER_TASK < modules.length) {
    setTimeout(() => preloadFrom(modules, index + PER_TASK));
    return;
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// The first contentful paint's entry comes once that paint is on screen: what starts then does not
// hold the paint back (a frame callback runs before its frame is drawn, and the task it queues
// may still run before the frame is shown). A hidden page paints nothing: it starts at once, as it
// does where the browser reports no paints, and in any case after a few seconds.
const PAINT_WAIT_MS = 3000;
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  start();
} else {
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    painted.disconnect();
    setTimeout(start);
  });
  painted.observe({ type: 'paint', buffered: true });
  setTimeout(start, PAINT_WAIT_MS);
}
