import { expect } from 'chai';
import { bucketStart, timeBuckets } from '../../src/domain/analytics/time-buckets.js';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);
const starts = (from: string, to: string, unit: 'minute' | 'hour' | 'day' | 'week', zone: string) =>
  (timeBuckets(at(from), at(to), unit, zone, 1000) ?? []).map((b) => [iso(b.startMs), iso(b.endMs)]);

/**
 * Expected instants were computed independently with Python's zoneinfo (tzdata 2025): for each local
 * date, the first UTC minute whose local wall clock reads that date or later.
 */
describe('time buckets (src/domain/analytics/time-buckets.ts)', () => {
  it('a Europe/Berlin day across the autumn DST change is 25 hours, local midnight to local midnight', () => {
    expect(starts('2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z', 'day', 'Europe/Berlin')).to.deep.equal([
      ['2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z'],
      ['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
      ['2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z'],
      ['2026-10-26T23:00:00.000Z', '2026-10-27T23:00:00.000Z'],
    ]);
  });

  it('an Asia/Beirut day whose midnight does not exist starts when the clock jumps past it', () => {
    expect(starts('2026-03-28T00:00:00Z', '2026-03-29T23:00:00Z', 'day', 'Asia/Beirut')).to.deep.equal([
      ['2026-03-27T22:00:00.000Z', '2026-03-28T22:00:00.000Z'],
      ['2026-03-28T22:00:00.000Z', '2026-03-29T21:00:00.000Z'],
      ['2026-03-29T21:00:00.000Z', '2026-03-30T21:00:00.000Z'],
    ]);
  });

  it('weeks start on Monday local midnight (America/New_York, across the November change)', () => {
    expect(starts('2026-10-28T12:00:00Z', '2026-11-03T00:00:00Z', 'week', 'America/New_York')).to.deep.equal([
      ['2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
      ['2026-11-02T05:00:00.000Z', '2026-11-09T05:00:00.000Z'],
    ]);
  });

  it('the repeated local hour of a fall-back is two buckets; hours of a +05:30 zone start at :30 UTC', () => {
    expect(starts('2026-10-24T23:00:00Z', '2026-10-25T02:00:00Z', 'hour', 'Europe/Berlin').map(([s]) => s)).to.deep.equal([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    expect(iso(bucketStart(at('2026-11-01T10:10:00Z'), 'hour', 'Asia/Kolkata'))).to.equal('2026-11-01T09:30:00.000Z');
    expect(iso(bucketStart(at('2026-11-01T10:10:42.5Z'), 'minute', 'Asia/Kathmandu'))).to.equal('2026-11-01T10:10:00.000Z');
  });

  it('answers null when the range holds more buckets than allowed', () => {
    expect(timeBuckets(at('2026-11-01T00:00:00Z'), at('2026-11-01T01:00:01Z'), 'minute', 'UTC', 60)).to.equal(null);
    expect(timeBuckets(at('2026-11-01T00:00:00Z'), at('2026-11-01T01:00:00Z'), 'minute', 'UTC', 60)).to.have.length(60);
  });

  it('answers UTC by arithmetic exactly as the time zone database walks it (random ranges, every unit)', () => {
    // 'Etc/GMT' is UTC to the runtime but not the canonical name, so it takes the Intl walk.
    let seed = 4711;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const spans: Record<'minute' | 'hour' | 'day' | 'week', number> = { minute: 3 * 3_600_000, hour: 4 * 86_400_000, day: 60 * 86_400_000, week: 200 * 86_400_000 };
    for (const unit of ['minute', 'hour', 'day', 'week'] as const) {
      for (let i = 0; i < 25; i++) {
        const from = Date.parse('2020-01-01T00:00:00Z') + Math.floor(next() * 7 * 365 * 86_400_000);
        const to = from + 1 + Math.floor(next() * spans[unit]);
        expect(timeBuckets(from, to, unit, 'UTC', 1000), `${unit} ${iso(from)}`).to.deep.equal(timeBuckets(from, to, unit, 'Etc/GMT', 1000));
        expect(bucketStart(from, unit, 'UTC'), `${unit} ${iso(from)}`).to.equal(bucketStart(from, unit, 'Etc/GMT'));
      }
    }
    expect(starts('2026-11-04T10:00:00Z', '2026-11-18T00:00:00Z', 'week', 'UTC')).to.deep.equal([
      ['2026-11-02T00:00:00.000Z', '2026-11-09T00:00:00.000Z'],
      ['2026-11-09T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
      ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ]);
  });
});
