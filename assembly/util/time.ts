// ISO 8601 / RFC 3339 timestamps to epoch milliseconds, without a clock:
// the core is pure, so `now` always comes in from the host.

function digits(s: string, at: i32, n: i32): i32 {
  if (at + n > s.length) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const d = s.charCodeAt(at + i) - 0x30;
    if (<u32>d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: i32, m: i32, d: i32): i64 {
  const yy: i64 = m <= 2 ? <i64>y - 1 : <i64>y;
  const era: i64 = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe: i64 = yy - era * 400;
  const mp: i64 = m > 2 ? m - 3 : m + 9;
  const doy: i64 = (153 * mp + 2) / 5 + d - 1;
  const doe: i64 = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(y: i32, m: i32): i32 {
  if (m == 2) return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28;
  return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
}

/**
 * Parse `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)` (also a space or lowercase t/z
 * as RFC 3339 allows, and a bare date meaning midnight UTC). NaN when invalid:
 * a timestamp without a zone is ambiguous, so it is refused.
 */
export function parseTimestamp(s: string): f64 {
  const y = digits(s, 0, 4);
  if (y < 0 || s.length < 10 || s.charCodeAt(4) != 0x2d || s.charCodeAt(7) != 0x2d) return NaN;
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return NaN;
  const dayMs = <f64>daysFromCivil(y, mo, d) * 86400000.0;
  if (s.length == 10) return dayMs;
  const t = s.charCodeAt(10);
  if (t != 0x54 && t != 0x74 && t != 0x20) return NaN;
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const se = digits(s, 17, 2);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60) return NaN;
  if (s.charCodeAt(13) != 0x3a || s.charCodeAt(16) != 0x3a) return NaN;
  let at = 19;
  let frac: f64 = 0;
  if (at < s.length && s.charCodeAt(at) == 0x2e) {
    at++;
    let scale: f64 = 100;
    const start = at;
    while (at < s.length && <u32>(s.charCodeAt(at) - 0x30) <= 9) {
      frac += <f64>(s.charCodeAt(at) - 0x30) * scale;
      scale /= 10;
      at++;
    }
    if (at == start) return NaN;
  }
  if (at >= s.length) return NaN;
  const z = s.charCodeAt(at);
  let offsetMin = 0;
  if (z == 0x5a || z == 0x7a) {
    at++;
  } else if (z == 0x2b || z == 0x2d) {
    const oh = digits(s, at + 1, 2);
    const om = digits(s, at + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59 || s.charCodeAt(at + 3) != 0x3a) return NaN;
    offsetMin = (oh * 60 + om) * (z == 0x2d ? -1 : 1);
    at += 6;
  } else return NaN;
  if (at != s.length) return NaN;
  return dayMs + <f64>((h * 60 + mi - offsetMin) * 60 + se) * 1000.0 + Math.floor(frac);
}
