import { ArcElement, Chart, DoughnutController } from 'chart.js';
import { type ReactNode, useState } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { useColorScheme } from '@/lib/theme/color-scheme';
import { useMediaQuery } from '@/lib/use-media-query';

// Only what a doughnut needs: no legend, no tooltip, no scales.
Chart.register(DoughnutController, ArcElement);

const CUTOUT = '75%';

/** A canvas may be unavailable (blocked by the browser, or jsdom): the card's CSS ring stays. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** The theme's colours, read when the chart is drawn (a canvas cannot use CSS variables). */
function themeColour(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value || fallback;
}

/**
 * The season's progress as a ring, `share` (0 to 1) of it filled, or `fallback` where a canvas
 * cannot draw. Decorative: the card names the ring's box and writes the points beside it.
 */
export function RankingDoughnut({ share, fallback }: { share: number; fallback: ReactNode }) {
  const [drawable] = useState(canDraw);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Read again when the look changes, so that the ring takes the new colours.
  const { scheme } = useColorScheme();
  if (!drawable) return fallback;

  const filled = Math.min(Math.max(share, 0), 1);
  // Read when the chart draws (after the theme's variables are written), not when React renders.
  const track = () => themeColour('--color-divider', '#dadcde');
  const fill = () => themeColour('--color-primary', '#4338ca');
  // An empty arc would still leave a seam at the top of the ring: with nothing filled, only the
  // track is drawn.
  const dataset =
    filled > 0
      ? {
          data: [filled, 1 - filled],
          backgroundColor: (context: { dataIndex: number }) =>
            context.dataIndex === 0 ? fill() : track(),
        }
      : { data: [1], backgroundColor: track };
  return (
    <Doughnut
      key={scheme}
      aria-hidden="true"
      data={{ datasets: [{ ...dataset, borderWidth: 0 }] }}
      options={{
        cutout: CUTOUT,
        animation: reducedMotion ? false : undefined,
        events: [],
        maintainAspectRatio: true,
      }}
    />
  );
}
