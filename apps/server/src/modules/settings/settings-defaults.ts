/** Settings seeded on first start; staff change them later in the back office. */
export const SETTINGS_DEFAULTS = {
  service_link: '',
  /** 1: a page shown in a frame; 2: opened outside the app. */
  service_link_type: '1',
  /** 1: registration confirmed by a code sent by mail or SMS; 2: by a captcha image. */
  verify_reg_type: '1',
  /** 1: fee = lots × rate; otherwise margin × rate. */
  trade_fee_type: '1',
  /** 0 email only; 1 email plus an extra phone field; 2 mobile only; 3 email or mobile. */
  is_show_mobile: '3',
  complaint_email: 'complaints@tradepad.example',
  site_name: 'Tradepad',
  /** Company status: 0 sends the app to `loss_url`. */
  company_status: '1',
  /** Company type: 0 turns on main-site mode. */
  company_type: '1',
  loss_url: '',
  /** Margin level (equity ÷ used margin, %) at which new orders that add margin are refused and the trader warned. */
  margin_call_level: '100',
  /** Margin level (%) at which pending orders are cancelled and positions closed, largest loss first. */
  stop_out_level: '50',
  /** 1: withdrawals need an approved real-name verification. */
  withdraw_requires_kyc: '1',
  /** A trader's session ends after this many minutes without activity (7 days); seeded from SESSION_IDLE_MINUTES. */
  session_idle_minutes: '10080',
  /** A trader's session ends this many minutes after its sign-in, however active (30 days). */
  session_absolute_minutes: '43200',
  /** Hours a staff session lasts at most from sign-in, however active (1 to 168); the idle limit applies as well. */
  staff_session_max_hours: '12',
  /** Hours a newly bound withdrawal method waits before it can be used (DESIGN §10); 0 = at once. */
  withdraw_method_hold_hours: '24',
  /** Risk alerts: JSON map of instrument code to the largest |net lots| of real accounts, e.g. {"EURUSD":"50"}. */
  exposure_limits: '{}',
  /** Virtual USD a new demo account starts with and a reset restores; seeded from DEMO_START_BALANCE. */
  demo_start_balance: '100000',
  /** Regions not served (sign-up refused): ISO 3166-1 alpha-2 codes, comma-separated; seeded from RESTRICTED_REGIONS. */
  restricted_regions: 'CN,CU,IL,KP,VU',
  /** Balance adjustments above this many USD (either sign) wait for a second staff member's approval (DESIGN §11). */
  adjust_approval_usd: '1000',
} as const;

export type SettingKey = keyof typeof SETTINGS_DEFAULTS;
