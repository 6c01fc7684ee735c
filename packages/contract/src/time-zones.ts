/*
 * Time zones, which the organisation and its events both take: a module of their own, so that a
 * client which reads the organisation does not take the events' schemas with it.
 */

/** The organisation's time zone until it sets one. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/**
 * Whether `name` is a time zone this runtime knows: an IANA name or `UTC`. Intl's list alone
 * (`supportedValuesOf`) leaves out names Node 20 accepts, such as `UTC` and `Asia/Kolkata`; an
 * offset such as `+01:00`, which newer engines take, is refused: it keeps no daylight saving rules.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
