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
  {
    code: 'XAUUSD',
    showCode: 'XAU/USD',
    categoryId: 2,
    base: 'XAU',
    quote: 'USD',
    precision: 2,
    contractSize: 100,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    spreadPoints: 30,
    feeRate: '5',
    marginMode: 2,
    leverages: [10, 20, 50, 100, 200],
    hours: GLOBEX_HOURS,
    startPrice: '2650.00',
  },
  {
    code: 'XAGUSD',
    showCode: 'XAG/USD',
    categoryId: 2,
    base: 'XAG',
    quote: 'USD',
    precision: 3,
    contractSize: 5000,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    spreadPoints: 30,
    feeRate: '5',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GLOBEX_HOURS,
    startPrice: '31.000',
  },
  {
    code: 'USOIL',
    showCode: 'WTI',
    categoryId: 3,
    base: 'WTI',
    quote: 'USD',
    precision: 2,
    contractSize: 1000,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    spreadPoints: 4,
    feeRate: '5',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GLOBEX_HOURS,
    startPrice: '70.00',
  },
  {
    code: 'UKOIL',
    showCode: 'Brent',
    categoryId: 3,
    base: 'BRN',
    quote: 'USD',
    precision: 2,
    contractSize: 1000,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    spreadPoints: 5,
    feeRate: '5',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GLOBEX_HOURS,
    startPrice: '74.00',
  },
  {
    code: 'US30',
    showCode: 'US30',
    categoryId: 4,
    base: 'US30',
    quote: 'USD',
    precision: 1,
    contractSize: 1,
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    spreadPoints: 20,
    feeRate: '0',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GLOBEX_HOURS,
    startPrice: '43000.0',
  },
  {
    code: 'NAS100',
    showCode: 'NAS100',
    categoryId: 4,
    base: 'NAS100',
    quote: 'USD',
    precision: 1,
    contractSize: 1,
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    spreadPoints: 15,
    feeRate: '0',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GLOBEX_HOURS,
    startPrice: '20000.0',
  },
  {
    code: 'SPX500',
    showCode: 'SPX500',
    categoryId: 4,
    base: 'SPX500',
    quote: 'USD',
    precision: 1,
    contractSize: 1,
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    spreadPoints: 5,
    feeRate: '0',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GLOBEX_HOURS,
    startPrice: '5900.0',
  },
  {
    code: 'GER40',
    showCode: 'GER40',
    categoryId: 4,
    base: 'GER40',
    quote: 'EUR',
    precision: 1,
    contractSize: 1,
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    spreadPoints: 15,
    feeRate: '0',
    marginMode: 2,
    leverages: [10, 20, 50, 100],
    hours: GER_HOURS,
    startPrice: '19500.0',
  },
  {
    code: 'BTCUSD',
    showCode: 'BTC/USD',
    categoryId: 5,
    base: 'BTC',
    quote: 'USD',
    precision: 2,
    contractSize: 1,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '10',
    spreadPoints: 2000,
    feeRate: '10',
    marginMode: 2,
    leverages: [2, 5, 10, 20],
    hours: CRYPTO_HOURS,
    startPrice: '95000.00',
  },
  {
    code: 'ETHUSD',
    showCode: 'ETH/USD',
    categoryId: 5,
    base: 'ETH',
    quote: 'USD',
    precision: 2,
    contractSize: 1,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    spreadPoints: 200,
    feeRate: '2',
    marginMode: 2,
    leverages: [2, 5, 10, 20],
    hours: CRYPTO_HOURS,
    startPrice: '3400.00',
  },
  {
    code: 'LTCUSD',
    showCode: 'LTC/USD',
    categoryId: 5,
    base: 'LTC',
    quote: 'USD',
    precision: 2,
    contractSize: 1,
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '1000',
    spreadPoints: 15,
    feeRate: '0.2',
    marginMode: 2,
    leverages: [2, 5, 10, 20],
    hours: CRYPTO_HOURS,
    startPrice: '95.00',
  },
  {
    code: 'XRPUSD',
    showCode: 'XRP/USD',
    categoryId: 5,
    base: 'XRP',
    quote: 'USD',
    precision: 4,
    contractSize: 1,
    lotStep: '1',
    minLots: '100',
    maxLots: '100000',
    spreadPoints: 20,
    feeRate: '0.002',
    marginMode: 2,
    leverages: [2, 5, 10, 20],
    hours: CRYPTO_HOURS,
    startPrice: '2.2000',
  },
];
