import { Fragment } from 'react';

/** Where a long account name may wrap: after the marks that separate its parts. */
const SEPARATORS = /([.@_\-/#:+])/;

/**
 * An account or login name that wraps at its separators (`hiboux.esport@`, `team_`), not in the
 * middle of a word: a narrow column or a phone shows it on several lines without cutting a part.
 * The text is unchanged: copying it gives the name as it is.
 */
export function BreakableName({ name }: { name: string }) {
  const parts = name.split(SEPARATORS);
  return (
    <>
      {parts.map((part, index) => (
        // The parts never move: their position is their identity.
        <Fragment key={index}>
          {part}
          {SEPARATORS.test(part) && index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
