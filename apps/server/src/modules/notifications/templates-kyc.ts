import type { Lang } from '@tradepad/contracts';

/**
 * The mails of real-name depth (issue 32, DESIGN §16): staff asking for more information, and the reminders before
 * the verified document expires (30 and 7 days), beside templates.ts.
 */
export type KycMailKey = 'kyc_more' | 'kyc_expiry';

export const KYC_TEMPLATES: Record<Lang, Record<KycMailKey, readonly [subject: string, body: string]>> = {
  en: {
    kyc_more: [
      'More information needed for your verification',
      'We need more information to complete your real-name verification: {message} Please open the real-name page and submit again.',
    ],
    kyc_expiry: [
      'Your identity document expires soon',
      'The identity document of your verification expires on {expiry}, in {days} days. Please contact support to update it.',
    ],
  },
  hk: {
    kyc_more: ['實名認證需要補充資料', '完成實名認證需要更多資料：{message} 請前往實名認證頁面重新提交。'],
    kyc_expiry: ['您的身份證件即將到期', '您認證所用的身份證件將於 {expiry} 到期（還有 {days} 天）。請聯絡客服更新證件。'],
  },
  jp: {
    kyc_more: [
      '本人確認に追加情報が必要です',
      '本人確認を完了するには追加の情報が必要です：{message} 本人確認ページから再度提出してください。',
    ],
    kyc_expiry: [
      '本人確認書類の有効期限が近づいています',
      '本人確認に使用した書類の有効期限は {expiry}（あと {days} 日）です。サポートに連絡して更新してください。',
    ],
  },
  kr: {
    kyc_more: [
      '실명 인증에 추가 정보가 필요합니다',
      '실명 인증을 완료하려면 추가 정보가 필요합니다: {message} 실명 인증 페이지에서 다시 제출해 주세요.',
    ],
    kyc_expiry: [
      '신분증 만료가 다가옵니다',
      '인증에 사용한 신분증이 {expiry}에 만료됩니다({days}일 남음). 고객센터에 연락하여 갱신해 주세요.',
    ],
  },
  th: {
    kyc_more: [
      'ต้องการข้อมูลเพิ่มเติมสำหรับการยืนยันตัวตน',
      'เราต้องการข้อมูลเพิ่มเติมเพื่อยืนยันตัวตนของคุณให้เสร็จสมบูรณ์: {message} โปรดเปิดหน้ายืนยันตัวตนแล้วส่งอีกครั้ง',
    ],
    kyc_expiry: [
      'เอกสารยืนยันตัวตนของคุณใกล้หมดอายุ',
      'เอกสารที่ใช้ยืนยันตัวตนของคุณจะหมดอายุในวันที่ {expiry} (อีก {days} วัน) โปรดติดต่อฝ่ายบริการลูกค้าเพื่ออัปเดต',
    ],
  },
  vn: {
    kyc_more: [
      'Cần thêm thông tin để xác minh danh tính',
      'Chúng tôi cần thêm thông tin để hoàn tất xác minh danh tính của bạn: {message} Vui lòng mở trang xác minh và gửi lại.',
    ],
    kyc_expiry: [
      'Giấy tờ tùy thân của bạn sắp hết hạn',
      'Giấy tờ dùng để xác minh của bạn hết hạn vào {expiry}, còn {days} ngày. Vui lòng liên hệ bộ phận hỗ trợ để cập nhật.',
    ],
  },
  fr: {
    kyc_more: [
      'Informations complémentaires requises pour votre vérification',
      'Nous avons besoin de plus d’informations pour terminer votre vérification d’identité : {message} Ouvrez la page de vérification et soumettez à nouveau.',
    ],
    kyc_expiry: [
      'Votre pièce d’identité expire bientôt',
      'La pièce d’identité de votre vérification expire le {expiry}, dans {days} jours. Veuillez contacter le support pour la mettre à jour.',
    ],
  },
  de: {
    kyc_more: [
      'Weitere Angaben für Ihre Identitätsprüfung nötig',
      'Für Ihre Identitätsprüfung benötigen wir weitere Angaben: {message} Bitte öffnen Sie die Seite der Identitätsprüfung und reichen Sie erneut ein.',
    ],
    kyc_expiry: [
      'Ihr Ausweisdokument läuft bald ab',
      'Das Ausweisdokument Ihrer Prüfung läuft am {expiry} ab, in {days} Tagen. Bitte wenden Sie sich an den Support, um es zu aktualisieren.',
    ],
  },
  ru: {
    kyc_more: [
      'Для верификации нужны дополнительные сведения',
      'Для завершения верификации личности нам нужны дополнительные сведения: {message} Откройте страницу верификации и отправьте данные снова.',
    ],
    kyc_expiry: [
      'Срок действия вашего документа скоро истекает',
      'Срок действия документа вашей верификации истекает {expiry}, через {days} дн. Обратитесь в поддержку, чтобы обновить его.',
    ],
  },
  spa: {
    kyc_more: [
      'Se necesita más información para su verificación',
      'Necesitamos más información para completar su verificación de identidad: {message} Abra la página de verificación y envíela de nuevo.',
    ],
    kyc_expiry: [
      'Su documento de identidad caduca pronto',
      'El documento de identidad de su verificación caduca el {expiry}, dentro de {days} días. Contacte con soporte para actualizarlo.',
    ],
  },
  pt: {
    kyc_more: [
      'Mais informações necessárias para a sua verificação',
      'Precisamos de mais informações para concluir a sua verificação de identidade: {message} Abra a página de verificação e envie novamente.',
    ],
    kyc_expiry: [
      'O seu documento de identidade expira em breve',
      'O documento de identidade da sua verificação expira em {expiry}, daqui a {days} dias. Contacte o suporte para o atualizar.',
    ],
  },
  it: {
    kyc_more: [
      'Servono altre informazioni per la verifica',
      'Ci servono altre informazioni per completare la verifica dell’identità: {message} Apri la pagina di verifica e invia di nuovo.',
    ],
    kyc_expiry: [
      'Il tuo documento d’identità scade presto',
      'Il documento d’identità della tua verifica scade il {expiry}, tra {days} giorni. Contatta l’assistenza per aggiornarlo.',
    ],
  },
  tr: {
    kyc_more: [
      'Doğrulamanız için ek bilgi gerekiyor',
      'Kimlik doğrulamanızı tamamlamak için ek bilgiye ihtiyacımız var: {message} Lütfen kimlik doğrulama sayfasını açıp yeniden gönderin.',
    ],
    kyc_expiry: [
      'Kimlik belgenizin süresi yakında doluyor',
      'Doğrulamanızdaki kimlik belgesinin süresi {expiry} tarihinde, {days} gün sonra doluyor. Güncellemek için lütfen destek ile iletişime geçin.',
    ],
  },
  ar: {
    kyc_more: [
      'مطلوب مزيد من المعلومات للتحقق من هويتك',
      'نحتاج إلى مزيد من المعلومات لإكمال التحقق من هويتك: {message} يرجى فتح صفحة التحقق وإعادة الإرسال.',
    ],
    kyc_expiry: [
      'وثيقة هويتك ستنتهي صلاحيتها قريبًا',
      'تنتهي صلاحية وثيقة الهوية المستخدمة في التحقق بتاريخ {expiry}، بعد {days} يومًا. يرجى التواصل مع الدعم لتحديثها.',
    ],
  },
};
