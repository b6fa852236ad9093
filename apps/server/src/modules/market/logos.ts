import sharp from 'sharp';

/**
 * Instrument logos drawn by the server itself (no external image hosts): the base as a coloured disc with its
 * symbol, overlapped by the quote currency's smaller disc for currency pairs. Drawn as SVG, served to the app as a
 * PNG: a browser builds a whole document for every SVG image, ~5 ms of a phone's main thread per logo, while a PNG
 * decodes off the main thread.
 */
const COLOURS: Record<string, string> = {
  USD: '#2e7d32',
  EUR: '#1a4fb5',
  GBP: '#6a1b9a',
  JPY: '#c62828',
  AUD: '#00838f',
  CAD: '#d84315',
  CHF: '#b71c1c',
  NZD: '#37474f',
  XAU: '#c9a227',
  XAG: '#8e9aa6',
  WTI: '#3e2723',
  BRN: '#4e342e',
  BTC: '#f7931a',
  ETH: '#627eea',
  LTC: '#345d9d',
  XRP: '#23292f',
  US30: '#0d47a1',
  NAS100: '#00695c',
  SPX500: '#283593',
  GER40: '#212121',
};
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  AUD: 'A$',
  CAD: 'C$',
  CHF: 'Fr',
  NZD: 'NZ',
  XAU: 'Au',
  XAG: 'Ag',
  WTI: 'OIL',
  BRN: 'BR',
  BTC: '₿',
  ETH: 'Ξ',
  LTC: 'Ł',
  XRP: 'X',
  US30: 'DJ',
  NAS100: 'NQ',
  SPX500: 'SP',
  GER40: 'DE',
};

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function logoSvg(base: string, quote: string, categoryId: number): string {
  const disc = (cx: number, cy: number, r: number, code: string) => {
    const sym = SYMBOLS[code] ?? code.slice(0, 2);
    const size = sym.length > 2 ? r * 0.7 : sym.length > 1 ? r * 0.85 : r * 1.1;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${COLOURS[code] ?? '#546e7a'}" stroke="#fff" stroke-width="2"/><text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="${size.toFixed(1)}" fill="#fff">${esc(sym)}</text>`;
  };
  const pair = categoryId === 1;
  const body = pair ? disc(26, 26, 22, base) + disc(46, 46, 16, quote) : disc(32, 32, 30, base);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;
}

/** The path the app loads an instrument's logo from. */
export function logoPath(code: string): string {
  return `/logos/${code.toLowerCase()}.png`;
}

/** Pixels a side of the PNG: sharp on the 36 px rows of a 3× screen. */
export const LOGO_PNG_SIZE = 108;

const pngs = new Map<string, Promise<Buffer>>();

/** The logo as a PNG, rendered once per instrument and kept. */
export function logoPng(code: string, base: string, quote: string, categoryId: number): Promise<Buffer> {
  let png = pngs.get(code);
  if (!png) {
    png = sharp(Buffer.from(logoSvg(base, quote, categoryId)), { density: (72 * LOGO_PNG_SIZE) / 64 })
      .resize(LOGO_PNG_SIZE, LOGO_PNG_SIZE)
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    png.catch(() => pngs.delete(code));
    pngs.set(code, png);
  }
  return png;
}
