import { ChevronDown } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './disclosure-button.module.css';

interface DisclosureButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'onClick' | 'aria-expanded' | 'aria-controls' | 'children'
> {
  /** Whether what it shows is shown now. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The id of what it shows and hides. */
  controls: string;
  /** A chevron before the text, pointing down when open and right when folded, of this size. */
  chevron?: number | undefined;
  children: ReactNode;
}

/**
 * The one disclosure of the app (the WAI-ARIA pattern): a button that shows or hides a part of
 * the page, saying whether it is open (`aria-expanded`) and what it opens (`aria-controls`). The
 * part it controls is the caller's, hidden with `hidden` while folded.
 */
export function DisclosureButton({
  expanded,
  onExpandedChange,
  controls,
  chevron,
  className,
  children,
  ...rest
}: DisclosureButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      className={className ? `${styles.button} ${className}` : styles.button}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={() => onExpandedChange(!expanded)}
    >
      {chevron !== undefined && (
        <ChevronDown size={chevron} aria-hidden="true" className={styles.chevron} />
      )}
      {children}
    </button>
  );
}
