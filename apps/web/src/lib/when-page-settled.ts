/**
 * How long after the page's load event what can wait is asked for: by then the first screen's
 * own code and data have come, even on a phone's slow network, and what comes next takes none of
 * their bandwidth.
 */
const SETTLE_DELAY_MS = 3_000;

let settled = false;

/** Whether a task given to whenPageSettled has come due: the first screen is long done. */
export function hasPageSettled(): boolean {
  return settled;
}

/** Runs `task` a few seconds after the page has loaded (counted from now if it already has). */
export function whenPageSettled(task: () => void): void {
  const wait = () =>
    window.setTimeout(() => {
      settled = true;
      task();
    }, SETTLE_DELAY_MS);
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
}
