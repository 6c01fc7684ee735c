let isMobileViewport = false;

/** Makes the viewport narrow (or wide again) for the media queries the application asks. */
export function setMobileViewport(isMobile: boolean): void {
  isMobileViewport = isMobile;
}

// jsdom has no layout, hence no matchMedia. The application only ever asks whether the screen
// is narrow, so every query answers that.
window.matchMedia = (query: string): MediaQueryList => ({
  get matches() {
    return isMobileViewport;
  },
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
});
