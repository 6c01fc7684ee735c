import type { Organization } from '@guildhall/contract';
import { useEffect } from 'react';
import { mix, readableForeground } from '@/lib/color';
import { useOrganization } from '@/lib/organization/get-organization';

type ThemeColors = Pick<Organization, 'primary_color' | 'secondary_color' | 'background_color'>;

/**
 * The CSS variables the stylesheets are written against. Every background comes with the text
 * colour that reads on it, so that any colours an admin picks stay legible.
 */
function themeVariables(colors: ThemeColors): Record<string, string> {
  const background = colors.background_color;
  const onBackground = readableForeground(background);
  // Cards and fields stand slightly apart from the page, in whichever direction has room.
  const surface = mix(background, onBackground, 0.06);
  return {
    '--color-primary': colors.primary_color,
    '--color-on-primary': readableForeground(colors.primary_color),
    '--color-secondary': colors.secondary_color,
    '--color-on-secondary': readableForeground(colors.secondary_color),
    '--color-background': background,
    '--color-on-background': onBackground,
    '--color-surface': surface,
    '--color-on-surface': readableForeground(surface),
    '--color-border': mix(background, onBackground, 0.45),
  };
}

/** Applies the organisation's colours to the whole document, and again whenever they change. */
export function useOrganizationTheme(): void {
  const { data: organization } = useOrganization();
  const primary = organization?.primary_color;
  const secondary = organization?.secondary_color;
  const background = organization?.background_color;

  useEffect(() => {
    if (!primary || !secondary || !background) return;
    const variables = themeVariables({
      primary_color: primary,
      secondary_color: secondary,
      background_color: background,
    });
    const rootStyle = document.documentElement.style;
    for (const [name, value] of Object.entries(variables)) rootStyle.setProperty(name, value);
  }, [primary, secondary, background]);
}
