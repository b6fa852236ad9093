import { ALWAYS_OPEN, weeklySessions, type MarketHours } from '@tradepad/domain';

/**
 * The instruments and categories seeded on first start, with real-world contract terms (DESIGN §5): contract size,
 * lot step/minimum/maximum, price precision, spread in points, fee per lot (trade_fee_type 1), leverage options,
 * market hours in an explicit time zone. Start prices are recent real-world levels; staff edit all of it later.
 */

export interface CategorySeed {
  id: number;
  code: string;
  /** Names in the 14 languages, in LANGS order: hk en jp kr th vn fr de ru spa pt ar it tr. */
  names: readonly string[];
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    id: 1,
    code: 'forex',
    names: [
      '外匯',
      'Forex',
      'FX',
      '외환',
      'ฟอเร็กซ์',
      'Ngoại hối',
      'Forex',
      'Devisen',
      'Форекс',
      'Divisas',
      'Forex',
      'الفوركس',
      'Forex',
      'Döviz',
    ],
  },
  {
    id: 2,
    code: 'metals',
    names: [
      '貴金屬',
      'Metals',
      '貴金属',
      '귀금속',
      'โลหะมีค่า',
      'Kim loại',
      'Métaux',
      'Metalle',
      'Металлы',
      'Metales',
      'Metais',
      'المعادن',
      'Metalli',
      'Metaller',
    ],
  },
  {
    id: 3,
    code: 'energy',
    names: [
      '能源',
      'Energy',
      'エネルギー',
      '에너지',
      'พลังงาน',
      'Năng lượng',
      'Énergie',
      'Energie',
      'Энергоносители',
      'Energía',
      'Energia',
      'الطاقة',
      'Energia',
      'Enerji',
    ],
  },
  {
    id: 4,
    code: 'indices',
    names: [
      '指數',
      'Indices',
      '株価指数',
      '지수',
      'ดัชนี',
      'Chỉ số',
      'Indices',
      'Indizes',
      'Индексы',
      'Índices',
      'Índices',
      'المؤشرات',
      'Indici',
      'Endeksler',
    ],
  },
  {
    id: 5,
    code: 'crypto',
    names: [
      '加密貨幣',
      'Crypto',
      '暗号資産',
      '암호화폐',
      'คริปโต',
      'Tiền mã hóa',
      'Crypto',
      'Krypto',
      'Криптовалюты',
      'Cripto',
      'Cripto',
      'العملات المشفرة',
      'Cripto',
      'Kripto',
    ],
  },
];

export interface InstrumentSeed {
  code: string;
  showCode: string;
  categoryId: number;
  base: string;
  quote: string;
  precision: number;
  /** Units of the base per lot (`ForexContNum`). */
  contractSize: number;
  /** Lot step (`Pip`), minimum (`ForexMinCont`) and maximum per order, decimal strings. */
  lotStep: string;
  minLots: string;
  maxLots: string;
  spreadPoints: number;
  /** Fee per lot in USD when trade_fee_type is 1 (`ForexFeeRate`). */
  feeRate: string;
  /** 1 fixed margin, 2 leverage-based. */
  marginMode: number;
  leverages: readonly number[];
  hours: MarketHours;
  /** A recent real-world price, decimal string in the instrument's precision. */
  startPrice: string;
  /** Weekday whose rollover charges three nights (issue 20): FX 3 (Wednesday), the others 5 (Friday). */
  swapTripleDay: number;
}

const NY = 'America/New_York';
/** Forex: Sunday 17:00 to Friday 17:00 New York, day rolling at 17:00. */
const FOREX_HOURS: MarketHours = {
  timeZone: NY,
  rollover: 17 * 60,
  sessions: weeklySessions({ open: '17:00', close: '17:00', firstDay: 0, lastDay: 5 }),
};
/** Metals, energies and US index CFDs (CME Globex style): Sunday 18:00 to Friday 17:00 New York, break 17:00–18:00. */
const GLOBEX_HOURS: MarketHours = {
  timeZone: NY,
  rollover: 17 * 60,
  sessions: weeklySessions({ open: '18:00', close: '17:00', firstDay: 0, lastDay: 5 }),
};
/** German index CFD: Monday to Friday 01:15–23:00 Frankfurt time. */
const GER_HOURS: MarketHours = {
  timeZone: 'Europe/Berlin',
  rollover: 0,
  sessions: weeklySessions({ open: '01:15', close: '23:00', firstDay: 1, lastDay: 5 }),
};
/** Crypto: around the clock, the day rolling at midnight UTC. */
const CRYPTO_HOURS: MarketHours = { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN };

const FX_LEVERAGE = [10, 20, 50, 100, 200, 500] as const;

function fx(code: string, spreadPoints: number, startPrice: string): InstrumentSeed {
  const jpy = code.endsWith('JPY');
  return {
    code,
    showCode: `${code.slice(0, 3)}/${code.slice(3)}`,
    categoryId: 1,
    base: code.slice(0, 3),
    quote: code.slice(3),
    precision: jpy ? 3 : 5,
    contractSize: 100_000,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    spreadPoints,
    feeRate: '3',
    marginMode: 2,
    leverages: FX_LEVERAGE,
    hours: FOREX_HOURS,
    startPrice,
    swapTripleDay: 3,
  };
}

const CRYPTO_LEVERAGE = [2, 5, 10, 20] as const;

/** A USD-quoted CFD whose minimum lot is its lot step, with leverage-based margin. */
function cfd(
  code: string,
  showCode: string,
  categoryId: number,
  base: string,
  precision: number,
  contractSize: number,
  lotStep: string,
  maxLots: string,
  spreadPoints: number,
  feeRate: string,
  leverages: readonly number[],
  hours: MarketHours,
  startPrice: string,
): InstrumentSeed {
  return {
    code,
    showCode,
    categoryId,
    base,
    quote: 'USD',
    precision,
    contractSize,
    lotStep,
    minLots: lotStep,
    maxLots,
    spreadPoints,
    feeRate,
    marginMode: 2,
    leverages,
    hours,
    startPrice,
    swapTripleDay: 5,
  };
}

export const INSTRUMENTS: readonly InstrumentSeed[] = [
  fx('EURUSD', 10, '1.08500'),
  fx('GBPUSD', 14, '1.27000'),
  fx('USDJPY', 12, '150.000'),
  fx('AUDUSD', 14, '0.66000'),
  fx('USDCAD', 18, '1.36000'),
  fx('USDCHF', 16, '0.88000'),
  fx('NZDUSD', 20, '0.60000'),
  fx('EURGBP', 16, '0.85500'),
  fx('EURJPY', 20, '162.500'),
  fx('GBPJPY', 30, '190.500'),
  fx('AUDJPY', 22, '99.000'),
  fx('EURCHF', 20, '0.95500'),
  cfd('XAUUSD', 'XAU/USD', 2, 'XAU', 2, 100, '0.01', '20', 30, '5', [10, 20, 50, 100, 200], GLOBEX_HOURS, '2650.00'),
  cfd('XAGUSD', 'XAG/USD', 2, 'XAG', 3, 5000, '0.01', '20', 30, '5', [10, 20, 50, 100], GLOBEX_HOURS, '31.000'),
  cfd('USOIL', 'WTI', 3, 'WTI', 2, 1000, '0.01', '20', 4, '5', [10, 20, 50, 100], GLOBEX_HOURS, '70.00'),
  cfd('UKOIL', 'Brent', 3, 'BRN', 2, 1000, '0.01', '20', 5, '5', [10, 20, 50, 100], GLOBEX_HOURS, '74.00'),
  cfd('US30', 'US30', 4, 'US30', 1, 1, '0.1', '100', 20, '0', [10, 20, 50, 100], GLOBEX_HOURS, '43000.0'),
  cfd('NAS100', 'NAS100', 4, 'NAS100', 1, 1, '0.1', '100', 15, '0', [10, 20, 50, 100], GLOBEX_HOURS, '20000.0'),
  cfd('SPX500', 'SPX500', 4, 'SPX500', 1, 1, '0.1', '100', 5, '0', [10, 20, 50, 100], GLOBEX_HOURS, '5900.0'),
  { ...cfd('GER40', 'GER40', 4, 'GER40', 1, 1, '0.1', '100', 15, '0', [10, 20, 50, 100], GER_HOURS, '19500.0'), quote: 'EUR' },
  cfd('BTCUSD', 'BTC/USD', 5, 'BTC', 2, 1, '0.01', '10', 2000, '10', CRYPTO_LEVERAGE, CRYPTO_HOURS, '95000.00'),
  cfd('ETHUSD', 'ETH/USD', 5, 'ETH', 2, 1, '0.01', '100', 200, '2', CRYPTO_LEVERAGE, CRYPTO_HOURS, '3400.00'),
  cfd('LTCUSD', 'LTC/USD', 5, 'LTC', 2, 1, '0.1', '1000', 15, '0.2', CRYPTO_LEVERAGE, CRYPTO_HOURS, '95.00'),
  {
    ...cfd('XRPUSD', 'XRP/USD', 5, 'XRP', 4, 1, '1', '100000', 20, '0.002', CRYPTO_LEVERAGE, CRYPTO_HOURS, '2.2000'),
    minLots: '100',
  },
];
