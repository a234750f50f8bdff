import { expect } from 'chai';
import { seededRandom } from '../../src/domain/detections/learning/seeded-random.js';
import { DIGEST_KINDS, latestPeriod } from '../../src/domain/notifications/digest-periods.js';

describe('latestPeriod in UTC (read without Intl)', () => {
  // Africa/Abidjan has been UTC+0 without daylight saving since 1912 (IANA tz database, `africa`
  // file): Intl's reading of it is an independent reference for the UTC instants computed here from
  // the Date alone.
  it('names the same daily and weekly periods as Intl reading a zone that is UTC all year', () => {
    // Seeded, so a failure names instants that can be replayed.
    const next = seededRandom(61);
    const from = Date.UTC(2020, 0, 1);
    const span = Date.UTC(2030, 0, 1) - from;
    for (let i = 0; i < 500; i++) {
      const now = new Date(from + Math.floor(next() * span));
      const digestHour = Math.floor(next() * 24);
      const weeklyDay = Math.floor(next() * 7);
      for (const kind of DIGEST_KINDS) {
        const reference = latestPeriod(kind, now, { timezone: 'Africa/Abidjan', digestHour, weeklyDay });
        for (const timezone of ['UTC', 'Etc/UTC']) {
          expect(latestPeriod(kind, now, { timezone, digestHour, weeklyDay }), `${kind} ${timezone} at ${now.toISOString()} hour ${digestHour} day ${weeklyDay}`).to.deep.equal(reference);
        }
      }
    }
  });

  it('ends a daily period at the last digest hour, UTC', () => {
    expect(latestPeriod('daily', new Date('2026-11-29T21:30:00.000Z'), { timezone: 'UTC', digestHour: 9, weeklyDay: 1 })).to.deep.equal({
      kind: 'daily',
      start: new Date('2026-11-28T09:00:00.000Z'),
      end: new Date('2026-11-29T09:00:00.000Z'),
    });
  });
});
