import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressProblem, checkAddress, isCoinNetwork, type AddressProblem } from './address.ts';

/** An independent base58check encoder (the library's), to build addresses with any version byte. */
const base58check = createBase58check(sha256);
const withVersion = (version: number, payload: Uint8Array) => base58check.encode(Uint8Array.from([version, ...payload]));

/** EIP-55 written out from the spec's reference, independently of address.ts. */
function eip55(bytes: Uint8Array): string {
  const lower = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const hash = Array.from(keccak_256(new TextEncoder().encode(lower)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `0x${[...lower].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** Published valid addresses, by network. */
const VALID: Array<[network: string, address: string, source: string]> = [
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'EIP-55 example'],
  ['ERC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 'EIP-55 example'],
  ['ERC20', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', 'EIP-55 example'],
  ['ERC20', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', 'EIP-55 example'],
  ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', 'EIP-55 all caps'],
  ['ERC20', '0x8617E340B3D01FA5F11F306F4090FD50E238070D', 'EIP-55 all caps'],
  ['ERC20', '0xde709f2102306220921060314715629080e2fb77', 'EIP-55 all lower'],
  ['ERC20', '0x27b1fdb04752bbc536007a920d24acb045561c26', 'EIP-55 all lower'],
  ['BEP20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'EIP-55 example on BNB Smart Chain'],
  ['BEP20', '0xde709f2102306220921060314715629080e2fb77', 'EIP-55 all lower on BNB Smart Chain'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'the USDT contract on TRON'],
  ['TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'the TRON zero address'],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'the genesis block P2PKH'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'P2SH example (BIP-13 era wiki)'],
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'BIP-173 P2WPKH'],
  ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'BIP-173 P2WPKH, all uppercase'],
  ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'BIP-173 P2WSH'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'BIP-350 taproot'],
  ['trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a lowercase network code'],
  [' BTC ', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a padded network code'],
];

/** Refused addresses, with the reason. */
const INVALID: Array<[network: string, address: string, problem: AddressProblem, why: string]> = [
  // EVM
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'checksum', 'the last letter’s case flipped'],
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee', 'checksum', 'the last digit changed under a checksum'],
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'format', '39 hex digits'],
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0', 'format', '41 hex digits'],
  ['ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format', 'no 0x'],
  ['ERC20', '0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', 'format', '0X prefix'],
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'format', 'a non-hex digit'],
  ['ERC20', ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format', 'a leading space'],
  ['BEP20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'format', 'a TRON address'],
  // TRON
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum', 'the last character changed'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'format', '33 characters'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt', 'format', '35 characters'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 'format', 'a 0, not in base58'],
  ['TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'format', 'a Bitcoin address'],
  ['TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format', 'an Ethereum address'],
  // Bitcoin legacy
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum', 'the genesis address with its last character changed'],
  ['BTC', '1B1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'checksum', 'the genesis address with its second character changed'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz', 'checksum', 'the P2SH address with its last character changed'],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf', 'length', 'two characters short'],
  ['BTC', 'mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r', 'version', 'a testnet P2PKH'],
  ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'version', 'a TRON address'],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', 'format', 'a 0, not in base58'],
  // Bitcoin segwit (BIP-173, BIP-350)
  ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'version', 'BIP-173 testnet P2WPKH'],
  ['BTC', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'version', 'BIP-173 testnet P2WSH'],
  ['BTC', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'version', 'BIP-350 testnet taproot'],
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum', 'the last character changed'],
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4', 'format', 'mixed case'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'checksum', 'BIP-350: v1 with a bech32 checksum'],
  ['BTC', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'checksum', 'BIP-350: v16 with a bech32 checksum'],
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'checksum', 'BIP-350: v0 with a bech32m checksum'],
  ['BTC', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'format', 'BIP-350: an o in the checksum'],
  ['BTC', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'version', 'BIP-350: witness version 17'],
  ['BTC', 'bc1pw5dgrnzv', 'length', 'BIP-350: a 1-byte program'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'length', 'BIP-350: a 41-byte program'],
  ['BTC', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'length', 'BIP-350: a 16-byte v0 program'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'length', 'BIP-350: padding over 4 bits'],
  ['BTC', 'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'format', 'BIP-350: an unknown prefix'],
  ['BTC', 'bc1gmk9yu', 'length', 'BIP-350: an empty data part (no witness version)'],
  [
    'BTC',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'length',
    'BIP-350: a valid v1 address with a 40-byte program, refused as not taproot',
  ],
  ['BTC', 'BC1SW50QGDZ25J', 'version', 'BIP-350: a valid v16 address, refused as unspendable today'],
  ['BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'version', 'BIP-350: a valid v2 address, refused as unspendable today'],
  ['BTC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format', 'an Ethereum address'],
  ['BTC', '', 'format', 'empty'],
  // Unknown networks: the generic check
  ['SOL', 'short', 'format', 'under 10 characters'],
  ['SOL', 'has a space in it', 'format', 'a space'],
  ['SOL', 'x'.repeat(129), 'format', '129 characters'],
  ['SOL', 'addr\u00e9ssé12345', 'format', 'non-ASCII characters'],
  ['SOL', 'abcdefghij\n', 'format', 'a control character'],
];

describe('coin addresses', () => {
  it.each(VALID)('accepts on %s %s (%s)', (network, address) => {
    expect(addressProblem(network, address)).toBeNull();
    expect(checkAddress(network, address)).toBe(true);
  });

  it.each(INVALID)('refuses on %s %j as %s (%s)', (network, address, problem) => {
    expect(addressProblem(network, address)).toBe(problem);
    expect(checkAddress(network, address)).toBe(false);
  });

  it('knows its four networks, exactly as stored', () => {
    expect(['TRC20', 'ERC20', 'BEP20', 'BTC'].every(isCoinNetwork)).toBe(true);
    expect(isCoinNetwork('trc20')).toBe(false);
    expect(isCoinNetwork('SOL')).toBe(false);
  });

  it('only checks the shape on a network it does not know', () => {
    expect(checkAddress('SOL', 'So11111111111111111111111111111111111111112')).toBe(true);
    expect(checkAddress('', 'anything-printable~!@#')).toBe(true);
    expect(checkAddress('XRP', 'x'.repeat(128))).toBe(true);
  });

  /** Every single-character substitution of every checksummed vector, by every printable ASCII character. */
  it('refuses every single-character substitution of the checksummed vectors', () => {
    const printable = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i));
    // All-lowercase and all-uppercase EVM addresses carry no checksum, so a substituted digit stays valid.
    const checksummed = VALID.filter(([, address]) => {
      const hex = address.slice(2);
      return !(address.startsWith('0x') && (hex === hex.toLowerCase() || hex === hex.toUpperCase()));
    });
    let tried = 0;
    const accepted: string[] = [];
    for (const [network, address] of checksummed) {
      for (let i = 0; i < address.length; i++) {
        for (const c of printable) {
          if (c === address[i]) continue;
          const mutant = address.slice(0, i) + c + address.slice(i + 1);
          tried++;
          if (checkAddress(network, mutant)) accepted.push(mutant);
        }
      }
    }
    expect(tried).toBeGreaterThan(10_000);
    expect(accepted).toEqual([]);
  });

  it('accepts base58check payloads with the right version byte only (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.integer({ min: 0, max: 255 }), (hash, version) => {
        const address = withVersion(version, hash);
        expect(checkAddress('BTC', address)).toBe(version === 0x00 || version === 0x05);
        // TRON addresses are always 34 characters starting with T, which version 0x41 guarantees.
        expect(checkAddress('TRC20', address)).toBe(version === 0x41);
      }),
    );
  });

  it('accepts any EIP-55 encoding and refuses it with any one letter’s case flipped (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const address = eip55(bytes);
        expect(checkAddress('ERC20', address)).toBe(true);
        expect(checkAddress('BEP20', address.toLowerCase())).toBe(true);
        expect(checkAddress('ERC20', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
        const letters = [...address].flatMap((c, i) => (i >= 2 && /[a-f]/i.test(c) ? [i] : []));
        if (letters.length === 0) return;
        const i = letters[pick % letters.length]!;
        const c = address[i]!;
        const flipped = address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1);
        // Flipping one letter leaves mixed case unless it was the only letter of its case.
        const hex = flipped.slice(2);
        const unchecked = hex === hex.toLowerCase() || hex === hex.toUpperCase();
        expect(checkAddress('ERC20', flipped)).toBe(unchecked);
      }),
    );
  });

  it('accepts segwit v0 and taproot programs and refuses any single substitution (property)', () => {
    // bech32 and bech32m detect every error in up to 4 characters, so this holds for every input, not just most.
    const program = fc.oneof(
      fc.record({ version: fc.constant(0), bytes: fc.uint8Array({ minLength: 20, maxLength: 20 }) }),
      fc.record({ version: fc.constant(0), bytes: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
      fc.record({ version: fc.constant(1), bytes: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
    );
    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7Lbio1BIO ';
    fc.assert(
      fc.property(program, fc.nat(), fc.nat(), fc.boolean(), ({ version, bytes }, at, with_, upper) => {
        const coder = version === 0 ? bech32 : bech32m;
        const lower = coder.encode('bc', [version, ...bech32.toWords(bytes)]);
        const address = upper ? lower.toUpperCase() : lower;
        expect(checkAddress('BTC', address)).toBe(true);
        // The same program under the other checksum is refused.
        const other = (version === 0 ? bech32m : bech32).encode('bc', [version, ...bech32.toWords(bytes)]);
        expect(addressProblem('BTC', other)).toBe('checksum');
        const i = at % address.length;
        const c = charset[with_ % charset.length]!;
        fc.pre(c !== address[i]);
        expect(checkAddress('BTC', address.slice(0, i) + c + address.slice(i + 1))).toBe(false);
      }),
    );
  });
});
