/**
 * What a signed-in session's user-agent text says about its device, for the trader's "Signed-in devices" list
 * (ASVS 7.5.2): the browser and the system by their product names ("Safari", "iPhone"), null where the text does not
 * say (an app's own client, a script, an empty agent), and whether it is a phone or tablet.
 */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

/** First match wins: the more specific tokens come before the ones they also carry (Edge and Opera say "Chrome"). */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bHuaweiBrowser\//, 'Huawei Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:CriOS|Chrome|HeadlessChrome|Chromium)\//, 'Chrome'],
];

/** Android comes before Linux (its agents say both), and iOS before macOS ("like Mac OS X"). */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bHarmonyOS\b/, 'HarmonyOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function firstMatch(text: string, table: ReadonlyArray<readonly [RegExp, string]>): string | null {
  for (const [pattern, name] of table) if (pattern.test(text)) return name;
  return null;
}

/** The device behind a user-agent text; unknown parts are null, never a guess. */
export function sessionDevice(userAgent: string): SessionDevice {
  const ua = userAgent.trim();
  const os = firstMatch(ua, SYSTEMS);
  let browser = firstMatch(ua, BROWSERS);
  // Safari names itself only by "Version/… Safari/"; an Android web view ("; wv)") is an app, not a browser.
  if (!browser && /\bVersion\/[\d.]+.*\bSafari\//.test(ua) && !/\bAndroid\b/.test(ua)) browser = 'Safari';
  if (browser === 'Chrome' && /; wv\)/.test(ua)) browser = null;
  const mobile = os === 'iPhone' || os === 'iPad' || os === 'iPod' || os === 'Android' || /\bMobile\b/.test(ua);
  return { browser, os, mobile };
}

/**
 * A session time as the sessions call sends it (`YYYY-MM-DD HH:mm:ss`, UTC) as a Date; null when unreadable. Read as
 * UTC, so the trader sees it on their own clock.
 */
export function sessionTime(text: string): Date | null {
  const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d)?)$/.exec(text.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}T${m[2]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
