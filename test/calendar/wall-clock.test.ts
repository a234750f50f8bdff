import { expect } from 'chai';
import { offsetOf, wallClockMs, wallClockOf } from '../../src/domain/calendar/wall-clock.js';

// Expected values from the IANA time zone database's rules (tzdata `northamerica`, `asia`,
// `australasia`): US daylight time starts on the second Sunday of March at 02:00 local, India keeps
// UTC+5:30 all year, the Chatham Islands keep UTC+13:45 in the southern summer.
describe('wall clock of an instant', () => {
  it('reads New York one second before and at the start of daylight time', () => {
    const before = Date.UTC(2026, 2, 8, 6, 59, 59);
    const at = Date.UTC(2026, 2, 8, 7, 0, 0);
    expect(wallClockOf(before, 'America/New_York')).to.deep.equal({ year: 2026, month: 3, day: 8, hour: 1, minute: 59, second: 59 });
    expect(wallClockOf(at, 'America/New_York')).to.deep.equal({ year: 2026, month: 3, day: 8, hour: 3, minute: 0, second: 0 });
    expect(offsetOf(wallClockOf(before, 'America/New_York'), before)).to.equal(-5 * 3_600_000);
    expect(offsetOf(wallClockOf(at, 'America/New_York'), at)).to.equal(-4 * 3_600_000);
  });

  it('reads a zone whose offset is not whole hours, across a date line', () => {
    const at = Date.UTC(2026, 0, 1, 20, 30, 15);
    expect(wallClockOf(at, 'Asia/Kolkata')).to.deep.equal({ year: 2026, month: 1, day: 2, hour: 2, minute: 0, second: 15 });
    expect(wallClockOf(at, 'Pacific/Chatham')).to.deep.equal({ year: 2026, month: 1, day: 2, hour: 10, minute: 15, second: 15 });
    expect(offsetOf(wallClockOf(at, 'Pacific/Chatham'), at)).to.equal((13 * 60 + 45) * 60_000);
  });

  it('reads midnight as hour 0, not 24', () => {
    const midnight = Date.UTC(2026, 5, 30, 22, 0, 0); // 00:00 in Europe/Berlin (UTC+2 in summer)
    expect(wallClockOf(midnight, 'Europe/Berlin')).to.deep.equal({ year: 2026, month: 7, day: 1, hour: 0, minute: 0, second: 0 });
  });

  it('counts an offset in whole seconds whatever the instant’s milliseconds', () => {
    const at = Date.UTC(2026, 0, 1, 12, 0, 0) + 999;
    expect(wallClockMs(wallClockOf(at, 'UTC'))).to.equal(at - 999);
    expect(offsetOf(wallClockOf(at, 'UTC'), at)).to.equal(0);
  });
});
