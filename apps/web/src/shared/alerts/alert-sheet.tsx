import { useId, useState } from 'react';
import { CloseOutline } from 'antd-mobile-icons';
import type { AlertCondition } from '@tradepad/contracts/alerts/constants';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { useTranslation } from '../../i18n/i18n.ts';
import { useQuote } from '../market/use-quote.ts';
import { Popup } from '../ui/antd.ts';
import { Segmented } from '../ui/segmented.tsx';
import { toastMessage } from '../ui/toast.ts';
import '../ui/form.css';
import { useAlerts, useCreateAlert, useDeleteAlert } from './alerts.api.ts';
import { AlertPrice, AlertRow } from './alert-row.tsx';
import { alertPriceProblem, conditionKey, startPrice } from './alert-text.ts';
import './alerts.css';

/**
 * The price alert sheet (issue 20 point 7): "notify me when the bid is at or above / at or below" a price that starts
 * at the current bid, and the trader's active alerts on this instrument, each with delete. The server watches the
 * level on every tick and tells the trader once (socket, mail, push). Its own chunk, loaded on the first tap on 🔔.
 */
export default function AlertSheet({ item, visible, onClose }: { item: TradeItem; visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const quote = useQuote(item.Id);
  const bid = quote?.bid ?? item.ForexQuotations?.Close;
  const precision = item.PricePrecision;
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState(() => startPrice(bid, precision));
  const create = useCreateAlert();
  const remove = useDeleteAlert();
  const alerts = useAlerts(visible);
  const mine = (alerts.data?.data ?? []).filter((a) => a.ForexId === item.Id && a.State === 'active');
  const problem = alertPriceProblem(price, precision);
  const priceId = useId();

  const save = async () => {
    if (problem === 'digits') return toastMessage(t('alerts.digits', { digits: precision }));
    if (problem) return toastMessage(t('alerts.priceInvalid'));
    if (create.isPending) return;
    try {
      await create.mutateAsync({ forexId: item.Id, condition, price: price.replace(',', '.').trim() });
      onClose();
    } catch {
      // The API client showed the server's message.
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="alert-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby="alert-title" data-testid="alert-sheet">
        <div className="sheet-head">
          <h2 id="alert-title" className="sheet-title">
            <bdi dir="ltr">{item.ShowCode}</bdi> · {t('alerts.new')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseOutline fontSize={20} aria-hidden />
          </button>
        </div>
        <form
          className="alert-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Segmented<AlertCondition>
            label={t('alerts.condition')}
            value={condition}
            onChange={setCondition}
            options={[
              { value: 'above', label: t('alerts.above'), testId: 'alert-above' },
              { value: 'below', label: t('alerts.below'), testId: 'alert-below' },
            ]}
          />
          <label htmlFor={priceId} className="field-label">
            {t('alerts.price')}
          </label>
          <div className="field-box">
            <input
              id={priceId}
              className="field-input num"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={price}
              aria-invalid={problem !== null && problem !== 'empty' ? true : undefined}
              data-testid="alert-price"
              onChange={(e) => setPrice(e.target.value.replace(/[^\d.,]/g, ''))}
            />
          </div>
          <p className="alert-hint">
            {t('alerts.currentBid')} <AlertPrice value={bid} precision={precision} />
            {' · '}
            {t('alerts.once')}
          </p>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={problem !== null || create.isPending}
            data-testid="alert-create"
          >
            {t('alerts.create')}
          </button>
        </form>
        {mine.length > 0 && (
          <section className="alert-mine" aria-labelledby="alert-mine-title">
            <h3 id="alert-mine-title" className="alert-mine-title">
              {t('alerts.activeOn', { code: item.ShowCode })}
            </h3>
            <ul className="alert-list">
              {mine.map((a) => (
                <AlertRow key={a.Id} id={a.Id} testId="alert" deleting={remove.isPending} onDelete={remove.mutate}>
                  {t(conditionKey(a.Condition))} <AlertPrice value={Number(a.Price)} precision={precision} />
                </AlertRow>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Popup>
  );
}
