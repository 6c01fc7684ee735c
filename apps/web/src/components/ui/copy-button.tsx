import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** How long the check mark stays after a copy (specification, section 9). */
export const COPY_CONFIRMATION_MS = 2_000;

interface CopyButtonProps {
  /** What the button copies, for screen readers: "Copier le mot de passe de Twitch". */
  label: string;
  /** Said once the text is in the clipboard: "Copié". */
  copiedMessage: string;
  /** Fetches the text at the moment it is copied; it is kept nowhere else. */
  getText: () => Promise<string>;
  onError: (error: unknown) => void;
  /**
   * The label shown beside the icon rather than only read out: a button people must find on
   * their own (the calendar address, shown once), not one of a list's row icons.
   */
  showLabel?: boolean;
}

type CopyState = 'idle' | 'copying' | 'copied';

/**
 * Copies a text fetched on demand, then shows a check mark for two seconds. The text lives only
 * in a local variable between its fetch and the clipboard write: never in React state. A live
 * region announces the copy, since the icon alone says nothing to a screen reader.
 */
export function CopyButton({
  label,
  copiedMessage,
  getText,
  onError,
  showLabel = false,
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (state === 'copying') return;
    clearTimeout(timer.current);
    setState('copying');
    try {
      // Checked before the reveal: a browser without a clipboard must not reveal for nothing.
      if (!('clipboard' in navigator)) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(await getText());
    } catch (error) {
      setState('idle');
      onError(error);
      return;
    }
    setState('copied');
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }

  return (
    <>
      <button
        type="button"
        className={showLabel ? 'button button-small' : 'icon-button'}
        aria-label={showLabel ? undefined : label}
        aria-disabled={state === 'copying' || undefined}
        data-state={state}
        onClick={() => void copy()}
      >
        {state === 'copied' ? (
          <Check size={18} aria-hidden="true" data-icon="check" />
        ) : (
          <Copy size={18} aria-hidden="true" data-icon="copy" />
        )}
        {showLabel && label}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? copiedMessage : ''}
      </span>
    </>
  );
}
