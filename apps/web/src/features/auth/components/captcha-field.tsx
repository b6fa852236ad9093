import { useTranslation } from '../../../i18n/i18n.ts';
import { RedoOutline } from 'antd-mobile-icons';
import type { Captcha } from '@tradepad/contracts/accounts/constants';
import { TextField } from '../../../shared/ui/text-field.tsx';

/** The image-code field (registration when `verify_reg_type` is 2, sign-in after failures): the picture refreshes on tap. */
export function CaptchaField({
  captcha,
  loading,
  value,
  invalid,
  onChange,
  onRefresh,
  testIds = ['register-code', 'register-captcha'],
}: {
  captcha: Captcha | undefined;
  loading: boolean;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
  onRefresh(): void;
  /** The input's and the image button's test ids. */
  testIds?: [string, string];
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.captcha')}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      placeholder={t('auth.captchaPlaceholder')}
      value={value}
      aria-invalid={invalid}
      testId={testIds[0]}
      onChange={(e) => onChange(e.target.value)}
      suffix={
        <button
          type="button"
          className="field-captcha"
          aria-label={t('auth.captchaRefresh')}
          data-testid={testIds[1]}
          onClick={onRefresh}
        >
          {captcha && !loading ? (
            <img src={captcha.b64s} alt={t('auth.captchaAlt')} />
          ) : (
            <RedoOutline fontSize={18} aria-hidden />
          )}
        </button>
      }
    />
  );
}
