import type { Lang } from '@tradepad/contracts';

/** The notices' texts (DESIGN §10): a subject and a short body, in each of the 14 languages; never a secret. */
export type TemplateKey =
  | 'new_device'
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'withdraw_method_added'
  | 'withdrawal_requested'
  | 'withdrawal_paid'
  | 'withdrawal_rejected'
  | 'deposit_credited'
  | 'deposit_rejected'
  | 'kyc_approved'
  | 'kyc_rejected'
  | 'margin_call'
  | 'stop_out'
  | 'price_alert_above'
  | 'price_alert_below';

export interface LangTemplates {
  texts: Record<TemplateKey, readonly [subject: string, body: string]>;
  /** Added to every notice about the account's security: what to do if it was not the owner. */
  notYou: string;
}

export const TEMPLATES: Record<Lang, LangTemplates> = {
  en: {
    texts: {
      new_device: ['New sign-in to your account', 'Your account was signed in from a new device or address ({ip}) at {time}.'],
      password_changed: ['Your password was changed', 'The password of your account was changed at {time}.'],
      password_reset: ['Your password was reset', 'The password of your account was reset at {time}.'],
      two_factor_on: [
        'Two-factor authentication turned on',
        'Two-factor authentication was turned on for your account at {time}.',
      ],
      two_factor_off: [
        'Two-factor authentication turned off',
        'Two-factor authentication was turned off for your account at {time}.',
      ],
      withdraw_method_added: [
        'New withdrawal method added',
        'A withdrawal method ({address}) was added to your account. It can be used from {usable}.',
      ],
      withdrawal_requested: ['Withdrawal requested', 'A withdrawal of {amount} to {address} was requested and is under review.'],
      withdrawal_paid: ['Withdrawal paid', 'Your withdrawal of {amount} to {address} has been paid.'],
      withdrawal_rejected: [
        'Withdrawal rejected',
        'Your withdrawal of {amount} was rejected and the amount returned to your balance. {remark}',
      ],
      deposit_credited: ['Deposit credited', '{amount} was credited to your balance.'],
      deposit_rejected: ['Deposit rejected', 'Your deposit of {amount} was rejected. {remark}'],
      kyc_approved: ['Identity verified', 'Your real-name verification was approved.'],
      kyc_rejected: ['Identity verification rejected', 'Your real-name verification was rejected. {remark}'],
      margin_call: ['Margin call', 'Your margin level is {level}%. Add funds or reduce positions to avoid a stop-out.'],
      stop_out: ['Stop-out', 'Your margin level fell to the stop-out level: positions were closed to protect your account.'],
      price_alert_above: [
        'Price alert: {symbol}',
        '{symbol} reached your alert at {time}: the bid was {bid}, at or above {price}.',
      ],
      price_alert_below: [
        'Price alert: {symbol}',
        '{symbol} reached your alert at {time}: the bid was {bid}, at or below {price}.',
      ],
    },
    notYou: 'If this was not you, change your password at once and contact support.',
  },
  hk: {
    texts: {
      new_device: ['您的帳戶有新的登入', '您的帳戶於 {time} 從新的裝置或地址（{ip}）登入。'],
      password_changed: ['您的密碼已更改', '您帳戶的密碼已於 {time} 更改。'],
      password_reset: ['您的密碼已重設', '您帳戶的密碼已於 {time} 重設。'],
      two_factor_on: ['雙重驗證已開啟', '您的帳戶已於 {time} 開啟雙重驗證。'],
      two_factor_off: ['雙重驗證已關閉', '您的帳戶已於 {time} 關閉雙重驗證。'],
      withdraw_method_added: ['已新增提現方式', '您的帳戶已新增提現方式（{address}），可於 {usable} 起使用。'],
      withdrawal_requested: ['已提交提現申請', '提現 {amount} 至 {address} 的申請已提交，正在審核中。'],
      withdrawal_paid: ['提現已支付', '您提現至 {address} 的 {amount} 已支付。'],
      withdrawal_rejected: ['提現被拒絕', '您的提現 {amount} 被拒絕，款項已退回您的餘額。{remark}'],
      deposit_credited: ['入金已到帳', '{amount} 已存入您的餘額。'],
      deposit_rejected: ['入金被拒絕', '您的入金 {amount} 被拒絕。{remark}'],
      kyc_approved: ['實名認證已通過', '您的實名認證已通過。'],
      kyc_rejected: ['實名認證被拒絕', '您的實名認證被拒絕。{remark}'],
      margin_call: ['追加保證金通知', '您的保證金比例為 {level}%。請入金或減少持倉，以免被強制平倉。'],
      stop_out: ['強制平倉', '您的保證金比例已降至強制平倉水平，部分持倉已平倉以保護您的帳戶。'],
      price_alert_above: ['價格提醒：{symbol}', '{symbol} 於 {time} 觸發你的提醒：買價為 {bid}，已達到或高於 {price}。'],
      price_alert_below: ['價格提醒：{symbol}', '{symbol} 於 {time} 觸發你的提醒：買價為 {bid}，已達到或低於 {price}。'],
    },
    notYou: '如非本人操作，請立即更改密碼並聯絡客服。',
  },
  jp: {
    texts: {
      new_device: [
        'アカウントへの新しいログイン',
        '{time} に新しい端末またはアドレス（{ip}）からアカウントにログインがありました。',
      ],
      password_changed: ['パスワードが変更されました', '{time} にアカウントのパスワードが変更されました。'],
      password_reset: ['パスワードがリセットされました', '{time} にアカウントのパスワードがリセットされました。'],
      two_factor_on: ['二段階認証が有効になりました', '{time} にアカウントの二段階認証が有効になりました。'],
      two_factor_off: ['二段階認証が無効になりました', '{time} にアカウントの二段階認証が無効になりました。'],
      withdraw_method_added: [
        '出金方法が追加されました',
        '出金方法（{address}）がアカウントに追加されました。{usable} から利用できます。',
      ],
      withdrawal_requested: ['出金を申請しました', '{address} への {amount} の出金が申請され、審査中です。'],
      withdrawal_paid: ['出金が支払われました', '{address} への {amount} の出金が支払われました。'],
      withdrawal_rejected: ['出金が却下されました', '{amount} の出金は却下され、残高に戻されました。{remark}'],
      deposit_credited: ['入金が反映されました', '{amount} が残高に入金されました。'],
      deposit_rejected: ['入金が却下されました', '{amount} の入金は却下されました。{remark}'],
      kyc_approved: ['本人確認が承認されました', '本人確認が承認されました。'],
      kyc_rejected: ['本人確認が却下されました', '本人確認が却下されました。{remark}'],
      margin_call: [
        'マージンコール',
        '証拠金維持率は {level}% です。ロスカットを避けるため入金するかポジションを減らしてください。',
      ],
      stop_out: ['ロスカット', '証拠金維持率がロスカット水準に達したため、アカウント保護のためポジションが決済されました。'],
      price_alert_above: [
        '価格アラート：{symbol}',
        '{time} に {symbol} がアラートに達しました：Bid は {bid} で、{price} 以上です。',
      ],
      price_alert_below: [
        '価格アラート：{symbol}',
        '{time} に {symbol} がアラートに達しました：Bid は {bid} で、{price} 以下です。',
      ],
    },
    notYou: 'お心当たりがない場合は、直ちにパスワードを変更しサポートにご連絡ください。',
  },
  kr: {
    texts: {
      new_device: ['계정에 새로운 로그인', '{time}에 새 기기 또는 주소({ip})에서 계정에 로그인했습니다.'],
      password_changed: ['비밀번호가 변경되었습니다', '{time}에 계정 비밀번호가 변경되었습니다.'],
      password_reset: ['비밀번호가 재설정되었습니다', '{time}에 계정 비밀번호가 재설정되었습니다.'],
      two_factor_on: ['2단계 인증이 켜졌습니다', '{time}에 계정의 2단계 인증이 켜졌습니다.'],
      two_factor_off: ['2단계 인증이 꺼졌습니다', '{time}에 계정의 2단계 인증이 꺼졌습니다.'],
      withdraw_method_added: [
        '새 출금 방법이 추가되었습니다',
        '출금 방법({address})이 계정에 추가되었습니다. {usable}부터 사용할 수 있습니다.',
      ],
      withdrawal_requested: ['출금 신청', '{address}(으)로 {amount} 출금이 신청되어 검토 중입니다.'],
      withdrawal_paid: ['출금 완료', '{address}(으)로의 {amount} 출금이 지급되었습니다.'],
      withdrawal_rejected: ['출금 거절', '{amount} 출금이 거절되어 잔액으로 반환되었습니다. {remark}'],
      deposit_credited: ['입금 완료', '{amount}이(가) 잔액에 입금되었습니다.'],
      deposit_rejected: ['입금 거절', '{amount} 입금이 거절되었습니다. {remark}'],
      kyc_approved: ['실명 인증 승인', '실명 인증이 승인되었습니다.'],
      kyc_rejected: ['실명 인증 거절', '실명 인증이 거절되었습니다. {remark}'],
      margin_call: ['마진콜', '증거금 비율이 {level}%입니다. 강제 청산을 피하려면 입금하거나 포지션을 줄이세요.'],
      stop_out: ['강제 청산', '증거금 비율이 강제 청산 수준에 도달하여 계정 보호를 위해 포지션이 청산되었습니다.'],
      price_alert_above: ['가격 알림: {symbol}', '{time}에 {symbol}이(가) 알림에 도달했습니다: 매수호가 {bid}, {price} 이상.'],
      price_alert_below: ['가격 알림: {symbol}', '{time}에 {symbol}이(가) 알림에 도달했습니다: 매수호가 {bid}, {price} 이하.'],
    },
    notYou: '본인이 아니라면 즉시 비밀번호를 변경하고 고객센터에 문의하세요.',
  },
  th: {
    texts: {
      new_device: ['มีการเข้าสู่ระบบใหม่ในบัญชีของคุณ', 'บัญชีของคุณถูกเข้าสู่ระบบจากอุปกรณ์หรือที่อยู่ใหม่ ({ip}) เมื่อ {time}'],
      password_changed: ['รหัสผ่านของคุณถูกเปลี่ยน', 'รหัสผ่านบัญชีของคุณถูกเปลี่ยนเมื่อ {time}'],
      password_reset: ['รหัสผ่านของคุณถูกรีเซ็ต', 'รหัสผ่านบัญชีของคุณถูกรีเซ็ตเมื่อ {time}'],
      two_factor_on: ['เปิดการยืนยันสองขั้นตอนแล้ว', 'เปิดการยืนยันสองขั้นตอนสำหรับบัญชีของคุณเมื่อ {time}'],
      two_factor_off: ['ปิดการยืนยันสองขั้นตอนแล้ว', 'ปิดการยืนยันสองขั้นตอนสำหรับบัญชีของคุณเมื่อ {time}'],
      withdraw_method_added: ['เพิ่มช่องทางถอนเงินใหม่', 'เพิ่มช่องทางถอนเงิน ({address}) ในบัญชีของคุณแล้ว ใช้ได้ตั้งแต่ {usable}'],
      withdrawal_requested: ['ส่งคำขอถอนเงินแล้ว', 'มีคำขอถอนเงิน {amount} ไปยัง {address} และกำลังตรวจสอบ'],
      withdrawal_paid: ['จ่ายเงินถอนแล้ว', 'การถอนเงิน {amount} ไปยัง {address} ได้รับการจ่ายแล้ว'],
      withdrawal_rejected: ['คำขอถอนเงินถูกปฏิเสธ', 'การถอนเงิน {amount} ถูกปฏิเสธและคืนเข้ายอดเงินของคุณแล้ว {remark}'],
      deposit_credited: ['เงินฝากเข้าบัญชีแล้ว', '{amount} เข้ายอดเงินของคุณแล้ว'],
      deposit_rejected: ['เงินฝากถูกปฏิเสธ', 'การฝากเงิน {amount} ถูกปฏิเสธ {remark}'],
      kyc_approved: ['ยืนยันตัวตนสำเร็จ', 'การยืนยันตัวตนของคุณได้รับการอนุมัติแล้ว'],
      kyc_rejected: ['การยืนยันตัวตนถูกปฏิเสธ', 'การยืนยันตัวตนของคุณถูกปฏิเสธ {remark}'],
      margin_call: ['เรียกหลักประกันเพิ่ม', 'ระดับมาร์จิ้นของคุณคือ {level}% กรุณาฝากเงินหรือลดสถานะเพื่อหลีกเลี่ยงการตัดขาดทุน'],
      stop_out: ['ตัดขาดทุนอัตโนมัติ', 'ระดับมาร์จิ้นของคุณลดถึงระดับตัดขาดทุน สถานะถูกปิดเพื่อปกป้องบัญชีของคุณ'],
      price_alert_above: [
        'แจ้งเตือนราคา: {symbol}',
        '{symbol} ถึงราคาแจ้งเตือนของคุณเมื่อ {time}: ราคาเสนอซื้อ {bid} สูงกว่าหรือเท่ากับ {price}',
      ],
      price_alert_below: [
        'แจ้งเตือนราคา: {symbol}',
        '{symbol} ถึงราคาแจ้งเตือนของคุณเมื่อ {time}: ราคาเสนอซื้อ {bid} ต่ำกว่าหรือเท่ากับ {price}',
      ],
    },
    notYou: 'หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันทีและติดต่อฝ่ายบริการลูกค้า',
  },
  vn: {
    texts: {
      new_device: [
        'Đăng nhập mới vào tài khoản',
        'Tài khoản của bạn đã được đăng nhập từ thiết bị hoặc địa chỉ mới ({ip}) lúc {time}.',
      ],
      password_changed: ['Mật khẩu đã được đổi', 'Mật khẩu tài khoản của bạn đã được đổi lúc {time}.'],
      password_reset: ['Mật khẩu đã được đặt lại', 'Mật khẩu tài khoản của bạn đã được đặt lại lúc {time}.'],
      two_factor_on: ['Đã bật xác thực hai bước', 'Xác thực hai bước đã được bật cho tài khoản của bạn lúc {time}.'],
      two_factor_off: ['Đã tắt xác thực hai bước', 'Xác thực hai bước đã được tắt cho tài khoản của bạn lúc {time}.'],
      withdraw_method_added: [
        'Đã thêm phương thức rút tiền',
        'Phương thức rút tiền ({address}) đã được thêm vào tài khoản. Có thể dùng từ {usable}.',
      ],
      withdrawal_requested: ['Đã gửi yêu cầu rút tiền', 'Yêu cầu rút {amount} đến {address} đã được gửi và đang được xét duyệt.'],
      withdrawal_paid: ['Đã chi trả rút tiền', 'Khoản rút {amount} đến {address} đã được chi trả.'],
      withdrawal_rejected: ['Rút tiền bị từ chối', 'Khoản rút {amount} bị từ chối và đã được hoàn vào số dư. {remark}'],
      deposit_credited: ['Đã ghi có tiền nạp', '{amount} đã được cộng vào số dư của bạn.'],
      deposit_rejected: ['Nạp tiền bị từ chối', 'Khoản nạp {amount} của bạn bị từ chối. {remark}'],
      kyc_approved: ['Đã xác minh danh tính', 'Xác minh danh tính của bạn đã được duyệt.'],
      kyc_rejected: ['Xác minh danh tính bị từ chối', 'Xác minh danh tính của bạn bị từ chối. {remark}'],
      margin_call: ['Cảnh báo ký quỹ', 'Mức ký quỹ của bạn là {level}%. Hãy nạp thêm hoặc giảm vị thế để tránh bị đóng lệnh.'],
      stop_out: ['Đóng lệnh bắt buộc', 'Mức ký quỹ đã chạm ngưỡng đóng lệnh: các vị thế đã được đóng để bảo vệ tài khoản.'],
      price_alert_above: [
        'Cảnh báo giá: {symbol}',
        '{symbol} đã chạm cảnh báo của bạn lúc {time}: giá mua là {bid}, bằng hoặc cao hơn {price}.',
      ],
      price_alert_below: [
        'Cảnh báo giá: {symbol}',
        '{symbol} đã chạm cảnh báo của bạn lúc {time}: giá mua là {bid}, bằng hoặc thấp hơn {price}.',
      ],
    },
    notYou: 'Nếu không phải bạn, hãy đổi mật khẩu ngay và liên hệ bộ phận hỗ trợ.',
  },
  fr: {
    texts: {
      new_device: [
        'Nouvelle connexion à votre compte',
        'Votre compte a été connecté depuis un nouvel appareil ou une nouvelle adresse ({ip}) le {time}.',
      ],
      password_changed: ['Votre mot de passe a été modifié', 'Le mot de passe de votre compte a été modifié le {time}.'],
      password_reset: ['Votre mot de passe a été réinitialisé', 'Le mot de passe de votre compte a été réinitialisé le {time}.'],
      two_factor_on: ['Double authentification activée', 'La double authentification a été activée sur votre compte le {time}.'],
      two_factor_off: [
        'Double authentification désactivée',
        'La double authentification a été désactivée sur votre compte le {time}.',
      ],
      withdraw_method_added: [
        'Nouveau moyen de retrait ajouté',
        'Un moyen de retrait ({address}) a été ajouté à votre compte. Il sera utilisable à partir du {usable}.',
      ],
      withdrawal_requested: ['Retrait demandé', 'Un retrait de {amount} vers {address} a été demandé et est en cours d’examen.'],
      withdrawal_paid: ['Retrait payé', 'Votre retrait de {amount} vers {address} a été payé.'],
      withdrawal_rejected: [
        'Retrait refusé',
        'Votre retrait de {amount} a été refusé et le montant rendu à votre solde. {remark}',
      ],
      deposit_credited: ['Dépôt crédité', '{amount} a été crédité sur votre solde.'],
      deposit_rejected: ['Dépôt refusé', 'Votre dépôt de {amount} a été refusé. {remark}'],
      kyc_approved: ['Identité vérifiée', 'Votre vérification d’identité a été approuvée.'],
      kyc_rejected: ['Vérification d’identité refusée', 'Votre vérification d’identité a été refusée. {remark}'],
      margin_call: [
        'Appel de marge',
        'Votre niveau de marge est de {level} %. Déposez des fonds ou réduisez vos positions pour éviter une liquidation.',
      ],
      stop_out: [
        'Liquidation',
        'Votre niveau de marge a atteint le seuil de liquidation : des positions ont été clôturées pour protéger votre compte.',
      ],
      price_alert_above: [
        'Alerte de prix : {symbol}',
        '{symbol} a atteint votre alerte le {time} : le bid était à {bid}, au niveau ou au-dessus de {price}.',
      ],
      price_alert_below: [
        'Alerte de prix : {symbol}',
        '{symbol} a atteint votre alerte le {time} : le bid était à {bid}, au niveau ou en dessous de {price}.',
      ],
    },
    notYou: 'Si ce n’était pas vous, changez immédiatement votre mot de passe et contactez le support.',
  },
  de: {
    texts: {
      new_device: [
        'Neue Anmeldung bei Ihrem Konto',
        'Ihr Konto wurde am {time} von einem neuen Gerät oder einer neuen Adresse ({ip}) angemeldet.',
      ],
      password_changed: ['Ihr Passwort wurde geändert', 'Das Passwort Ihres Kontos wurde am {time} geändert.'],
      password_reset: ['Ihr Passwort wurde zurückgesetzt', 'Das Passwort Ihres Kontos wurde am {time} zurückgesetzt.'],
      two_factor_on: [
        'Zwei-Faktor-Authentifizierung aktiviert',
        'Die Zwei-Faktor-Authentifizierung wurde am {time} für Ihr Konto aktiviert.',
      ],
      two_factor_off: [
        'Zwei-Faktor-Authentifizierung deaktiviert',
        'Die Zwei-Faktor-Authentifizierung wurde am {time} für Ihr Konto deaktiviert.',
      ],
      withdraw_method_added: [
        'Neue Auszahlungsmethode hinzugefügt',
        'Eine Auszahlungsmethode ({address}) wurde Ihrem Konto hinzugefügt. Sie ist ab {usable} nutzbar.',
      ],
      withdrawal_requested: [
        'Auszahlung beantragt',
        'Eine Auszahlung von {amount} an {address} wurde beantragt und wird geprüft.',
      ],
      withdrawal_paid: ['Auszahlung ausgeführt', 'Ihre Auszahlung von {amount} an {address} wurde ausgeführt.'],
      withdrawal_rejected: [
        'Auszahlung abgelehnt',
        'Ihre Auszahlung von {amount} wurde abgelehnt und der Betrag Ihrem Guthaben gutgeschrieben. {remark}',
      ],
      deposit_credited: ['Einzahlung gutgeschrieben', '{amount} wurde Ihrem Guthaben gutgeschrieben.'],
      deposit_rejected: ['Einzahlung abgelehnt', 'Ihre Einzahlung von {amount} wurde abgelehnt. {remark}'],
      kyc_approved: ['Identität bestätigt', 'Ihre Identitätsprüfung wurde genehmigt.'],
      kyc_rejected: ['Identitätsprüfung abgelehnt', 'Ihre Identitätsprüfung wurde abgelehnt. {remark}'],
      margin_call: [
        'Margin Call',
        'Ihr Margin-Level beträgt {level} %. Zahlen Sie ein oder reduzieren Sie Positionen, um einen Stop-out zu vermeiden.',
      ],
      stop_out: [
        'Stop-out',
        'Ihr Margin-Level hat die Stop-out-Grenze erreicht: Positionen wurden zum Schutz Ihres Kontos geschlossen.',
      ],
      price_alert_above: [
        'Preisalarm: {symbol}',
        '{symbol} hat am {time} Ihren Alarm erreicht: Der Geldkurs lag bei {bid}, auf oder über {price}.',
      ],
      price_alert_below: [
        'Preisalarm: {symbol}',
        '{symbol} hat am {time} Ihren Alarm erreicht: Der Geldkurs lag bei {bid}, auf oder unter {price}.',
      ],
    },
    notYou: 'Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support.',
  },
  ru: {
    texts: {
      new_device: ['Новый вход в аккаунт', 'В ваш аккаунт выполнен вход с нового устройства или адреса ({ip}) в {time}.'],
      password_changed: ['Пароль изменён', 'Пароль вашего аккаунта изменён в {time}.'],
      password_reset: ['Пароль сброшен', 'Пароль вашего аккаунта сброшен в {time}.'],
      two_factor_on: [
        'Двухфакторная аутентификация включена',
        'Двухфакторная аутентификация включена для вашего аккаунта в {time}.',
      ],
      two_factor_off: [
        'Двухфакторная аутентификация отключена',
        'Двухфакторная аутентификация отключена для вашего аккаунта в {time}.',
      ],
      withdraw_method_added: [
        'Добавлен способ вывода',
        'К аккаунту добавлен способ вывода ({address}). Его можно использовать с {usable}.',
      ],
      withdrawal_requested: ['Запрошен вывод средств', 'Запрошен вывод {amount} на {address}, заявка на рассмотрении.'],
      withdrawal_paid: ['Вывод выплачен', 'Ваш вывод {amount} на {address} выплачен.'],
      withdrawal_rejected: ['Вывод отклонён', 'Ваш вывод {amount} отклонён, сумма возвращена на баланс. {remark}'],
      deposit_credited: ['Пополнение зачислено', '{amount} зачислено на ваш баланс.'],
      deposit_rejected: ['Пополнение отклонено', 'Ваше пополнение на {amount} отклонено. {remark}'],
      kyc_approved: ['Личность подтверждена', 'Ваша верификация личности одобрена.'],
      kyc_rejected: ['Верификация отклонена', 'Ваша верификация личности отклонена. {remark}'],
      margin_call: ['Маржин-колл', 'Уровень маржи {level}%. Пополните счёт или сократите позиции, чтобы избежать стоп-аута.'],
      stop_out: ['Стоп-аут', 'Уровень маржи достиг уровня стоп-аута: позиции закрыты для защиты вашего счёта.'],
      price_alert_above: [
        'Ценовое оповещение: {symbol}',
        '{symbol} достиг вашего оповещения в {time}: bid {bid}, на уровне {price} или выше.',
      ],
      price_alert_below: [
        'Ценовое оповещение: {symbol}',
        '{symbol} достиг вашего оповещения в {time}: bid {bid}, на уровне {price} или ниже.',
      ],
    },
    notYou: 'Если это были не вы, немедленно смените пароль и свяжитесь с поддержкой.',
  },
  spa: {
    texts: {
      new_device: [
        'Nuevo inicio de sesión en su cuenta',
        'Se inició sesión en su cuenta desde un dispositivo o dirección nuevos ({ip}) el {time}.',
      ],
      password_changed: ['Su contraseña se cambió', 'La contraseña de su cuenta se cambió el {time}.'],
      password_reset: ['Su contraseña se restableció', 'La contraseña de su cuenta se restableció el {time}.'],
      two_factor_on: ['Verificación en dos pasos activada', 'La verificación en dos pasos se activó en su cuenta el {time}.'],
      two_factor_off: [
        'Verificación en dos pasos desactivada',
        'La verificación en dos pasos se desactivó en su cuenta el {time}.',
      ],
      withdraw_method_added: [
        'Nuevo método de retiro añadido',
        'Se añadió un método de retiro ({address}) a su cuenta. Podrá usarse desde el {usable}.',
      ],
      withdrawal_requested: ['Retiro solicitado', 'Se solicitó un retiro de {amount} a {address} y está en revisión.'],
      withdrawal_paid: ['Retiro pagado', 'Su retiro de {amount} a {address} se ha pagado.'],
      withdrawal_rejected: ['Retiro rechazado', 'Su retiro de {amount} fue rechazado y el importe volvió a su saldo. {remark}'],
      deposit_credited: ['Depósito acreditado', 'Se acreditaron {amount} en su saldo.'],
      deposit_rejected: ['Depósito rechazado', 'Su depósito de {amount} fue rechazado. {remark}'],
      kyc_approved: ['Identidad verificada', 'Su verificación de identidad fue aprobada.'],
      kyc_rejected: ['Verificación de identidad rechazada', 'Su verificación de identidad fue rechazada. {remark}'],
      margin_call: [
        'Llamada de margen',
        'Su nivel de margen es {level} %. Deposite fondos o reduzca posiciones para evitar el cierre forzoso.',
      ],
      stop_out: [
        'Cierre forzoso',
        'Su nivel de margen llegó al nivel de cierre forzoso: se cerraron posiciones para proteger su cuenta.',
      ],
      price_alert_above: [
        'Alerta de precio: {symbol}',
        '{symbol} alcanzó su alerta el {time}: el bid fue {bid}, igual o por encima de {price}.',
      ],
      price_alert_below: [
        'Alerta de precio: {symbol}',
        '{symbol} alcanzó su alerta el {time}: el bid fue {bid}, igual o por debajo de {price}.',
      ],
    },
    notYou: 'Si no fue usted, cambie su contraseña de inmediato y contacte con soporte.',
  },
  pt: {
    texts: {
      new_device: ['Novo acesso à sua conta', 'Sua conta foi acessada de um novo dispositivo ou endereço ({ip}) em {time}.'],
      password_changed: ['Sua senha foi alterada', 'A senha da sua conta foi alterada em {time}.'],
      password_reset: ['Sua senha foi redefinida', 'A senha da sua conta foi redefinida em {time}.'],
      two_factor_on: [
        'Autenticação em dois fatores ativada',
        'A autenticação em dois fatores foi ativada na sua conta em {time}.',
      ],
      two_factor_off: [
        'Autenticação em dois fatores desativada',
        'A autenticação em dois fatores foi desativada na sua conta em {time}.',
      ],
      withdraw_method_added: [
        'Novo método de saque adicionado',
        'Um método de saque ({address}) foi adicionado à sua conta. Poderá ser usado a partir de {usable}.',
      ],
      withdrawal_requested: ['Saque solicitado', 'Um saque de {amount} para {address} foi solicitado e está em análise.'],
      withdrawal_paid: ['Saque pago', 'Seu saque de {amount} para {address} foi pago.'],
      withdrawal_rejected: ['Saque recusado', 'Seu saque de {amount} foi recusado e o valor voltou ao seu saldo. {remark}'],
      deposit_credited: ['Depósito creditado', '{amount} foi creditado no seu saldo.'],
      deposit_rejected: ['Depósito recusado', 'Seu depósito de {amount} foi recusado. {remark}'],
      kyc_approved: ['Identidade verificada', 'Sua verificação de identidade foi aprovada.'],
      kyc_rejected: ['Verificação de identidade recusada', 'Sua verificação de identidade foi recusada. {remark}'],
      margin_call: [
        'Chamada de margem',
        'Seu nível de margem é {level}%. Deposite fundos ou reduza posições para evitar o stop-out.',
      ],
      stop_out: ['Stop-out', 'Seu nível de margem atingiu o nível de stop-out: posições foram fechadas para proteger sua conta.'],
      price_alert_above: [
        'Alerta de preço: {symbol}',
        '{symbol} atingiu seu alerta em {time}: o bid foi {bid}, igual ou acima de {price}.',
      ],
      price_alert_below: [
        'Alerta de preço: {symbol}',
        '{symbol} atingiu seu alerta em {time}: o bid foi {bid}, igual ou abaixo de {price}.',
      ],
    },
    notYou: 'Se não foi você, altere sua senha imediatamente e fale com o suporte.',
  },
  ar: {
    texts: {
      new_device: ['تسجيل دخول جديد إلى حسابك', 'تم تسجيل الدخول إلى حسابك من جهاز أو عنوان جديد ({ip}) في {time}.'],
      password_changed: ['تم تغيير كلمة المرور', 'تم تغيير كلمة مرور حسابك في {time}.'],
      password_reset: ['تمت إعادة تعيين كلمة المرور', 'تمت إعادة تعيين كلمة مرور حسابك في {time}.'],
      two_factor_on: ['تم تفعيل المصادقة الثنائية', 'تم تفعيل المصادقة الثنائية لحسابك في {time}.'],
      two_factor_off: ['تم إيقاف المصادقة الثنائية', 'تم إيقاف المصادقة الثنائية لحسابك في {time}.'],
      withdraw_method_added: [
        'تمت إضافة طريقة سحب جديدة',
        'تمت إضافة طريقة سحب ({address}) إلى حسابك. يمكن استخدامها اعتبارًا من {usable}.',
      ],
      withdrawal_requested: ['تم طلب سحب', 'تم طلب سحب {amount} إلى {address} وهو قيد المراجعة.'],
      withdrawal_paid: ['تم دفع السحب', 'تم دفع سحبك البالغ {amount} إلى {address}.'],
      withdrawal_rejected: ['تم رفض السحب', 'تم رفض سحبك البالغ {amount} وإعادة المبلغ إلى رصيدك. {remark}'],
      deposit_credited: ['تم إيداع المبلغ', 'تمت إضافة {amount} إلى رصيدك.'],
      deposit_rejected: ['تم رفض الإيداع', 'تم رفض إيداعك البالغ {amount}. {remark}'],
      kyc_approved: ['تم التحقق من الهوية', 'تمت الموافقة على التحقق من هويتك.'],
      kyc_rejected: ['تم رفض التحقق من الهوية', 'تم رفض التحقق من هويتك. {remark}'],
      margin_call: ['نداء الهامش', 'مستوى الهامش لديك {level}%. أودع أموالًا أو قلّل مراكزك لتجنب الإغلاق القسري.'],
      stop_out: ['إغلاق قسري', 'بلغ مستوى الهامش حد الإغلاق القسري: تم إغلاق مراكز لحماية حسابك.'],
      price_alert_above: [
        'تنبيه سعر: {symbol}',
        'بلغ {symbol} سعر التنبيه في {time}: كان سعر العرض {bid}، عند {price} أو أعلى منه.',
      ],
      price_alert_below: [
        'تنبيه سعر: {symbol}',
        'بلغ {symbol} سعر التنبيه في {time}: كان سعر العرض {bid}، عند {price} أو أدنى منه.',
      ],
    },
    notYou: 'إن لم تكن أنت، فغيّر كلمة المرور فورًا وتواصل مع الدعم.',
  },
  it: {
    texts: {
      new_device: [
        'Nuovo accesso al tuo account',
        'Il tuo account è stato usato da un nuovo dispositivo o indirizzo ({ip}) il {time}.',
      ],
      password_changed: ['La password è stata cambiata', 'La password del tuo account è stata cambiata il {time}.'],
      password_reset: ['La password è stata reimpostata', 'La password del tuo account è stata reimpostata il {time}.'],
      two_factor_on: [
        'Autenticazione a due fattori attivata',
        'L’autenticazione a due fattori è stata attivata sul tuo account il {time}.',
      ],
      two_factor_off: [
        'Autenticazione a due fattori disattivata',
        'L’autenticazione a due fattori è stata disattivata sul tuo account il {time}.',
      ],
      withdraw_method_added: [
        'Nuovo metodo di prelievo aggiunto',
        'Un metodo di prelievo ({address}) è stato aggiunto al tuo account. Sarà utilizzabile dal {usable}.',
      ],
      withdrawal_requested: [
        'Prelievo richiesto',
        'È stato richiesto un prelievo di {amount} verso {address}, in fase di verifica.',
      ],
      withdrawal_paid: ['Prelievo pagato', 'Il tuo prelievo di {amount} verso {address} è stato pagato.'],
      withdrawal_rejected: [
        'Prelievo rifiutato',
        'Il tuo prelievo di {amount} è stato rifiutato e l’importo restituito al saldo. {remark}',
      ],
      deposit_credited: ['Deposito accreditato', '{amount} è stato accreditato sul tuo saldo.'],
      deposit_rejected: ['Deposito rifiutato', 'Il tuo deposito di {amount} è stato rifiutato. {remark}'],
      kyc_approved: ['Identità verificata', 'La tua verifica dell’identità è stata approvata.'],
      kyc_rejected: ['Verifica dell’identità rifiutata', 'La tua verifica dell’identità è stata rifiutata. {remark}'],
      margin_call: [
        'Margin call',
        'Il tuo livello di margine è {level}%. Deposita fondi o riduci le posizioni per evitare lo stop-out.',
      ],
      stop_out: [
        'Stop-out',
        'Il tuo livello di margine ha raggiunto lo stop-out: alcune posizioni sono state chiuse per proteggere il conto.',
      ],
      price_alert_above: [
        'Avviso di prezzo: {symbol}',
        '{symbol} ha raggiunto il tuo avviso il {time}: il bid era {bid}, pari o superiore a {price}.',
      ],
      price_alert_below: [
        'Avviso di prezzo: {symbol}',
        '{symbol} ha raggiunto il tuo avviso il {time}: il bid era {bid}, pari o inferiore a {price}.',
      ],
    },
    notYou: 'Se non sei stato tu, cambia subito la password e contatta l’assistenza.',
  },
  tr: {
    texts: {
      new_device: ['Hesabınıza yeni giriş', 'Hesabınıza {time} tarihinde yeni bir cihaz veya adresten ({ip}) giriş yapıldı.'],
      password_changed: ['Şifreniz değiştirildi', 'Hesabınızın şifresi {time} tarihinde değiştirildi.'],
      password_reset: ['Şifreniz sıfırlandı', 'Hesabınızın şifresi {time} tarihinde sıfırlandı.'],
      two_factor_on: ['İki adımlı doğrulama açıldı', 'Hesabınız için iki adımlı doğrulama {time} tarihinde açıldı.'],
      two_factor_off: ['İki adımlı doğrulama kapatıldı', 'Hesabınız için iki adımlı doğrulama {time} tarihinde kapatıldı.'],
      withdraw_method_added: [
        'Yeni çekim yöntemi eklendi',
        'Hesabınıza bir çekim yöntemi ({address}) eklendi. {usable} tarihinden itibaren kullanılabilir.',
      ],
      withdrawal_requested: ['Çekim talep edildi', '{address} adresine {amount} çekim talep edildi ve inceleniyor.'],
      withdrawal_paid: ['Çekim ödendi', '{address} adresine {amount} çekiminiz ödendi.'],
      withdrawal_rejected: ['Çekim reddedildi', '{amount} çekiminiz reddedildi ve tutar bakiyenize iade edildi. {remark}'],
      deposit_credited: ['Yatırım hesaba geçti', '{amount} bakiyenize eklendi.'],
      deposit_rejected: ['Yatırım reddedildi', '{amount} yatırımınız reddedildi. {remark}'],
      kyc_approved: ['Kimlik doğrulandı', 'Kimlik doğrulamanız onaylandı.'],
      kyc_rejected: ['Kimlik doğrulama reddedildi', 'Kimlik doğrulamanız reddedildi. {remark}'],
      margin_call: [
        'Teminat çağrısı',
        'Teminat seviyeniz %{level}. Zorunlu kapanıştan kaçınmak için para yatırın veya pozisyonları azaltın.',
      ],
      stop_out: [
        'Zorunlu kapanış',
        'Teminat seviyeniz zorunlu kapanış seviyesine düştü: hesabınızı korumak için pozisyonlar kapatıldı.',
      ],
      price_alert_above: [
        'Fiyat alarmı: {symbol}',
        '{symbol} {time} itibarıyla alarmınıza ulaştı: alış fiyatı {bid}, {price} seviyesinde veya üzerinde.',
      ],
      price_alert_below: [
        'Fiyat alarmı: {symbol}',
        '{symbol} {time} itibarıyla alarmınıza ulaştı: alış fiyatı {bid}, {price} seviyesinde veya altında.',
      ],
    },
    notYou: 'Bu siz değilseniz hemen şifrenizi değiştirin ve destek ile iletişime geçin.',
  },
};
