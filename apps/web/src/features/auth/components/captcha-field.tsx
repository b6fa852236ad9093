import { useTranslation } from '../../../i18n/i18n.ts';
import { RedoOutline } from 'antd-mobile-icons';
import type { Captcha } from '@tradepad/contracts/account-types';
import { TextField } from '../../../shared/ui/text-field.tsx';

/** The image-code field used when `verify_reg_type` is 2: the picture refreshes on tap. */
export function CaptchaField({
  captcha,
  loading,
  value,
  invalid,
  onChange,
  onRefresh,
}: {
  captcha: Captcha | undefined;
  loading: boolean;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
  onRefresh(): void;
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
      testId="register-code"
      onChange={(e) => onChange(e.target.value)}
      suffix={
        <button
          type="button"
          className="field-captcha"
          aria-label={t('auth.captchaRefresh')}
          data-testid="register-captcha"
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
