import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what stacked bar charts need, so the page's bundle stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
Chart.defaults.font.family = '"Noto Sans", system-ui, sans-serif';

/** Level 1, 2, 3, größer 3: distinct in hue and lightness, so they stay apart in grey print too. */
export const LEVEL_COLOURS = ['#c8553d', '#f0b429', '#4f9d69', '#1f4e79'];

export interface LevelChartProps {
  /** Accessible name; the numbers follow in a table, which screen readers read instead. */
  label: string;
  /** One bar per group (language, age band). */
  groups: string[];
  /** One stacked series per level: name and count per group. */
  series: { name: string; counts: number[] }[];
}

/** A stacked bar chart of how many children got each level, per group (Chart.js, canvas). */
export function LevelChart({ label, groups, series }: LevelChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: groups,
        datasets: series.map((entry, index) => ({
          label: entry.name,
          data: entry.counts,
          backgroundColor: LEVEL_COLOURS[index % LEVEL_COLOURS.length],
          borderColor: '#ffffff',
          borderWidth: 1,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        // Sharp when printed: print resolution is higher than the screen's.
        devicePixelRatio: Math.max(2, window.devicePixelRatio || 1),
        scales: {
          x: { stacked: true, ticks: { color: '#1f2a36' } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0, color: '#1f2a36' } },
        },
        plugins: { legend: { position: 'bottom', labels: { color: '#1f2a36' } } },
      },
    };
    const chart = new Chart(canvas.current, config);
    // A printed page is narrower than the window: redraw at the print width and back.
    const resize = () => chart.resize();
    window.addEventListener('beforeprint', resize);
    window.addEventListener('afterprint', resize);
    return () => {
      window.removeEventListener('beforeprint', resize);
      window.removeEventListener('afterprint', resize);
      chart.destroy();
    };
  }, [groups, series]);

  return (
    <div className="auswertung-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
