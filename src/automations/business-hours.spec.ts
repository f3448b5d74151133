import { isOpen, knownTimeZone, wallClock } from './business-hours';

describe('business hours', () => {
  const madrid = {
    timeZone: 'Europe/Madrid',
    weekly: {
      monday: [
        { open: '09:00', close: '13:00' },
        { open: '15:00', close: '19:00' },
      ],
    },
    holidays: ['2026-12-07'],
  };

  it('reads the wall clock in the time zone, summer time included', () => {
    // 2026-11-30 is a Monday; Madrid is UTC+1 in winter, UTC+2 in summer.
    expect(wallClock(new Date('2026-11-30T08:30:00Z'), 'Europe/Madrid')).toEqual({
      date: '2026-11-30',
      weekday: 'monday',
      minutes: 9 * 60 + 30,
    });
    expect(wallClock(new Date('2026-07-06T07:00:00Z'), 'Europe/Madrid').minutes).toBe(9 * 60);
    // Late Sunday in UTC is already Monday in Tokyo.
    expect(wallClock(new Date('2026-11-29T23:30:00Z'), 'Asia/Tokyo')).toMatchObject({
      date: '2026-11-30',
      weekday: 'monday',
    });
  });

  it('is open within a span (its close excluded), closed between spans, on other days and on holidays', () => {
    expect(isOpen(madrid, new Date('2026-11-30T08:00:00Z'))).toBe(true); // 09:00
    expect(isOpen(madrid, new Date('2026-11-30T11:59:00Z'))).toBe(true); // 12:59
    expect(isOpen(madrid, new Date('2026-11-30T12:00:00Z'))).toBe(false); // 13:00
    expect(isOpen(madrid, new Date('2026-11-30T14:30:00Z'))).toBe(true); // 15:30
    expect(isOpen(madrid, new Date('2026-11-30T22:00:00Z'))).toBe(false); // 23:00
    expect(isOpen(madrid, new Date('2026-12-01T10:00:00Z'))).toBe(false); // Tuesday: no hours
    expect(isOpen(madrid, new Date('2026-12-07T10:00:00Z'))).toBe(false); // a Monday, a holiday
  });

  it('opens until midnight with 24:00', () => {
    const late = { timeZone: 'UTC', weekly: { monday: [{ open: '20:00', close: '24:00' }] }, holidays: [] };
    expect(isOpen(late, new Date('2026-11-30T23:59:00Z'))).toBe(true);
    expect(isOpen(late, new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });

  it('knows IANA time zones and refuses made-up ones', () => {
    expect(knownTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(knownTimeZone('UTC')).toBe(true);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(knownTimeZone('')).toBe(false);
  });
});
