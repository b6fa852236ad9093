/**
 * Money as exact integers of 10⁻⁶ of the currency ("micros", DESIGN §6). Never a binary float: amounts are parsed
 * from decimal strings and printed back to decimal strings.
 */
declare const microsBrand: unique symbol;
export type Micros = bigint & { readonly [microsBrand]: true };

export const MICROS_PER_UNIT = 1_000_000n;

/** The one constructor from an integer count of micro-units. */
export const micros = (value: bigint | number): Micros => {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return BigInt(value) as Micros;
};

export const ZERO = micros(0n);

const DECIMAL = /^(-)?(\d{1,15})(?:\.(\d{1,6}))?$/;

/** Parses a decimal string with at most 6 decimals ("100000", "-12.5") into micros; throws on anything else. */
export function parseMoney(text: string): Micros {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a money amount: ${text}`);
  const [, sign, whole = '0', frac = ''] = m;
  const value = BigInt(whole) * MICROS_PER_UNIT + BigInt(frac.padEnd(6, '0'));
  return micros(sign ? -value : value);
}

/** Rounds to `decimals` places, half away from zero. */
export function roundMicros(value: Micros, decimals: number): Micros {
  if (decimals >= 6) return value;
  const step = 10n ** BigInt(6 - decimals);
  const abs = value < 0n ? -value : value;
  const rounded = ((abs + step / 2n) / step) * step;
  return micros(value < 0n ? -rounded : rounded);
}

/** Prints micros as a decimal string with exactly `decimals` places (rounded half away from zero). */
export function formatMoney(value: Micros, decimals = 2): string {
  const r = roundMicros(value, decimals);
  const negative = r < 0n;
  const abs = negative ? -r : r;
  const whole = abs / MICROS_PER_UNIT;
  const frac = (abs % MICROS_PER_UNIT).toString().padStart(6, '0').slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${frac}` : `${whole}`;
  return negative && r !== 0n ? `-${text}` : text;
}

/** Micros as an exact decimal string with at least 2 decimals ("150.00", "0.125", "-3.000001"): nothing rounded. */
export function exactMoney(value: Micros): string {
  return formatMoney(value, 6).replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** Micros as a JavaScript number for storage in an integer column; refuses values beyond 2^53. */
export function microsToStorage(value: Micros): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${value} exceeds the storable range`);
  return n;
}

export const sumMicros = (values: Iterable<Micros>): Micros => {
  let total = 0n;
  for (const v of values) total += v;
  return micros(total);
};
