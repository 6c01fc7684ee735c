import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './skeleton.module.css';

type Length = number | string;

interface SkeletonProps {
  /** A number is pixels; any CSS length otherwise. Full width by default. */
  width?: Length;
  /** One line of text by default (1em). */
  height?: Length;
  /** `50%` for a round avatar; a small radius by default. */
  radius?: Length;
  className?: string;
}

const length = (value: Length | undefined) => (typeof value === 'number' ? `${value}px` : value);

/** A grey block standing where content will be; hidden from screen readers. */
export function Skeleton({ width, height, radius, className }: SkeletonProps) {
  const style = {
    '--skeleton-width': length(width),
    '--skeleton-height': length(height),
    '--skeleton-radius': length(radius),
  } as CSSProperties;
  return (
    <span
      className={className ? `${styles.skeleton} ${className}` : styles.skeleton}
      style={style}
      aria-hidden="true"
    />
  );
}

/**
 * Skeletons standing for one piece of content: announced once to screen readers as loading
 * (`label`, "Chargement..." by default), drawn as the children lay them out.
 */
export function SkeletonGroup({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="visually-hidden">{label ?? t('app.loading')}</span>
      {children}
    </div>
  );
}
