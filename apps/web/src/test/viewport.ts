let isMobileViewport = false;
let isSystemDark = false;

/** Makes the viewport narrow (or wide again) for the media queries the application asks. */
export function setMobileViewport(isMobile: boolean): void {
  isMobileViewport = isMobile;
}

/** Makes the device's setting dark (or light again) for `prefers-color-scheme`. */
export function setSystemDark(isDark: boolean): void {
  isSystemDark = isDark;
}

// jsdom has no layout, hence no matchMedia. The application asks whether the screen is narrow,
// and whether the device prefers dark colours.
window.matchMedia = (query: string): MediaQueryList => ({
  get matches() {
    return query.includes('prefers-color-scheme: dark') ? isSystemDark : isMobileViewport;
  },
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
});
