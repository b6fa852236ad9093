/** The wallet subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const WALLET_PATHS = {
  imageUpload: '/api/common/image_upload',
  /** Uploaded images, served at `/api/files/<name>?expires=…&sig=…` through signed, expiring links. */
  files: '/api/files',
  depositCoins: '/api/quickCharge/info',
  depositSymbols: '/api/quickCharge/symbols',
  wireInfo: '/api/quickCharge/wire_info',
  depositSubmit: '/api/quickCharge/submit',
  wireSubmit: '/api/quickCharge/wire_submit',
  depositList: '/api/quickCharge/quick_ist',
  drawSymbols: '/api/account/draw_symbol_list',
  draw: '/api/account/draw',
  drawList: '/api/account/draw_list',
  /** Beyond the spec: whether withdrawing needs real-name verification, and the free balance. */
  drawConfig: '/api/wallet/draw_config',
  getDrawMethod: '/api/wallet/get_draw_method',
  bindDrawMethod: '/api/wallet/bind_draw_method',
  delDrawMethod: '/api/wallet/del_draw_method',
  realName: '/api/user_real/real_name',
  realNameCenter: '/api/user_real/center',
} as const;
