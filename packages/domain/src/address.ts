/**
 * Coin address checks for withdrawal methods and deposit channels: whether a string is a well-formed mainnet address of
 * a network, with its checksum. Pure: no network look-ups (an address can be well formed and still unused).
 *
 * Decisions the standards leave to us:
 * - The address is checked as given: leading or trailing spaces make it invalid (callers trim user input first).
 * - The network code is matched case-insensitively after trimming ('trc20' is TRC20).
 * - ERC20 and BEP20 (both EVM chains): `0x` and 40 hex digits. All-lowercase or all-uppercase hex carries no checksum
 *   and is accepted, as wallets and exchanges do; mixed case must be the EIP-55 checksum (keccak-256 of the lowercase
 *   hex), so a mistyped checksummed address is caught. `0X` is refused.
 * - BTC: mainnet only. Legacy base58check P2PKH (version 0x00, '1…') and P2SH (0x05, '3…'); segwit v0 in bech32
 *   (BIP-173, a 20- or 32-byte program, 'bc1q…') and taproot v1 in bech32m (BIP-350, a 32-byte program, 'bc1p…').
 *   Witness versions 2–16 are valid per BIP-350 but have no spending rules yet (funds sent there can be taken by
 *   anyone), so they are refused, as is a v1 program of another length. Mixed-case bech32 is refused (BIP-173);
 *   all-uppercase is accepted.
 * - TRC20 (TRON): base58check of 25 bytes, version 0x41, so 34 characters starting with 'T'.
 * - Any other network: only a conservative generic check, since we cannot know its format: 10 to 128 printable ASCII
 *   characters without spaces. It never rejects a real address of a common chain, and it never proves one valid.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, bech32m } from '@scure/base';

/** Coin networks whose addresses are checked in full (the same list as COIN_NETWORKS in contracts' wallet.ts). */
export type CoinNetwork = 'TRC20' | 'ERC20' | 'BEP20' | 'BTC';

const COIN_NETWORKS: readonly CoinNetwork[] = ['TRC20', 'ERC20', 'BEP20', 'BTC'];

/** Whether `s` is exactly one of the checked network codes (case-sensitive, as stored). */
export function isCoinNetwork(s: string): s is CoinNetwork {
  return (COIN_NETWORKS as readonly string[]).includes(s);
}

/**
 * Why an address was refused:
 * - `format`: wrong characters, prefix, length in characters, or mixed case where case is not allowed;
 * - `checksum`: well formed but the checksum does not match (a typo);
 * - `version`: a valid encoding for another chain or network (testnet, an unknown version byte or witness version);
 * - `length`: decodes, but the payload or witness program has the wrong number of bytes.
 */
export type AddressProblem = 'format' | 'checksum' | 'version' | 'length';

/** Whether `address` is a valid mainnet address on `network` (see the module comment for each network's rules). */
export function checkAddress(network: string, address: string): boolean {
  return addressProblem(network, address) === null;
}

/** Why `address` is not a valid mainnet address on `network`, or null when it is. */
export function addressProblem(network: string, address: string): AddressProblem | null {
  const code = network.trim().toUpperCase();
  if (!isCoinNetwork(code)) return genericProblem(address);
  switch (code) {
    case 'TRC20':
      return tronProblem(address);
    case 'ERC20':
    case 'BEP20':
      return evmProblem(address);
    case 'BTC':
      return bitcoinProblem(address);
  }
}

const GENERIC = /^[\x21-\x7e]{10,128}$/;

function genericProblem(address: string): AddressProblem | null {
  return GENERIC.test(address) ? null : 'format';
}

const BASE58_CHARS = '[1-9A-HJ-NP-Za-km-z]';
const TRON = new RegExp(`^T${BASE58_CHARS}{33}$`);
/** Legacy Bitcoin addresses are 25 bytes in 26 to 35 base58 characters (leading zero bytes shorten nothing). */
const BTC_LEGACY = new RegExp(`^${BASE58_CHARS}{25,35}$`);

const TRON_VERSION = 0x41;
const BTC_P2PKH = 0x00;
const BTC_P2SH = 0x05;

/**
 * A base58check payload of 25 bytes: one version byte, 20 bytes of hash, and 4 bytes of checksum, the first 4 bytes
 * of sha256(sha256(version and hash)). Returns the version byte or the problem.
 */
function base58checkVersion(address: string): number | AddressProblem {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return 'format';
  }
  if (bytes.length !== 25) return 'length';
  const digest = sha256(sha256(bytes.subarray(0, 21)));
  for (let i = 0; i < 4; i++) if (bytes[21 + i] !== digest[i]) return 'checksum';
  return bytes[0] ?? 'length';
}

function tronProblem(address: string): AddressProblem | null {
  if (!TRON.test(address)) return 'format';
  const version = base58checkVersion(address);
  if (typeof version === 'string') return version;
  return version === TRON_VERSION ? null : 'version';
}

const EVM = /^0x[0-9a-fA-F]{40}$/;

function evmProblem(address: string): AddressProblem | null {
  if (!EVM.test(address)) return 'format';
  const hex = address.slice(2);
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return null;
  // EIP-55: the i-th hex letter is uppercase exactly when the i-th nibble of keccak-256(lowercase hex, as ASCII) is ≥ 8.
  const hash = keccak_256(Uint8Array.from(lower, (c) => c.charCodeAt(0)));
  for (let i = 0; i < 40; i++) {
    const c = hex.charAt(i);
    if (c >= '0' && c <= '9') continue;
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    if (nibble >= 8 !== (c !== c.toLowerCase())) return 'checksum';
  }
  return null;
}

/** bech32 data characters (BIP-173), after the 'bc1' prefix: 6 checksum characters at least, 90 characters in all. */
const SEGWIT_MAINNET = /^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,87}$/;
/** Test networks' human-readable parts: testnet and signet 'tb', regtest 'bcrt'. */
const SEGWIT_OTHER_NETWORK = /^(?:tb|bcrt)1/;

function bitcoinProblem(address: string): AddressProblem | null {
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1') || SEGWIT_OTHER_NETWORK.test(lower)) return segwitProblem(address, lower);
  if (!BTC_LEGACY.test(address)) return 'format';
  const version = base58checkVersion(address);
  if (typeof version === 'string') return version;
  return version === BTC_P2PKH || version === BTC_P2SH ? null : 'version';
}

function segwitProblem(address: string, lower: string): AddressProblem | null {
  if (address !== lower && address !== address.toUpperCase()) return 'format';
  if (SEGWIT_OTHER_NETWORK.test(lower)) return 'version';
  if (!SEGWIT_MAINNET.test(lower)) return 'format';
  // A string cannot satisfy both checksums: bech32 and bech32m differ in their final constant.
  const classic = bech32.decodeUnsafe(lower);
  const modern = classic ? undefined : bech32m.decodeUnsafe(lower);
  const decoded = classic ?? modern;
  if (!decoded || decoded.prefix !== 'bc') return 'checksum';
  const [witnessVersion, ...programWords] = decoded.words;
  if (witnessVersion === undefined) return 'length';
  // BIP-350: version 0 is encoded with bech32, every later version with bech32m; the other pairing is a bad checksum.
  if ((witnessVersion === 0) !== (classic !== undefined)) return 'checksum';
  if (witnessVersion > 1) return 'version';
  // Bytes from 5-bit groups; undefined when the padding is longer than 4 bits or not zero (BIP-173).
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program) return 'length';
  const ok = witnessVersion === 0 ? program.length === 20 || program.length === 32 : program.length === 32;
  return ok ? null : 'length';
}
