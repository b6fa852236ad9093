import type { AdjustmentKind, Lang } from '@tradepad/contracts';

/** The mails of what staff did to an account (issue 29, DESIGN §16 "Traders are told"), beside templates.ts. */
export type StaffActionKey =
  'adjustment_credit' | 'adjustment_debit' | 'desk_close' | 'account_type' | 'desk_partial_close' | 'desk_stops';

export interface StaffActionTemplates {
  texts: Record<StaffActionKey, readonly [subject: string, body: string]>;
  /** The adjustment's kind as the sentence names it. */
  kinds: Record<AdjustmentKind, string>;
}

export const STAFF_ACTION_TEMPLATES: Record<Lang, StaffActionTemplates> = {
  en: {
    texts: {
      adjustment_credit: ['Balance adjustment', '{amount} was credited to your balance ({kind}).'],
      adjustment_debit: ['Balance adjustment', '{amount} was debited from your balance ({kind}).'],
      desk_close: [
        'Position closed by our dealing desk',
        'Our dealing desk closed your {symbol} position #{order} ({lots} lots) at {price}, P/L {profit} USD. Reason: {reason}',
      ],
      account_type: ['Your account type has changed', 'Your account is now of type {name}. Reason: {reason}'],
      desk_partial_close: [
        'Position partly closed by our dealing desk',
        'Our dealing desk closed {lots} lots of your {symbol} position #{order} at {price}, P/L {profit} USD; {rest} lots stay open. Reason: {reason}',
      ],
      desk_stops: [
        'Stops changed by our dealing desk',
        'Our dealing desk set your {symbol} order #{order} to stop-loss {stop_loss} and take-profit {take_profit} (0 = none). Reason: {reason}',
      ],
    },
    kinds: { correction: 'correction', bonus: 'bonus', compensation: 'compensation' },
  },
  hk: {
    texts: {
      adjustment_credit: ['餘額調整', '{amount} 已存入您的餘額（{kind}）。'],
      adjustment_debit: ['餘額調整', '已從您的餘額扣除 {amount}（{kind}）。'],
      desk_close: [
        '交易部已為您平倉',
        '交易部已按 {price} 平倉您的 {symbol} 持倉 #{order}（{lots} 手），盈虧 {profit} USD。原因：{reason}',
      ],
      account_type: ['您的賬戶類型已更改', '您的賬戶類型現為 {name}。原因：{reason}'],
      desk_partial_close: [
        '交易部已為您部分平倉',
        '交易部已按 {price} 平倉您的 {symbol} 持倉 #{order} 其中 {lots} 手，盈虧 {profit} USD；仍持有 {rest} 手。原因：{reason}',
      ],
      desk_stops: [
        '交易部已修改您的止損止盈',
        '交易部已將您的 {symbol} 訂單 #{order} 止損設為 {stop_loss}，止盈設為 {take_profit}（0 = 不設）。原因：{reason}',
      ],
    },
    kinds: { correction: '更正', bonus: '贈金', compensation: '補償' },
  },
  jp: {
    texts: {
      adjustment_credit: ['残高調整', '{amount} が残高に加算されました（{kind}）。'],
      adjustment_debit: ['残高調整', '残高から {amount} が差し引かれました（{kind}）。'],
      desk_close: [
        'ディーリングデスクがポジションを決済しました',
        'ディーリングデスクが {symbol} のポジション #{order}（{lots} ロット）を {price} で決済しました。損益 {profit} USD。理由：{reason}',
      ],
      account_type: ['口座タイプが変更されました', 'お客様の口座タイプは {name} になりました。理由：{reason}'],
      desk_partial_close: [
        'ディーリングデスクがポジションを一部決済しました',
        'ディーリングデスクが {symbol} のポジション #{order} のうち {lots} ロットを {price} で決済しました。損益 {profit} USD、残り {rest} ロットは保有中です。理由：{reason}',
      ],
      desk_stops: [
        'ディーリングデスクがストップを変更しました',
        'ディーリングデスクが {symbol} の注文 #{order} を損切り {stop_loss}、利確 {take_profit}（0 = なし）に設定しました。理由：{reason}',
      ],
    },
    kinds: { correction: '訂正', bonus: 'ボーナス', compensation: '補償' },
  },
  kr: {
    texts: {
      adjustment_credit: ['잔액 조정', '{amount}이(가) 잔액에 입금되었습니다({kind}).'],
      adjustment_debit: ['잔액 조정', '잔액에서 {amount}이(가) 차감되었습니다({kind}).'],
      desk_close: [
        '딜링 데스크가 포지션을 청산했습니다',
        '딜링 데스크가 {symbol} 포지션 #{order}({lots}랏)을 {price}에 청산했습니다. 손익 {profit} USD. 사유: {reason}',
      ],
      account_type: ['계좌 유형이 변경되었습니다', '고객님의 계좌 유형이 {name}(으)로 변경되었습니다. 사유: {reason}'],
      desk_partial_close: [
        '딜링 데스크가 포지션을 일부 청산했습니다',
        '딜링 데스크가 {symbol} 포지션 #{order} 중 {lots}랏을 {price}에 청산했습니다. 손익 {profit} USD, {rest}랏은 계속 보유 중입니다. 사유: {reason}',
      ],
      desk_stops: [
        '딜링 데스크가 손절/익절을 변경했습니다',
        '딜링 데스크가 {symbol} 주문 #{order}의 손절을 {stop_loss}, 익절을 {take_profit}(0 = 없음)로 설정했습니다. 사유: {reason}',
      ],
    },
    kinds: { correction: '정정', bonus: '보너스', compensation: '보상' },
  },
  th: {
    texts: {
      adjustment_credit: ['การปรับยอดเงิน', 'เพิ่ม {amount} เข้ายอดเงินของคุณแล้ว ({kind})'],
      adjustment_debit: ['การปรับยอดเงิน', 'หัก {amount} จากยอดเงินของคุณแล้ว ({kind})'],
      desk_close: [
        'ฝ่ายดีลลิงปิดสถานะของคุณ',
        'ฝ่ายดีลลิงปิดสถานะ {symbol} #{order} ({lots} ล็อต) ของคุณที่ราคา {price} กำไร/ขาดทุน {profit} USD เหตุผล: {reason}',
      ],
      account_type: ['ประเภทบัญชีของคุณเปลี่ยนแล้ว', 'บัญชีของคุณเป็นประเภท {name} แล้ว เหตุผล: {reason}'],
      desk_partial_close: [
        'ฝ่ายดีลลิงปิดสถานะของคุณบางส่วน',
        'ฝ่ายดีลลิงปิดสถานะ {symbol} #{order} ของคุณ {lots} ล็อตที่ราคา {price} กำไร/ขาดทุน {profit} USD ยังเปิดอยู่ {rest} ล็อต เหตุผล: {reason}',
      ],
      desk_stops: [
        'ฝ่ายดีลลิงเปลี่ยนจุดตัดขาดทุน/ทำกำไร',
        'ฝ่ายดีลลิงตั้งคำสั่ง {symbol} #{order} ของคุณเป็นตัดขาดทุน {stop_loss} และทำกำไร {take_profit} (0 = ไม่ตั้ง) เหตุผล: {reason}',
      ],
    },
    kinds: { correction: 'การแก้ไข', bonus: 'โบนัส', compensation: 'การชดเชย' },
  },
  vn: {
    texts: {
      adjustment_credit: ['Điều chỉnh số dư', '{amount} đã được cộng vào số dư của bạn ({kind}).'],
      adjustment_debit: ['Điều chỉnh số dư', '{amount} đã được trừ khỏi số dư của bạn ({kind}).'],
      desk_close: [
        'Bộ phận giao dịch đã đóng vị thế của bạn',
        'Bộ phận giao dịch đã đóng vị thế {symbol} #{order} ({lots} lot) của bạn ở giá {price}, lãi/lỗ {profit} USD. Lý do: {reason}',
      ],
      account_type: ['Loại tài khoản của bạn đã thay đổi', 'Tài khoản của bạn hiện thuộc loại {name}. Lý do: {reason}'],
      desk_partial_close: [
        'Bộ phận giao dịch đã đóng một phần vị thế của bạn',
        'Bộ phận giao dịch đã đóng {lots} lot của vị thế {symbol} #{order} ở giá {price}, lãi/lỗ {profit} USD; còn {rest} lot đang mở. Lý do: {reason}',
      ],
      desk_stops: [
        'Bộ phận giao dịch đã thay đổi cắt lỗ/chốt lời',
        'Bộ phận giao dịch đã đặt lệnh {symbol} #{order} của bạn với cắt lỗ {stop_loss} và chốt lời {take_profit} (0 = không đặt). Lý do: {reason}',
      ],
    },
    kinds: { correction: 'điều chỉnh sai sót', bonus: 'tiền thưởng', compensation: 'bồi thường' },
  },
  fr: {
    texts: {
      adjustment_credit: ['Ajustement du solde', '{amount} a été crédité sur votre solde ({kind}).'],
      adjustment_debit: ['Ajustement du solde', '{amount} a été débité de votre solde ({kind}).'],
      desk_close: [
        'Position clôturée par notre salle des marchés',
        'Notre salle des marchés a clôturé votre position {symbol} n°{order} ({lots} lots) à {price}, P/L {profit} USD. Motif : {reason}',
      ],
      account_type: ['Votre type de compte a changé', 'Votre compte est désormais de type {name}. Motif : {reason}'],
      desk_partial_close: [
        'Position partiellement clôturée par notre salle des marchés',
        'Notre salle des marchés a clôturé {lots} lots de votre position {symbol} n°{order} à {price}, P/L {profit} USD ; {rest} lots restent ouverts. Motif : {reason}',
      ],
      desk_stops: [
        'Stops modifiés par notre salle des marchés',
        'Notre salle des marchés a fixé le stop loss de votre ordre {symbol} n°{order} à {stop_loss} et le take profit à {take_profit} (0 = aucun). Motif : {reason}',
      ],
    },
    kinds: { correction: 'correction', bonus: 'bonus', compensation: 'dédommagement' },
  },
  de: {
    texts: {
      adjustment_credit: ['Saldoanpassung', '{amount} wurde Ihrem Guthaben gutgeschrieben ({kind}).'],
      adjustment_debit: ['Saldoanpassung', '{amount} wurde von Ihrem Guthaben abgebucht ({kind}).'],
      desk_close: [
        'Position von unserem Handelsdesk geschlossen',
        'Unser Handelsdesk hat Ihre {symbol}-Position #{order} ({lots} Lots) zu {price} geschlossen, G/V {profit} USD. Grund: {reason}',
      ],
      account_type: ['Ihre Kontoart wurde geändert', 'Ihr Konto ist jetzt von der Art {name}. Grund: {reason}'],
      desk_partial_close: [
        'Position von unserem Handelsdesk teilweise geschlossen',
        'Unser Handelsdesk hat {lots} Lots Ihrer {symbol}-Position #{order} zu {price} geschlossen, G/V {profit} USD; {rest} Lots bleiben offen. Grund: {reason}',
      ],
      desk_stops: [
        'Stops von unserem Handelsdesk geändert',
        'Unser Handelsdesk hat für Ihre {symbol}-Order #{order} den Stop-Loss auf {stop_loss} und den Take-Profit auf {take_profit} gesetzt (0 = keiner). Grund: {reason}',
      ],
    },
    kinds: { correction: 'Korrektur', bonus: 'Bonus', compensation: 'Entschädigung' },
  },
  ru: {
    texts: {
      adjustment_credit: ['Корректировка баланса', '{amount} зачислено на ваш баланс ({kind}).'],
      adjustment_debit: ['Корректировка баланса', '{amount} списано с вашего баланса ({kind}).'],
      desk_close: [
        'Позиция закрыта дилинговым отделом',
        'Дилинговый отдел закрыл вашу позицию {symbol} №{order} ({lots} лот) по цене {price}, прибыль/убыток {profit} USD. Причина: {reason}',
      ],
      account_type: ['Тип вашего счёта изменён', 'Теперь ваш счёт имеет тип {name}. Причина: {reason}'],
      desk_partial_close: [
        'Позиция частично закрыта дилинговым отделом',
        'Дилинговый отдел закрыл {lots} лот вашей позиции {symbol} №{order} по цене {price}, прибыль/убыток {profit} USD; открытыми остаются {rest} лот. Причина: {reason}',
      ],
      desk_stops: [
        'Стоп-уровни изменены дилинговым отделом',
        'Дилинговый отдел установил для вашего ордера {symbol} №{order} стоп-лосс {stop_loss} и тейк-профит {take_profit} (0 = нет). Причина: {reason}',
      ],
    },
    kinds: { correction: 'исправление', bonus: 'бонус', compensation: 'компенсация' },
  },
  spa: {
    texts: {
      adjustment_credit: ['Ajuste de saldo', 'Se han abonado {amount} a su saldo ({kind}).'],
      adjustment_debit: ['Ajuste de saldo', 'Se han cargado {amount} a su saldo ({kind}).'],
      desk_close: [
        'Posición cerrada por nuestra mesa de operaciones',
        'Nuestra mesa de operaciones cerró su posición de {symbol} n.º {order} ({lots} lotes) a {price}, P/G {profit} USD. Motivo: {reason}',
      ],
      account_type: ['Su tipo de cuenta ha cambiado', 'Su cuenta ahora es del tipo {name}. Motivo: {reason}'],
      desk_partial_close: [
        'Posición cerrada en parte por nuestra mesa de operaciones',
        'Nuestra mesa de operaciones cerró {lots} lotes de su posición de {symbol} n.º {order} a {price}, P/G {profit} USD; siguen abiertos {rest} lotes. Motivo: {reason}',
      ],
      desk_stops: [
        'Stops cambiados por nuestra mesa de operaciones',
        'Nuestra mesa de operaciones fijó el stop loss de su orden de {symbol} n.º {order} en {stop_loss} y el take profit en {take_profit} (0 = ninguno). Motivo: {reason}',
      ],
    },
    kinds: { correction: 'corrección', bonus: 'bono', compensation: 'compensación' },
  },
  pt: {
    texts: {
      adjustment_credit: ['Ajuste de saldo', '{amount} foi creditado no seu saldo ({kind}).'],
      adjustment_debit: ['Ajuste de saldo', '{amount} foi debitado do seu saldo ({kind}).'],
      desk_close: [
        'Posição encerrada pela nossa mesa de operações',
        'A nossa mesa de operações encerrou a sua posição {symbol} n.º {order} ({lots} lotes) a {price}, L/P {profit} USD. Motivo: {reason}',
      ],
      account_type: ['O seu tipo de conta mudou', 'A sua conta é agora do tipo {name}. Motivo: {reason}'],
      desk_partial_close: [
        'Posição encerrada em parte pela nossa mesa de operações',
        'A nossa mesa de operações encerrou {lots} lotes da sua posição {symbol} n.º {order} a {price}, L/P {profit} USD; continuam abertos {rest} lotes. Motivo: {reason}',
      ],
      desk_stops: [
        'Stops alterados pela nossa mesa de operações',
        'A nossa mesa de operações definiu o stop loss da sua ordem {symbol} n.º {order} em {stop_loss} e o take profit em {take_profit} (0 = nenhum). Motivo: {reason}',
      ],
    },
    kinds: { correction: 'correção', bonus: 'bónus', compensation: 'compensação' },
  },
  ar: {
    texts: {
      adjustment_credit: ['تعديل الرصيد', 'تمت إضافة {amount} إلى رصيدك ({kind}).'],
      adjustment_debit: ['تعديل الرصيد', 'تم خصم {amount} من رصيدك ({kind}).'],
      desk_close: [
        'أغلق مكتب التداول مركزك',
        'أغلق مكتب التداول مركزك على {symbol} رقم {order} ({lots} لوت) عند {price}، الربح/الخسارة {profit} USD. السبب: {reason}',
      ],
      account_type: ['تغيّر نوع حسابك', 'أصبح حسابك من نوع {name}. السبب: {reason}'],
      desk_partial_close: [
        'أغلق مكتب التداول جزءًا من مركزك',
        'أغلق مكتب التداول {lots} لوت من مركزك على {symbol} رقم {order} عند {price}، الربح/الخسارة {profit} USD؛ ويبقى {rest} لوت مفتوحًا. السبب: {reason}',
      ],
      desk_stops: [
        'غيّر مكتب التداول مستويات الإيقاف',
        'عيّن مكتب التداول لأمرك على {symbol} رقم {order} وقف الخسارة عند {stop_loss} وجني الربح عند {take_profit} (0 = بلا). السبب: {reason}',
      ],
    },
    kinds: { correction: 'تصحيح', bonus: 'مكافأة', compensation: 'تعويض' },
  },
  it: {
    texts: {
      adjustment_credit: ['Rettifica del saldo', '{amount} è stato accreditato sul tuo saldo ({kind}).'],
      adjustment_debit: ['Rettifica del saldo', '{amount} è stato addebitato sul tuo saldo ({kind}).'],
      desk_close: [
        'Posizione chiusa dal nostro desk di negoziazione',
        'Il nostro desk di negoziazione ha chiuso la tua posizione {symbol} n. {order} ({lots} lotti) a {price}, P/L {profit} USD. Motivo: {reason}',
      ],
      account_type: ['Il tuo tipo di conto è cambiato', 'Il tuo conto è ora di tipo {name}. Motivo: {reason}'],
      desk_partial_close: [
        'Posizione chiusa in parte dal nostro desk di negoziazione',
        'Il nostro desk di negoziazione ha chiuso {lots} lotti della tua posizione {symbol} n. {order} a {price}, P/L {profit} USD; restano aperti {rest} lotti. Motivo: {reason}',
      ],
      desk_stops: [
        'Stop modificati dal nostro desk di negoziazione',
        'Il nostro desk di negoziazione ha impostato per il tuo ordine {symbol} n. {order} lo stop loss a {stop_loss} e il take profit a {take_profit} (0 = nessuno). Motivo: {reason}',
      ],
    },
    kinds: { correction: 'correzione', bonus: 'bonus', compensation: 'indennizzo' },
  },
  tr: {
    texts: {
      adjustment_credit: ['Bakiye düzeltmesi', '{amount} bakiyenize eklendi ({kind}).'],
      adjustment_debit: ['Bakiye düzeltmesi', '{amount} bakiyenizden düşüldü ({kind}).'],
      desk_close: [
        'Pozisyonunuz işlem masamız tarafından kapatıldı',
        'İşlem masamız {symbol} #{order} pozisyonunuzu ({lots} lot) {price} fiyatından kapattı, K/Z {profit} USD. Neden: {reason}',
      ],
      account_type: ['Hesap türünüz değişti', 'Hesabınız artık {name} türünde. Gerekçe: {reason}'],
      desk_partial_close: [
        'Pozisyonunuz işlem masamız tarafından kısmen kapatıldı',
        'İşlem masamız {symbol} #{order} pozisyonunuzun {lots} lotunu {price} fiyatından kapattı, K/Z {profit} USD; {rest} lot açık kalıyor. Neden: {reason}',
      ],
      desk_stops: [
        'Zarar durdur/kâr al seviyeleriniz işlem masamızca değiştirildi',
        'İşlem masamız {symbol} #{order} emriniz için zarar durdur seviyesini {stop_loss}, kâr al seviyesini {take_profit} olarak ayarladı (0 = yok). Neden: {reason}',
      ],
    },
    kinds: { correction: 'düzeltme', bonus: 'bonus', compensation: 'tazminat' },
  },
};
