import type { MilestoneIcon as MilestoneIconName } from '@guildhall/contract';
import { Crown, Flame, Gem, type LucideIcon, Medal, Shield, Star, Trophy } from 'lucide-react';

export const MILESTONE_ICON_COMPONENTS: Record<MilestoneIconName, LucideIcon> = {
  trophy: Trophy,
  medal: Medal,
  star: Star,
  crown: Crown,
  flame: Flame,
  shield: Shield,
  gem: Gem,
};

/** A milestone's icon, drawn in its colour when it has one; decorative, its name says it. */
export function MilestoneIcon({
  icon,
  colour,
  size = 20,
}: {
  icon: MilestoneIconName;
  colour?: string | undefined;
  size?: number;
}) {
  const Icon = MILESTONE_ICON_COMPONENTS[icon];
  return <Icon size={size} aria-hidden="true" {...(colour && { color: colour })} />;
}
