import { describe, expect, it } from 'vitest';
import { API } from './api-paths.ts';
import { CALLS, type CallDef } from './calls.ts';

const traderCalls = CALLS.filter((c) => !c.path.startsWith('/admin/api'));
const call = (path: string): CallDef => {
  const found = CALLS.find((c) => c.path === path);
  if (!found) throw new Error(`${path} is not in CALLS`);
  return found;
};
const parse = (path: string, data: unknown) => call(path).response!.safeParse(data);

describe('CALLS', () => {
  it('holds each path and method once, however the subjects split their lists', () => {
    const seen = CALLS.flatMap((c) => c.methods.map((m) => `${m} ${c.path}`));
    expect(seen.filter((key, i) => seen.indexOf(key) !== i)).toEqual([]);
  });
});

const order = {
  Id: 17,
  ForexId: 1,
  Code: 'EURUSD',
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5, Logo: '/logos/eurusd.svg' },
  OrderType: 1,
  Status: 1,
  Kind: null,
  StopLimitPrice: 0,
  Quantity: '0.1',
  Multiple: 100,
  OriginPrice: 1.0851,
  Price: 1.0851,
  UpdatePrice: 1.0849,
  FactProfits: '-2.00',
  TargetLossPrice: 0,
  TargetProfitPrice: 1.09,
  CautionMoney: '108.510000',
  TradeFee: '0.300000',
  Commission: '0.000000',
  ClosedType: 0,
  CreatedAt: 1_763_474_400_000,
  OpenedAt: 1_763_474_400_000,
  ClosedAt: 0,
  CreateTimeHandler: '2025-11-18 14:00:00',
  TrailingDistance: 0,
  ExpireAt: 0,
  Swap: '0.000000',
  ParentId: 0,
  Receipt: {
    QuoteBid: 1.085,
    QuoteAsk: 1.0851,
    QuoteTime: 1_763_474_400_000,
    FillPrice: 1.0851,
    PriceSeen: 1.0851,
    Slippage: 0,
    Spread: 0.0001,
    LatencyMs: 3,
    Source: 'sim',
    SourceBid: 1.085,
    SourceAsk: 1.0851,
  },
};

describe('response schemas', () => {
  it('every trader call answering JSON has its response schema; a file answer has a media type instead', () => {
    const missing = traderCalls.filter((c) => !c.response && !c.media).map((c) => c.path);
    expect(missing).toEqual([]);
    for (const c of traderCalls.filter((x) => x.media)) expect(c.response, c.path).toBeUndefined();
    expect(call(`${API.files}/:name`).media).toMatch(/^image\//);
  });

  it('reads an order list as the server writes it, and refuses a float where money is a string', () => {
    const page = { data: [order], total: 1, all_fact_profits: '-2.00', balance: '9996.70' };
    expect(parse(API.deals, page).success).toBe(true);
    expect(parse(API.deals, { ...page, balance: 9996.7 }).success).toBe(false);
    expect(parse(API.deals, { ...page, data: [{ ...order, Kind: 'buy_limit', Status: 0 }] }).success).toBe(true);
    expect(parse(API.deals, { ...page, data: [{ ...order, Kind: undefined }] }).success).toBe(false);
    expect(parse(API.deals, { ...page, data: [{ ...order, OrderType: 3 }] }).success).toBe(false);
    // Issue 20: a pending order has no receipt yet.
    expect(parse(API.deals, { ...page, data: [{ ...order, Status: 0, Kind: 'buy_limit', Receipt: null }] }).success).toBe(true);
  });

  it('keeps nullable fields nullable and required ones required', () => {
    const profile = {
      id: 3,
      uid: '86123421',
      email: '',
      mobile: '61234567',
      area_id: null,
      global_code: '',
      is_demo: 1,
      demo_id: 'D12345678',
      invite_code: '',
      balance: '10000.00',
      lang: 'en',
      created_at: '2025-11-18T14:00:00.000Z',
      rank_opt_in: 0,
      // Issue 21: whether a linked demo or real account exists.
      linked: 0,
      // Issue 32: the account type (null only before types exist).
      account_type: null,
    };
    expect(parse(API.userInfo, profile).success).toBe(true);
    expect(parse(API.login, { ...profile, token: 'abc' }).success).toBe(true);
    expect(parse(API.login, profile).success).toBe(false);
    const { area_id: _a, ...withoutArea } = profile;
    expect(parse(API.userInfo, withoutArea).success).toBe(false);
  });

  it('reads the wallet, real-name and news answers, and the calls that answer null', () => {
    const kycNone = {
      ...{ review_status: 0, name: '', card_id: '', remark: '', created_at: '', reviewed_at: '' },
      ...{ birth_date: '', doc_type: '', doc_expiry: '', doc_expired: false },
    };
    expect(parse(API.realNameCenter, kycNone).success).toBe(true);
    expect(parse(API.realNameCenter, { ...kycNone, review_status: 4, remark: 'A clearer selfie' }).success).toBe(true);
    expect(parse(API.realNameCenter, { ...kycNone, review_status: 5 }).success).toBe(false);
    expect(parse(API.realNameCenter, { ...kycNone, doc_type: 'library_card' }).success).toBe(false);
    expect(parse(API.realNameCenter, { ...kycNone, created_at: 'yesterday' }).success).toBe(false);
    const deposit = {
      id: 1,
      number: '100',
      type: 0,
      currency_code: 'USDT',
      protocol_code: 'TRC20',
      usd_amount: '100.00',
      status: 0,
      status_name: 'Unreviewed',
      remark: '',
      proof_url: '/api/files/x.png?expires=1&sig=y',
      created_at: '2025-11-18 14:00:00',
    };
    expect(parse(API.depositList, { data: [deposit], total: 1 }).success).toBe(true);
    expect(parse(API.depositSubmit, { ...deposit, status: 7 }).success).toBe(false);
    expect(parse(API.newsList, { data: [], total: 0 }).success).toBe(true);
    for (const path of [API.logout, API.register, API.sendEmail, API.delDrawMethod]) {
      expect(parse(path, null).success, path).toBe(true);
      expect(parse(path, {}).success, path).toBe(false);
    }
  });
});
