/**
 * The page's only script tag. A server-rendered page is complete without the app, so the app's code is asked for
 * only once the browser has painted it (decision 069): on a phone's slow connection the page's styles and its largest
 * picture then have the line to themselves, rather than sharing it with 110 KB of JavaScript. The styles stay here so
 * that the build links them from the page's head.
 */
import './styles.css';

// Past this, the app starts even if no frame was painted (a tab opened in the background paints nothing).
const START_AT_LATEST_MS = 250;

let started = false;
function startApp() {
  if (started) return;
  started = true;
  void import('./main.tsx');
}

// The callback runs just before the next frame is painted; the timer it sets fires once that frame is out.
requestAnimationFrame(() => setTimeout(startApp, 0));
setTimeout(startApp, START_AT_LATEST_MS);
