import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, uploadRefusal } from './image-upload.api.ts';

describe('uploadRefusal', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: UPLOAD_MAX_BYTES }, null],
    [{ type: 'image/webp', size: UPLOAD_MAX_BYTES + 1 }, 'upload.tooLarge'],
    [{ type: 'application/pdf', size: 10 }, 'upload.notImage'],
    [{ type: '', size: 10 }, 'upload.notImage'],
  ])('%o → %s', (file, expected) => {
    expect(uploadRefusal(file)).toBe(expected);
  });
});
