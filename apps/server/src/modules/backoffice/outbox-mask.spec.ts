import { OUTBOX_MASK } from '@tradepad/contracts';
import { describe, expect, it } from 'vitest';
import { maskMessage } from './outbox-mask.ts';

describe('maskMessage', () => {
  it('masks the stored code wherever it appears, and nothing else', () => {
    expect(
      maskMessage({ subject: 'Code 482913', body: 'Your code is 482913. Again: 482913. Ref 123456', secret: '482913' }),
    ).toEqual({
      subject: `Code ${OUTBOX_MASK}`,
      body: `Your code is ${OUTBOX_MASK}. Again: ${OUTBOX_MASK}. Ref 123456`,
      masked: true,
    });
  });

  it('masks every lone 6-digit run of a message kept without its code, never longer numbers', () => {
    expect(maskMessage({ subject: '', body: 'Code 004211, order 1234567, 12345', secret: null })).toEqual({
      subject: '',
      body: `Code ${OUTBOX_MASK}, order 1234567, 12345`,
      masked: true,
    });
  });

  it('says when nothing was masked', () => {
    expect(maskMessage({ subject: 'Hello', body: 'No code here', secret: null }).masked).toBe(false);
    expect(maskMessage({ subject: 'Hello', body: 'Sent 123456 USD', secret: '999999' })).toEqual({
      subject: 'Hello',
      body: 'Sent 123456 USD',
      masked: false,
    });
  });
});
