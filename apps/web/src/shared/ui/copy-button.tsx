import { useTranslation } from '../../i18n/i18n.ts';
import { FileOutline } from 'antd-mobile-icons';
import { toastMessage, toastSuccess } from './toast.ts';
import './copy-button.css';

/** Writes `text` to the clipboard; the textarea fallback serves browsers without the async clipboard (http pages). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** A 44 px button that copies `text` and says so; `what` names the value for screen readers ("Copy address"). */
export function CopyButton({
  text,
  what,
  testId,
  withLabel,
}: {
  text: string;
  what: string;
  testId?: string;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) toastSuccess(t('common.copied'));
    else toastMessage(t('common.copyFailed'));
  };
  return (
    <button
      type="button"
      className={`copy-button${withLabel ? ' with-label' : ''}`}
      aria-label={t('common.copyWhat', { what })}
      data-testid={testId}
      disabled={!text}
      onClick={() => void copy()}
    >
      <FileOutline fontSize={18} aria-hidden />
      {withLabel && <span aria-hidden="true">{t('common.copy')}</span>}
    </button>
  );
}
