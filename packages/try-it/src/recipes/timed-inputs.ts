// Inputs that depend on the sandbox's time, which a workflow cannot compute
// (Arazzo has no date arithmetic): a maintenance window's `start_at` and
// `end_at` ("tomorrow 02:00" and "03:00", wall-clock times read in the
// recipe's `timezone`) and `seconds_to_start` from the sandbox's now. Filled
// only where a recipe declares these inputs without a default, so the page
// and the code's CI run can send "A quiet release" as its description says.

/** The offset of `timeZone` from UTC at `instant`, in milliseconds (the platform's tz database, through Intl). */
function offsetAt(instant: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
}

/** The instant at which clocks in `timeZone` show `wall` (a UTC timestamp of that date and time). */
export function zonedInstant(wall: number, timeZone: string): number {
  return wall - offsetAt(wall - offsetAt(wall, timeZone), timeZone);
}

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * `start_at`, `end_at` and `seconds_to_start` for a window tomorrow (the UTC
 * date after `now`) from 02:00 for `duration_seconds`, in `timezone`, where
 * `declared` names them and `given` has none of them yet.
 */
export function timedInputs(
  declared: readonly { name: string; default?: unknown }[],
  given: Record<string, unknown>,
  now: number,
): Record<string, unknown> {
  const open = (name: string) =>
    declared.some((i) => i.name === name && i.default === undefined) && given[name] === undefined;
  if (!open('start_at') || !open('end_at') || !open('seconds_to_start')) return {};
  const timeZone = String(given.timezone ?? 'UTC');
  const duration = Number(given.duration_seconds ?? 3600) * 1000;
  const today = new Date(now);
  const wall = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 2);
  return {
    start_at: rfc3339(wall),
    end_at: rfc3339(wall + duration),
    seconds_to_start: Math.ceil((zonedInstant(wall, timeZone) - now) / 1000),
  };
}
