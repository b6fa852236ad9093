import { describe, expect, it } from 'vitest';
import { realNameParams } from './params.ts';

const IMG = (c: string) => `${c.repeat(32)}.png`;
const base = { name: 'Alice Chan', card_id: 'ab12345', front_pic: IMG('a'), reverse_pic: `/api/files/${IMG('b')}?x=1` };
const firstError = (v: unknown) => {
  const r = realNameParams.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

/** `user_real/real_name` with the fields of real-name depth (DESIGN §16): all optional, each checked by its shape. */
describe('realNameParams', () => {
  it('takes an application without the new fields, as before', () => {
    const r = realNameParams.parse(base);
    expect(r).toMatchObject({ card_id: 'AB12345', reverse_pic: IMG('b') });
    expect(r.birth_date).toBeUndefined();
    expect(r.doc_type).toBeUndefined();
  });

  it('reads blanks as absent and keeps the given fields', () => {
    const blank = realNameParams.parse({ ...base, birth_date: '', address: ' ', selfie: null, doc_type: '' });
    expect([blank.birth_date, blank.address, blank.selfie, blank.doc_type]).toEqual([undefined, undefined, undefined, undefined]);
    const r = realNameParams.parse({
      ...base,
      birth_date: '1990-04-12',
      address: '  12 Harbour Road ',
      address_proof: `https://x.example/api/files/${IMG('c')}`,
      selfie: IMG('d'),
      doc_type: 'driving_licence',
      doc_expiry: '2031-02-28',
    });
    expect(r).toMatchObject({
      birth_date: '1990-04-12',
      address: '12 Harbour Road',
      address_proof: IMG('c'),
      selfie: IMG('d'),
      doc_type: 'driving_licence',
      doc_expiry: '2031-02-28',
    });
  });

  it.each([
    [{ birth_date: '1990-02-30' }, 'err.birth_date_invalid'],
    [{ birth_date: '19900412' }, 'err.birth_date_invalid'],
    [{ birth_date: 19900412 }, 'err.birth_date_invalid'],
    [{ doc_expiry: '2031-2-28' }, 'err.doc_expiry_invalid'],
    [{ doc_type: 'passport ' }, 'err.doc_type_invalid'],
    [{ doc_type: 'library_card' }, 'err.doc_type_invalid'],
    [{ address: 'x'.repeat(301) }, 'err.kyc_address_invalid'],
    [{ selfie: '../etc/passwd' }, 'err.image_invalid'],
    [{ address_proof: 'photo.gif' }, 'err.image_invalid'],
  ])('refuses %j with %s', (extra, key) => {
    expect(firstError({ ...base, ...extra })).toBe(key);
  });
});
