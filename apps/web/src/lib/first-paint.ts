/*
 * When the first paint is on screen. What the first screen does not draw with (the screen's code
 * after the frame, its first requests) is asked for from then on, so that the first paint waits
 * for the entry script alone (decision 012). A hidden tab paints nothing, and a browser
 * without paint timing says nothing: both go on at once.
 */

let firstPaint: Promise<void> | undefined;

function paintTimed(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('paint')
  );
}

/** Resolves once the first contentful paint has happened (at once if it has already). */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden' || !paintTimed()) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length) done();
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') done();
    };
    function done() {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    }
    document.addEventListener('visibilitychange', onHidden);
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}
