import { describe, expect, it } from 'vitest';
import { dayRangePresets } from './date-presets';

const presets = (today: string) => Object.fromEntries(dayRangePresets(today).map((p) => [p.label, p.range]));

describe('dayRangePresets', () => {
  it('counts weeks from Monday and months whole', () => {
    // Thursday 26 November 2026.
    const p = presets('2026-11-26');
    expect(p.Today).toEqual(['2026-11-26', '2026-11-26']);
    expect(p['This week']).toEqual(['2026-11-23', '2026-11-29']);
    expect(p['This month']).toEqual(['2026-11-01', '2026-11-30']);
    expect(p['Last month']).toEqual(['2026-10-01', '2026-10-31']);
    expect(p['This financial year (2026-27)']).toEqual(['2026-04-01', '2027-03-31']);
    expect(p['Last financial year (2025-26)']).toEqual(['2025-04-01', '2026-03-31']);
  });

  it('crosses years and leap days: a Sunday in March, January back to December', () => {
    const march = presets('2028-03-05');
    expect(march['This week']).toEqual(['2028-02-28', '2028-03-05']);
    expect(march['Last month']).toEqual(['2028-02-01', '2028-02-29']);
    expect(march['This financial year (2027-28)']).toEqual(['2027-04-01', '2028-03-31']);
    expect(presets('2027-01-10')['Last month']).toEqual(['2026-12-01', '2026-12-31']);
  });
});
