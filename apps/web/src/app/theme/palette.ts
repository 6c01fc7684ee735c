import type { Organization } from '@guildhall/contract';
import { mix, readableForeground, relativeLuminance, withContrast } from '@/lib/color';
import type { ColorScheme } from '@/lib/theme/color-scheme';

export type ThemeColors = Pick<
  Organization,
  'primary_color' | 'secondary_color' | 'background_color'
>;

const WHITE = '#ffffff';
const BLACK = '#000000';
/** The night the dark look is drawn on, tinted by the organisation's secondary colour. */
const NIGHT = '#0b0e14';
/** Text and controls a reader must make out: WCAG 2.1 AA for text, and for components. */
const TEXT_RATIO = 4.5;
const COMPONENT_RATIO = 3;

/** The page's colour in each look: the organisation's own, or a night tinted by its colours. */
function backgroundFor(colors: ThemeColors, scheme: ColorScheme): string {
  const own = colors.background_color;
  if (scheme === 'light') return own;
  // An organisation whose page is already dark keeps it; the others get a night of their colour.
  return relativeLuminance(own) <= 0.02 ? own : mix(NIGHT, colors.secondary_color, 0.1);
}

/**
 * The CSS variables the stylesheets are written against (styles/tokens.css names them all),
 * derived from the organisation's three colours for one look. Every background comes with the
 * text colour that reads on it, and the colours used as text or as a control's outline are moved
 * just enough to stay legible, so that any palette an admin picks stays readable in both looks.
 */
export function themeVariables(colors: ThemeColors, scheme: ColorScheme): Record<string, string> {
  const background = backgroundFor(colors, scheme);
  const onBackground = readableForeground(background);
  const lightPage = onBackground === BLACK;
  // Fields and hovered rows stand slightly apart from the page, in whichever direction has room.
  const surface = mix(background, onBackground, lightPage ? 0.05 : 0.1);
  // Cards rise towards the light: white on a light page, a lighter shade on a dark one.
  const raised = lightPage ? mix(background, WHITE, 0.75) : mix(background, WHITE, 0.05);
  const pageColors = [background, surface, raised];

  // A dark primary on the night would vanish: it is lifted until its buttons stand out.
  const primary =
    scheme === 'dark'
      ? withContrast(colors.primary_color, [background], COMPONENT_RATIO, onBackground)
      : colors.primary_color;
  // A light secondary colour would glare beside the night: it is dimmed into it.
  const secondary =
    scheme === 'dark' && relativeLuminance(colors.secondary_color) > 0.3
      ? mix(background, colors.secondary_color, 0.3)
      : colors.secondary_color;

  const onPrimary = readableForeground(primary);
  return {
    '--color-primary': primary,
    '--color-on-primary': onPrimary,
    // A hovered button moves away from its text's colour: its text only gains contrast.
    '--color-primary-hover': mix(primary, onPrimary === WHITE ? BLACK : WHITE, 0.14),
    '--color-secondary': secondary,
    '--color-on-secondary': readableForeground(secondary),
    '--color-background': background,
    '--color-on-background': onBackground,
    '--color-surface': surface,
    '--color-on-surface': readableForeground(surface),
    '--color-raised': raised,
    '--color-on-raised': readableForeground(raised),
    // Secondary text: softer than the body text, still AA on the page, fields and cards.
    '--color-muted': withContrast(
      mix(onBackground, background, 0.4),
      pageColors,
      TEXT_RATIO,
      onBackground,
    ),
    // The primary colour where it is text (links, the active tab) or a focus ring.
    '--color-accent': withContrast(colors.primary_color, pageColors, TEXT_RATIO, onBackground),
    '--color-border': withContrast(
      mix(background, onBackground, 0.45),
      [background],
      COMPONENT_RATIO,
      onBackground,
    ),
    // Lines that only group things (card edges, table rows): they need not stand out.
    '--color-divider': mix(background, onBackground, lightPage ? 0.12 : 0.16),
  };
}
