import {
  Briefcase,
  Crosshair,
  Crown,
  Flame,
  Gamepad2,
  type LucideIcon,
  Megaphone,
  Shield,
  Star,
  Swords,
  Target,
  Trophy,
  Users,
} from 'lucide-react';

/*
 * A team's icon is stored as a lucide icon name. Only these are bundled: loading every icon to
 * draw any name would weigh more than all the screens together.
 */
const TEAM_ICONS = {
  trophy: Trophy,
  swords: Swords,
  crosshair: Crosshair,
  briefcase: Briefcase,
  shield: Shield,
  users: Users,
  'gamepad-2': Gamepad2,
  star: Star,
  crown: Crown,
  flame: Flame,
  target: Target,
  megaphone: Megaphone,
} as const satisfies Record<string, LucideIcon>;

export type TeamIconName = keyof typeof TEAM_ICONS;

/** The names an admin may choose from, in the order the picker shows them. */
export const TEAM_ICON_NAMES = Object.keys(TEAM_ICONS) as TeamIconName[];

export const isTeamIconName = (name: string): name is TeamIconName =>
  TEAM_ICON_NAMES.some((known) => known === name);

/** The team's icon; a name we do not know (set by another tool) shows the default one. */
export function TeamIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Icon = isTeamIconName(name) ? TEAM_ICONS[name] : Users;
  // Decorative: the team's name always stands beside it.
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
