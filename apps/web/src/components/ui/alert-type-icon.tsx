import type { AlertType } from '@guildhall/contract';
import { CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';

const ICONS: Record<AlertType, LucideIcon> = {
  success: CircleCheck,
  warn: TriangleAlert,
  infos: Info,
};

/**
 * The shape that tells an alert's type apart besides its colour. Decorative: the type is also
 * written out beside it, for screen readers at least.
 */
export function AlertTypeIcon({ type, size = 20 }: { type: AlertType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
