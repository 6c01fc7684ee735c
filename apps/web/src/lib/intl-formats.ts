/*
 * Intl's formatters are costly to make and cheap to reuse: making one loads the language's data,
 * and a page of dates made one per date (on a slowed phone, a tenth of the dashboard's script
 * time). Each language and set of options gets one formatter, kept for the app's life.
 */

function memoized<Options, Format>(make: (language: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (language: string, options: Options): Format => {
    const key = `${language} ${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(language, options);
      made.set(key, format);
    }
    return format;
  };
}

/** `new Intl.DateTimeFormat(language, options)`, made once. */
export const dateTimeFormat = memoized(
  (language: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, options),
);

/** `new Intl.NumberFormat(language, options)`, made once. */
export const numberFormat = memoized(
  (language: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options),
);
