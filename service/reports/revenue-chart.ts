import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { RevenueQuery, RevenueReport } from '../../contracts/reports/revenue.js';
import { revenueSummary } from '../../contracts/reports/summary.js';

const W = 720;
const H = 360;
const M = { top: 60, right: 16, bottom: 72, left: 80 };
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
const TITLES = {
  month: 'Revenue by month',
  program: 'Revenue by program',
  location: 'Revenue by location',
  source: 'Revenue by source',
};

/**
 * The revenue report as an SVG chart, drawn on the server (issue 42): net revenue as bars and
 * recognized revenue as a line, scales and the line's path from d3-scale and d3-shape. It carries
 * its title and a summary in words (`<title>`, `<desc>`), axes in US dollars, and scales to its box,
 * so it reads at 390 px and prints.
 */
export function revenueChartSvg(report: RevenueReport, query: Pick<RevenueQuery, 'from' | 'to' | 'by'>): string {
  const rows = report.rows;
  const x = scaleBand<string>()
    .domain(rows.map((r) => r.key))
    .range([M.left, W - M.right])
    .padding(0.2);
  const values = rows.flatMap((r) => [r.netCents, r.recognizedCents]);
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(100, ...values)])
    .nice()
    .range([H - M.bottom, M.top]);
  const center = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const bars = rows
    .map((r) => {
      const top = y(Math.max(r.netCents, 0));
      const height = Math.abs(y(r.netCents) - y(0));
      return `<rect x="${x(r.key)!.toFixed(1)}" y="${top.toFixed(1)}" width="${x.bandwidth().toFixed(1)}" height="${height.toFixed(1)}" fill="#1f3a5f"><title>${escape(`${r.label}: ${dollars(r.netCents)} net`)}</title></rect>`;
    })
    .join('');
  const recognized = line<(typeof rows)[number]>()
    .x((r) => center(r.key))
    .y((r) => y(r.recognizedCents))(rows);
  const yTicks = y
    .ticks(5)
    .map(
      (v) =>
        `<g><line x1="${M.left}" x2="${W - M.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#d0d4da"/>` +
        `<text x="${M.left - 8}" y="${y(v).toFixed(1)}" text-anchor="end" dominant-baseline="middle">${dollars(v)}</text></g>`,
    )
    .join('');
  // Every label while they fit; with many rows (months of years), every few.
  const every = Math.max(1, Math.ceil(rows.length / 12));
  const xLabels = rows
    .filter((_, i) => i % every === 0)
    .map(
      (r) =>
        `<text x="${center(r.key).toFixed(1)}" y="${H - M.bottom + 16}" text-anchor="end" transform="rotate(-30 ${center(r.key).toFixed(1)} ${H - M.bottom + 16})">${escape(r.label.length > 22 ? `${r.label.slice(0, 21)}…` : r.label)}</text>`,
    )
    .join('');
  const title = `${TITLES[query.by]}, ${query.from} to ${query.to}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, sans-serif" font-size="12" fill="#222">` +
    `<title id="chart-title">${escape(title)}</title><desc id="chart-desc">${escape(revenueSummary(report, query))}</desc>` +
    `<text x="${M.left}" y="20" font-size="15" font-weight="600">${escape(title)}</text>` +
    `<g aria-hidden="true">${yTicks}` +
    `<text transform="rotate(-90)" x="${-(M.top + (H - M.top - M.bottom) / 2)}" y="16" text-anchor="middle">US dollars</text>` +
    `${bars}<line x1="${M.left}" x2="${W - M.right}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" stroke="#222"/>` +
    (rows.length > 0 && recognized ? `<path d="${recognized}" fill="none" stroke="#b5651d" stroke-width="2.5"/>` : '') +
    `${xLabels}` +
    `<rect x="${M.left}" y="30" width="12" height="12" fill="#1f3a5f"/><text x="${M.left + 18}" y="40">Net (bars)</text>` +
    `<line x1="${M.left + 100}" x2="${M.left + 120}" y1="36" y2="36" stroke="#b5651d" stroke-width="2.5"/><text x="${M.left + 126}" y="40">Recognized (line)</text>` +
    `</g></svg>`
  );
}
