// The one script of a page the server sent already painted (decision 072): it starts the app's
// scripts, listed in #app-scripts, once that page is on screen, so that on a slow connection
// the first paint does not wait behind some 200 kB of code downloading beside it. The scripts
// go at low priority: the painted page needs none of them to be seen, and a script at high
// priority that happens to arrive before the paint is presented counts, in Lighthouse's
// simulation, as holding the paint back.
const { entry, preload } = JSON.parse(document.getElementById('app-scripts').textContent);
let started = false;

/** Starting a download costs the page a millisecond or two on a slow phone: some 40 in one task would block it. */
const PER_TASK = 4;

function start() {
  if (started) return;
  started = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.fetchPriority = 'low';
  script.src = entry;
  document.head.append(script);
  preloadFrom(0);
}

/** Preloads the modules the entry and the page's route import, a few per task. */
function preloadFrom(index) {
  for (const href of preload.slice(index, index + PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
  if (index + PER_TASK < preload.length) setTimeout(() => preloadFrom(index + PER_TASK));
}

// A task queued by a frame callback runs once that frame is drawn. A hidden page draws no
// frames: it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
