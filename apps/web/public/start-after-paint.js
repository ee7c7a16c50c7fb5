// The one script of a page the server sent already painted (decision 072): it starts the app's
// scripts, listed in #app-scripts, once that page is on screen, so that on a slow connection
// the first paint does not wait behind some 200 kB of code downloading beside it.
const { entry, preload } = JSON.parse(document.getElementById('app-scripts').textContent);
let started = false;

function start() {
  if (started) return;
  started = true;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// A task queued by a frame callback runs once that frame is drawn. A hidden page draws no
// frames: it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
