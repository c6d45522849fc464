import { describe, expect, it } from 'vitest';
import { revenueChartSvg } from '../../../service/reports/revenue-chart.js';
import type { RevenueReport } from '../../../contracts/reports/revenue.js';

const row = (key: string, label: string, netCents: number, recognizedCents: number) => ({
  key,
  label,
  bookedCents: netCents,
  refundedCents: 0,
  netCents,
  recognizedCents,
});

describe('revenue chart', () => {
  it('given a report by location, when drawn, then the SVG has its title, a summary in words, dollar axes, a bar per row, the recognized line and escaped labels', () => {
    const report: RevenueReport = {
      rows: [row('a', 'Legacy Commons & <Plano>', 150_000, 90_000), row('b', 'Frisco', -2_000, 10_000)],
      totals: { bookedCents: 148_000, refundedCents: 0, netCents: 148_000, recognizedCents: 100_000 },
    };
    const svg = revenueChartSvg(report, { from: '2025-01-01', to: '2025-12-31', by: 'location' });
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="chart-title chart-desc"/);
    expect(svg).toContain('<title id="chart-title">Revenue by location, 2025-01-01 to 2025-12-31</title>');
    expect(svg).toContain(
      '<desc id="chart-desc">From 2025-01-01 to 2025-12-31: $1,480.00 booked, $0.00 refunded, $1,480.00 net, $1,000.00 recognized as sessions were held. The largest location is Legacy Commons &#38; &#60;Plano&#62;, $1,500.00 net, over 2 rows.</desc>',
    );
    expect(svg).toContain('US dollars');
    expect(svg).toContain('>$1,500</text>');
    expect(svg.match(/<rect [^>]*fill="#1f3a5f"><title>/g)).toHaveLength(2);
    expect(svg).toMatch(/<path d="M[\d.,]+L[\d.,]+" fill="none"/);
    expect(svg).not.toContain('<Plano>');
  });
});
