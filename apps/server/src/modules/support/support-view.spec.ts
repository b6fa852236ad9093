import { describe, expect, it } from 'vitest';
import { PREVIEW_CHARS, previewOf, supportMessageView } from './support-view.ts';

describe('previewOf', () => {
  it.each([
    ['', ''],
    ['short', 'short'],
    ['a'.repeat(PREVIEW_CHARS), 'a'.repeat(PREVIEW_CHARS)],
    ['a'.repeat(PREVIEW_CHARS + 1), 'a'.repeat(PREVIEW_CHARS)],
  ])('keeps at most the first %#th characters', (text, preview) => {
    expect(previewOf(text)).toBe(preview);
  });

  it('never cuts an emoji in two', () => {
    const text = `${'a'.repeat(PREVIEW_CHARS - 1)}😀 and more`;
    expect(previewOf(text)).toBe('a'.repeat(PREVIEW_CHARS - 1));
  });
});

describe('supportMessageView', () => {
  const row = {
    id: 7,
    user_id: 3,
    from_staff: 0,
    text: '<script>x</script>',
    image_name: null,
    created_at: 1_000,
    staff_name: null,
  };
  const sign = (n: string) => `/api/files/${n}?sig=s`;

  it("shows a trader's message as written, without the fields it has no use for", () => {
    expect(supportMessageView(row, sign)).toEqual({
      id: 7,
      user_id: 3,
      from: 'user',
      text: '<script>x</script>',
      created_at: 1_000,
    });
  });

  it('links an image and names a staff reply’s author', () => {
    expect(supportMessageView({ ...row, image_name: 'a.jpg' }, sign).image).toBe('/api/files/a.jpg?sig=s');
    expect(supportMessageView({ ...row, from_staff: 1, staff_name: 'Mei' }, sign)).toMatchObject({
      from: 'staff',
      staff_name: 'Mei',
    });
    // A trader's message never carries a staff name, whatever the row holds.
    expect(supportMessageView({ ...row, staff_name: 'Mei' }, sign).staff_name).toBeUndefined();
  });
});
