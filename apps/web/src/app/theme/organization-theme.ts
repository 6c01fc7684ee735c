import { useLayoutEffect } from 'react';
import { useOrganization } from '@/lib/organization/get-organization';
import { useColorScheme } from '@/lib/theme/color-scheme';
import { themeVariables } from './palette';

/**
 * Applies the organisation's colours to the whole document in the member's look (light or dark),
 * and again whenever either changes. Until the organisation loads, styles/tokens.css holds the
 * default palette's values for both looks.
 */
export function useOrganizationTheme(): void {
  const { data: organization } = useOrganization();
  const { scheme } = useColorScheme();
  const primary = organization?.primary_color;
  const secondary = organization?.secondary_color;
  const background = organization?.background_color;

  // The look itself, which main.tsx already wrote before the first paint from the same source.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = scheme;
  }, [scheme]);

  // Before any component's own effects, so that what reads the variables (a chart) reads these.
  useLayoutEffect(() => {
    if (!primary || !secondary || !background) return;
    const variables = themeVariables(
      { primary_color: primary, secondary_color: secondary, background_color: background },
      scheme,
    );
    const rootStyle = document.documentElement.style;
    for (const [name, value] of Object.entries(variables)) rootStyle.setProperty(name, value);
  }, [primary, secondary, background, scheme]);
}
