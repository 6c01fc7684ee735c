/*
 * Intl's formatters cost more to make than to reuse, and a list of dates made one per date:
 * each language and set of options now gets one formatter, kept for the app's life. The first
 * one made in a language costs the most (Intl loads that language's data): see
 * `prepareDateFormats` (format-date.ts), which makes it while the code of a screen that writes
 * dates comes down (`withDateFormats`, app/routes.tsx).
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

/**
 * The text with its first letter a capital, in the reader's language: a weekday's name heading a
 * column (`lundi` → `Lundi`), where French writes it small in a sentence.
 */
export function capitalized(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
