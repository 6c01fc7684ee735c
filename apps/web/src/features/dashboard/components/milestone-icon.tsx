import type { MilestoneIcon as Icon } from '@guildhall/contract';
import { Crown, Flame, Gem, Medal, Shield, Star, Trophy, type LucideIcon } from 'lucide-react';

const ICONS: Record<Icon, LucideIcon> = {
  trophy: Trophy,
  medal: Medal,
  star: Star,
  crown: Crown,
  flame: Flame,
  shield: Shield,
  gem: Gem,
};

/** A milestone's icon in its colour; decorative, its name is written beside it. */
export function MilestoneIcon({ icon, colour }: { icon: Icon; colour: string }) {
  const Drawn = ICONS[icon];
  return <Drawn size={18} color={colour} aria-hidden="true" />;
}
