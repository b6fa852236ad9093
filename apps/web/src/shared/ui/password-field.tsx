import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'> & { toggleTestId?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { toggleTestId, ...rest } = props;
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      suffix={
        <button
          type="button"
          className="field-icon-button circle-44"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          data-testid={toggleTestId}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline fontSize={20} aria-hidden /> : <EyeInvisibleOutline fontSize={20} aria-hidden />}
        </button>
      }
    />
  );
}
