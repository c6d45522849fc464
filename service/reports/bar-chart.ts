import { scaleBand, scaleLinear } from 'd3-scale';

const W = 720;
const H = 360;
const M = { top: 48, right: 16, bottom: 72, left: 80 };
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface BarChart {
  title: string;
  /** The chart in words: the SVG's `<desc>`, read by screen readers. */
  summary: string;
  /** The value axis's unit, as its label reads ("Bookings", "Attendance (%)"). */
  unit: string;
  bars: { key: string; label: string; value: number }[];
  /** A value as an axis tick and a bar's tooltip read it. */
  format: (value: number) => string;
  /** The value axis's top, when it is fixed (a percentage: 100). */
  max?: number;
}

/**
 * A bar chart as SVG, drawn on the server (issue 42): scales from d3-scale, a title, a value axis
 * with its unit, the summary in words (`<title>`, `<desc>`), and it scales to its box (390 px, print).
 */
export function barChartSvg(chart: BarChart): string {
  const x = scaleBand<string>()
    .domain(chart.bars.map((b) => b.key))
    .range([M.left, W - M.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, chart.max ?? Math.max(1, ...chart.bars.map((b) => b.value))])
    .nice()
    .range([H - M.bottom, M.top]);
  const center = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const bars = chart.bars
    .map(
      (b) =>
        `<rect x="${x(b.key)!.toFixed(1)}" y="${y(b.value).toFixed(1)}" width="${x.bandwidth().toFixed(1)}" height="${(y(0) - y(b.value)).toFixed(1)}" fill="#1f3a5f"><title>${escape(`${b.label}: ${chart.format(b.value)}`)}</title></rect>`,
    )
    .join('');
  const ticks = y
    .ticks(5)
    .filter((v) => Number.isInteger(v) || chart.max !== undefined)
    .map(
      (v) =>
        `<g><line x1="${M.left}" x2="${W - M.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#d0d4da"/>` +
        `<text x="${M.left - 8}" y="${y(v).toFixed(1)}" text-anchor="end" dominant-baseline="middle">${escape(chart.format(v))}</text></g>`,
    )
    .join('');
  const every = Math.max(1, Math.ceil(chart.bars.length / 12));
  const labels = chart.bars
    .filter((_, i) => i % every === 0)
    .map((b) => {
      const cx = center(b.key).toFixed(1);
      const text = b.label.length > 22 ? `${b.label.slice(0, 21)}…` : b.label;
      return `<text x="${cx}" y="${H - M.bottom + 16}" text-anchor="end" transform="rotate(-30 ${cx} ${H - M.bottom + 16})">${escape(text)}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, sans-serif" font-size="12" fill="#222">` +
    `<title id="chart-title">${escape(chart.title)}</title><desc id="chart-desc">${escape(chart.summary)}</desc>` +
    `<text x="${M.left}" y="24" font-size="15" font-weight="600">${escape(chart.title)}</text>` +
    `<g aria-hidden="true">${ticks}` +
    `<text transform="rotate(-90)" x="${-(M.top + (H - M.top - M.bottom) / 2)}" y="16" text-anchor="middle">${escape(chart.unit)}</text>` +
    `${bars}<line x1="${M.left}" x2="${W - M.right}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" stroke="#222"/>${labels}</g></svg>`
  );
}
