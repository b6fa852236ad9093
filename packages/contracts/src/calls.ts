import type { z } from 'zod';
import {
  amendPasswordParams,
  companySearchParams,
  demoParams,
  forgetPasswordParams,
  loginParams,
  registerParams,
  sendEmailParams,
  sendSmsParams,
  settingParams,
} from './accounts.ts';
import { ADMIN_API, API } from './api-paths.ts';
import { klineParams, tradeListParams } from './market-params.ts';
import { dealListParams, ledgerPageParams, orderIdParams, setStopParams, submitParams } from './trading-params.ts';

/** One REST call: its path, methods, the schema of its parameters and who may call it. */
export interface CallDef {
  path: string;
  methods: ReadonlyArray<'GET' | 'POST'>;
  summary: string;
  params?: z.ZodType;
  /** `user`: a trader's token; `staff`: a back-office token; `none`: anyone. */
  auth: 'none' | 'user' | 'staff';
  tag: string;
}

const GET = ['GET'] as const;
const POST = ['POST'] as const;
const BOTH = ['GET', 'POST'] as const;

/**
 * Every call the server answers, the source of the OpenAPI document (`GET /api/openapi.json`). A test fails when a
 * route is registered without an entry here.
 */
export const CALLS: readonly CallDef[] = [
  {
    path: API.areaList,
    methods: GET,
    auth: 'none',
    tag: 'accounts',
    summary: 'Country calling codes, names in the request language',
  },
  { path: API.basicInfo, methods: GET, auth: 'none', tag: 'accounts', summary: 'Service link, registration method, fee type' },
  { path: API.companyStatus, methods: GET, auth: 'none', tag: 'accounts', summary: 'Company status, type and loss_url' },
  {
    path: API.company,
    methods: GET,
    auth: 'none',
    tag: 'accounts',
    summary: 'Search companies by name',
    params: companySearchParams,
  },
  { path: API.setting, methods: GET, auth: 'none', tag: 'accounts', summary: 'One public setting', params: settingParams },
  { path: API.captcha, methods: GET, auth: 'none', tag: 'accounts', summary: 'A captcha image: {id, b64s}' },
  { path: API.sendEmail, methods: BOTH, auth: 'none', tag: 'accounts', summary: 'Mail a 6-digit code', params: sendEmailParams },
  { path: API.sendSms, methods: BOTH, auth: 'none', tag: 'accounts', summary: 'Text a 6-digit code', params: sendSmsParams },
  {
    path: API.register,
    methods: POST,
    auth: 'none',
    tag: 'accounts',
    summary: 'Register by email or mobile',
    params: registerParams,
  },
  { path: API.login, methods: POST, auth: 'none', tag: 'accounts', summary: 'Sign in: {token, ...profile}', params: loginParams },
  {
    path: API.createDemo,
    methods: BOTH,
    auth: 'none',
    tag: 'accounts',
    summary: "A device's demo account: {demo_id}",
    params: demoParams,
  },
  { path: API.userInfo, methods: GET, auth: 'user', tag: 'accounts', summary: 'The signed-in profile' },
  {
    path: API.forgetPassword,
    methods: POST,
    auth: 'none',
    tag: 'accounts',
    summary: 'Reset a forgotten password',
    params: forgetPasswordParams,
  },
  {
    path: API.amendPassword,
    methods: POST,
    auth: 'user',
    tag: 'accounts',
    summary: 'Change the password',
    params: amendPasswordParams,
  },
  { path: API.logout, methods: BOTH, auth: 'none', tag: 'accounts', summary: 'End this session' },
  { path: API.getBalance, methods: GET, auth: 'user', tag: 'accounts', summary: 'Cash balance, 2 decimals' },
  {
    path: API.resetDemo,
    methods: BOTH,
    auth: 'user',
    tag: 'trading',
    summary: 'Demo only: close and cancel every order, then restore the start balance',
  },
  {
    path: API.submit,
    methods: BOTH,
    auth: 'user',
    tag: 'trading',
    summary: 'Open a market order or place a pending one (margin and fee taken from the balance)',
    params: submitParams,
  },
  {
    path: API.deals,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Orders by status (0 pending, 1 holding, 3 history), paged, with the P/L total and balance',
    params: dealListParams,
  },
  { path: API.close, methods: BOTH, auth: 'user', tag: 'trading', summary: 'Close a holding order', params: orderIdParams },
  { path: API.cancel, methods: BOTH, auth: 'user', tag: 'trading', summary: 'Cancel a pending order', params: orderIdParams },
  {
    path: API.setStops,
    methods: BOTH,
    auth: 'user',
    tag: 'trading',
    summary: 'Change stop-loss and/or take-profit (a level left out stays, 0 removes it)',
    params: setStopParams,
  },
  {
    path: API.accountSummary,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Balance, equity, used and free margin, floating P/L and margin level',
  },
  { path: API.forexDetail, methods: GET, auth: 'user', tag: 'trading', summary: 'Cash and locked balances' },
  {
    path: API.ledger,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Entries that moved the cash balance, newest first, paged',
    params: ledgerPageParams,
  },
  {
    path: API.tradeList,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Instruments with live quotes',
    params: tradeListParams,
  },
  { path: API.categories, methods: GET, auth: 'none', tag: 'market', summary: 'Instrument categories in the request language' },
  {
    path: API.kline,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Candles, oldest first; `to` pages back',
    params: klineParams,
  },
  {
    path: API.sparklines,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Recent closes of every instrument, for sparklines',
  },
  { path: ADMIN_API.login, methods: POST, auth: 'none', tag: 'backoffice', summary: 'Staff sign-in: {token}' },
  { path: ADMIN_API.me, methods: GET, auth: 'staff', tag: 'backoffice', summary: 'The signed-in staff member' },
  { path: ADMIN_API.logout, methods: POST, auth: 'staff', tag: 'backoffice', summary: 'End this staff session' },
  {
    path: ADMIN_API.staff,
    methods: ['GET', 'POST'],
    auth: 'staff',
    tag: 'backoffice',
    summary: 'List staff; a super admin adds one',
  },
  { path: ADMIN_API.audit, methods: GET, auth: 'staff', tag: 'backoffice', summary: 'The audit log, newest first' },
  {
    path: ADMIN_API.outbox,
    methods: GET,
    auth: 'staff',
    tag: 'backoffice',
    summary: 'Mail and SMS kept in the outbox, newest first',
  },
];
