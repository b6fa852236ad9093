import type { Lang } from '@tradepad/contracts';
import type { SeedArticle } from './news.seed-data.ts';

/**
 * The sign-up documents (issue 21 point 5): terms of service, privacy policy and risk disclosure, seeded once as
 * articles of the legal category (3) in the 14 languages, published, for content staff to edit like any article.
 * Their seed keys (`legal-terms`, `legal-privacy`, `legal-risk`) are how `default/legal_page?key=` finds them.
 * Sensible default wording only: the broker's compliance staff replace it with their own.
 */
const page = (key: string, text: Record<Lang, { title: string; desc: string; content: string }>): SeedArticle => ({
  key,
  category: 3,
  logo: '/logo.svg',
  daysAgo: 0,
  text,
});

export const LEGAL_SEED_PAGES: readonly SeedArticle[] = [
  page('legal-terms', {
    hk: {
      title: '服務條款',
      desc: '您與 Tradepad Markets 之間就使用本平台及交易賬戶所訂立的協議。',
      content:
        '<p>本服務條款規管您使用 Tradepad 平台及您在 Tradepad Markets Ltd（「我們」）開立的任何賬戶。開立賬戶即表示您確認已閱讀並接受本條款、私隱政策及風險披露聲明。</p><h3>您的賬戶</h3><p>您必須已達法定年齡，提供準確資料（包括居住國家或地區），並妥善保管密碼及驗證碼。您須對經由您的賬戶發出的所有指示負責。</p><h3>我們的服務</h3><p>我們僅提供差價合約（CFD）的執行服務，並不提供投資建議。價格、保證金、費用及交易時間均於應用程式內顯示，如有變更亦會於應用程式內通知。</p><h3>受限制地區</h3><p>我們不向公告所列地區的居民提供服務。如賬戶違反此規定開立，我們可關閉該賬戶，並於核實後退還任何餘額。</p><h3>條款修訂</h3><p>我們可修訂本條款；生效版本一概於應用程式內公佈，修訂後繼續使用即表示您接受修訂。</p>',
    },
    en: {
      title: 'Terms of Service',
      desc: 'The agreement between you and Tradepad Markets for the use of the platform and your trading account.',
      content:
        '<p>These Terms of Service govern your use of the Tradepad platform and of any account you open with Tradepad Markets Ltd (“we”). By opening an account you confirm that you have read and accept them, together with the Privacy Policy and the Risk Disclosure.</p><h3>Your account</h3><p>You must be of legal age, give accurate information (including your country of residence) and keep your password and verification codes to yourself. You are responsible for every instruction given through your account.</p><h3>Our services</h3><p>We provide execution of contracts for difference (CFDs) only; we do not give investment advice. Prices, margin, fees and trading hours are shown in the app and may change with notice there.</p><h3>Restricted regions</h3><p>We do not serve residents of the regions named in our announcements. We may close an account opened in breach of this and return any balance after verification.</p><h3>Changes</h3><p>We may amend these terms; the version in force is always published in the app, and continued use after a change means you accept it.</p>',
    },
    jp: {
      title: '利用規約',
      desc: 'プラットフォームおよび取引口座のご利用に関する、お客様と Tradepad Markets との契約です。',
      content:
        '<p>本利用規約は、Tradepad プラットフォームおよび Tradepad Markets Ltd（以下「当社」）で開設される口座のご利用に適用されます。口座を開設することにより、お客様は本規約、プライバシーポリシーおよびリスク開示を読み、同意したことを確認します。</p><h3>お客様の口座</h3><p>お客様は成年に達しており、居住国を含む正確な情報を提供し、パスワードと認証コードを他人に知らせてはなりません。口座を通じて行われたすべての指示について、お客様が責任を負います。</p><h3>当社のサービス</h3><p>当社は差金決済取引（CFD）の執行のみを提供し、投資助言は行いません。価格、証拠金、手数料および取引時間はアプリに表示され、変更はアプリ内で通知されます。</p><h3>制限地域</h3><p>当社はお知らせで指定した地域の居住者にはサービスを提供しません。これに反して開設された口座は閉鎖し、確認後に残高を返金することがあります。</p><h3>変更</h3><p>当社は本規約を改定することがあります。有効な版は常にアプリ内で公開され、改定後も利用を続けることで改定に同意したものとみなされます。</p>',
    },
    kr: {
      title: '서비스 약관',
      desc: '플랫폼 및 거래 계좌 이용에 관한 고객과 Tradepad Markets 간의 약정입니다.',
      content:
        '<p>본 서비스 약관은 Tradepad 플랫폼과 Tradepad Markets Ltd(이하 “당사”)에 개설한 모든 계좌의 이용에 적용됩니다. 계좌를 개설하면 본 약관, 개인정보 처리방침 및 위험 고지를 읽고 동의했음을 확인하는 것입니다.</p><h3>고객의 계좌</h3><p>고객은 법정 연령 이상이어야 하며, 거주 국가를 포함한 정확한 정보를 제공하고 비밀번호와 인증 코드를 타인과 공유해서는 안 됩니다. 계좌를 통해 내려진 모든 지시에 대한 책임은 고객에게 있습니다.</p><h3>당사의 서비스</h3><p>당사는 차액결제거래(CFD)의 체결만 제공하며 투자 자문을 제공하지 않습니다. 가격, 증거금, 수수료 및 거래 시간은 앱에 표시되며 변경 시 앱에서 안내합니다.</p><h3>제한 지역</h3><p>당사는 공지에 명시된 지역의 거주자에게 서비스를 제공하지 않습니다. 이를 위반하여 개설된 계좌는 해지될 수 있으며, 확인 후 잔액을 반환합니다.</p><h3>변경</h3><p>당사는 본 약관을 개정할 수 있으며, 유효한 버전은 항상 앱에 게시됩니다. 개정 후 계속 이용하면 개정에 동의한 것으로 봅니다.</p>',
    },
    th: {
      title: 'ข้อกำหนดการให้บริการ',
      desc: 'ข้อตกลงระหว่างคุณกับ Tradepad Markets ในการใช้แพลตฟอร์มและบัญชีซื้อขายของคุณ',
      content:
        '<p>ข้อกำหนดการให้บริการนี้ใช้กับการใช้งานแพลตฟอร์ม Tradepad และบัญชีใด ๆ ที่คุณเปิดกับ Tradepad Markets Ltd (“เรา”) การเปิดบัญชีถือว่าคุณยืนยันว่าได้อ่านและยอมรับข้อกำหนดนี้ นโยบายความเป็นส่วนตัว และการเปิดเผยความเสี่ยงแล้ว</p><h3>บัญชีของคุณ</h3><p>คุณต้องบรรลุนิติภาวะ ให้ข้อมูลที่ถูกต้อง (รวมถึงประเทศที่พำนัก) และเก็บรหัสผ่านและรหัสยืนยันไว้เป็นความลับ คุณต้องรับผิดชอบต่อคำสั่งทั้งหมดที่ทำผ่านบัญชีของคุณ</p><h3>บริการของเรา</h3><p>เราให้บริการเฉพาะการส่งคำสั่งซื้อขายสัญญาส่วนต่าง (CFD) และไม่ให้คำแนะนำการลงทุน ราคา มาร์จิ้น ค่าธรรมเนียม และเวลาซื้อขายแสดงอยู่ในแอป และจะแจ้งในแอปเมื่อมีการเปลี่ยนแปลง</p><h3>พื้นที่ที่ถูกจำกัด</h3><p>เราไม่ให้บริการแก่ผู้พำนักในพื้นที่ที่ระบุไว้ในประกาศของเรา บัญชีที่เปิดโดยฝ่าฝืนข้อนี้อาจถูกปิดและคืนยอดคงเหลือหลังการตรวจสอบ</p><h3>การเปลี่ยนแปลง</h3><p>เราอาจแก้ไขข้อกำหนดนี้ ฉบับที่มีผลบังคับจะเผยแพร่ในแอปเสมอ และการใช้งานต่อหลังการแก้ไขถือว่าคุณยอมรับ</p>',
    },
    vn: {
      title: 'Điều khoản dịch vụ',
      desc: 'Thỏa thuận giữa bạn và Tradepad Markets về việc sử dụng nền tảng và tài khoản giao dịch của bạn.',
      content:
        '<p>Điều khoản dịch vụ này áp dụng cho việc bạn sử dụng nền tảng Tradepad và mọi tài khoản bạn mở tại Tradepad Markets Ltd (“chúng tôi”). Khi mở tài khoản, bạn xác nhận đã đọc và chấp nhận các điều khoản này cùng Chính sách quyền riêng tư và Công bố rủi ro.</p><h3>Tài khoản của bạn</h3><p>Bạn phải đủ tuổi theo luật, cung cấp thông tin chính xác (kể cả quốc gia cư trú) và giữ bí mật mật khẩu cùng mã xác minh. Bạn chịu trách nhiệm về mọi lệnh được đưa ra qua tài khoản của mình.</p><h3>Dịch vụ của chúng tôi</h3><p>Chúng tôi chỉ cung cấp dịch vụ khớp lệnh hợp đồng chênh lệch (CFD) và không đưa ra tư vấn đầu tư. Giá, ký quỹ, phí và giờ giao dịch được hiển thị trong ứng dụng và mọi thay đổi sẽ được thông báo tại đó.</p><h3>Khu vực bị hạn chế</h3><p>Chúng tôi không phục vụ cư dân của các khu vực được nêu trong thông báo. Tài khoản mở trái quy định này có thể bị đóng và số dư sẽ được hoàn trả sau khi xác minh.</p><h3>Thay đổi</h3><p>Chúng tôi có thể sửa đổi các điều khoản này; phiên bản hiện hành luôn được công bố trong ứng dụng và việc tiếp tục sử dụng sau khi thay đổi nghĩa là bạn chấp nhận.</p>',
    },
    fr: {
      title: 'Conditions d’utilisation',
      desc: 'L’accord entre vous et Tradepad Markets pour l’utilisation de la plateforme et de votre compte de trading.',
      content:
        '<p>Les présentes conditions régissent votre utilisation de la plateforme Tradepad et de tout compte ouvert auprès de Tradepad Markets Ltd (« nous »). En ouvrant un compte, vous confirmez les avoir lues et acceptées, ainsi que la Politique de confidentialité et l’Avertissement sur les risques.</p><h3>Votre compte</h3><p>Vous devez être majeur, fournir des informations exactes (y compris votre pays de résidence) et garder pour vous votre mot de passe et vos codes de vérification. Vous êtes responsable de toute instruction donnée depuis votre compte.</p><h3>Nos services</h3><p>Nous assurons uniquement l’exécution de contrats sur différence (CFD) et ne fournissons aucun conseil en investissement. Les prix, marges, frais et horaires sont affichés dans l’application et toute modification y est annoncée.</p><h3>Régions restreintes</h3><p>Nous ne servons pas les résidents des régions citées dans nos annonces. Un compte ouvert en violation de cette règle peut être clôturé et son solde restitué après vérification.</p><h3>Modifications</h3><p>Nous pouvons modifier ces conditions ; la version en vigueur est toujours publiée dans l’application et la poursuite de l’utilisation vaut acceptation.</p>',
    },
    de: {
      title: 'Nutzungsbedingungen',
      desc: 'Die Vereinbarung zwischen Ihnen und Tradepad Markets über die Nutzung der Plattform und Ihres Handelskontos.',
      content:
        '<p>Diese Nutzungsbedingungen gelten für Ihre Nutzung der Tradepad-Plattform und jedes Kontos, das Sie bei der Tradepad Markets Ltd („wir“) eröffnen. Mit der Kontoeröffnung bestätigen Sie, dass Sie diese Bedingungen, die Datenschutzerklärung und die Risikohinweise gelesen haben und akzeptieren.</p><h3>Ihr Konto</h3><p>Sie müssen volljährig sein, zutreffende Angaben machen (auch zu Ihrem Wohnsitzland) und Ihr Passwort sowie Bestätigungscodes geheim halten. Sie sind für alle Aufträge verantwortlich, die über Ihr Konto erteilt werden.</p><h3>Unsere Leistungen</h3><p>Wir führen ausschließlich Differenzkontrakte (CFDs) aus und erbringen keine Anlageberatung. Preise, Margin, Gebühren und Handelszeiten werden in der App angezeigt; Änderungen werden dort angekündigt.</p><h3>Gesperrte Regionen</h3><p>Wir bedienen keine Einwohner der in unseren Mitteilungen genannten Regionen. Ein entgegen dieser Regel eröffnetes Konto können wir schließen und das Guthaben nach Prüfung zurückzahlen.</p><h3>Änderungen</h3><p>Wir können diese Bedingungen ändern; die gültige Fassung ist stets in der App veröffentlicht, und die weitere Nutzung nach einer Änderung gilt als Zustimmung.</p>',
    },
    ru: {
      title: 'Условия обслуживания',
      desc: 'Соглашение между вами и Tradepad Markets об использовании платформы и вашего торгового счёта.',
      content:
        '<p>Настоящие Условия обслуживания регулируют использование платформы Tradepad и любых счетов, открытых вами в Tradepad Markets Ltd («мы»). Открывая счёт, вы подтверждаете, что прочитали и принимаете эти условия, Политику конфиденциальности и Уведомление о рисках.</p><h3>Ваш счёт</h3><p>Вы должны быть совершеннолетним, указывать достоверные сведения (в том числе страну проживания) и никому не сообщать пароль и коды подтверждения. Вы отвечаете за все распоряжения, отданные через ваш счёт.</p><h3>Наши услуги</h3><p>Мы только исполняем сделки с контрактами на разницу (CFD) и не даём инвестиционных рекомендаций. Цены, маржа, комиссии и часы торговли указаны в приложении, и об их изменении сообщается там же.</p><h3>Ограниченные регионы</h3><p>Мы не обслуживаем жителей регионов, перечисленных в наших объявлениях. Счёт, открытый в нарушение этого правила, может быть закрыт, а остаток возвращён после проверки.</p><h3>Изменения</h3><p>Мы можем изменять эти условия; действующая редакция всегда опубликована в приложении, и продолжение использования после изменения означает согласие с ним.</p>',
    },
    spa: {
      title: 'Términos del servicio',
      desc: 'El acuerdo entre usted y Tradepad Markets para el uso de la plataforma y de su cuenta de trading.',
      content:
        '<p>Estos Términos del servicio rigen el uso de la plataforma Tradepad y de cualquier cuenta que abra en Tradepad Markets Ltd («nosotros»). Al abrir una cuenta confirma que ha leído y acepta estos términos, la Política de privacidad y la Divulgación de riesgos.</p><h3>Su cuenta</h3><p>Debe ser mayor de edad, facilitar información veraz (incluido su país de residencia) y no compartir su contraseña ni sus códigos de verificación. Usted responde de todas las órdenes dadas desde su cuenta.</p><h3>Nuestros servicios</h3><p>Solo ejecutamos contratos por diferencia (CFD) y no ofrecemos asesoramiento de inversión. Precios, márgenes, comisiones y horarios se muestran en la aplicación y cualquier cambio se anuncia allí.</p><h3>Regiones restringidas</h3><p>No prestamos servicio a residentes de las regiones indicadas en nuestros anuncios. Podemos cerrar una cuenta abierta incumpliendo esta norma y devolver el saldo tras la verificación.</p><h3>Cambios</h3><p>Podemos modificar estos términos; la versión vigente siempre se publica en la aplicación y seguir usándola tras un cambio supone aceptarlo.</p>',
    },
    pt: {
      title: 'Termos de serviço',
      desc: 'O acordo entre você e a Tradepad Markets para o uso da plataforma e da sua conta de negociação.',
      content:
        '<p>Estes Termos de serviço regem o uso da plataforma Tradepad e de qualquer conta aberta na Tradepad Markets Ltd (“nós”). Ao abrir uma conta, você confirma que leu e aceita estes termos, a Política de privacidade e a Divulgação de riscos.</p><h3>Sua conta</h3><p>Você deve ser maior de idade, fornecer informações corretas (incluindo o país de residência) e manter sua senha e seus códigos de verificação em sigilo. Você é responsável por todas as instruções dadas pela sua conta.</p><h3>Nossos serviços</h3><p>Apenas executamos contratos por diferença (CFDs) e não prestamos consultoria de investimento. Preços, margens, tarifas e horários aparecem no app, e qualquer alteração é avisada ali.</p><h3>Regiões restritas</h3><p>Não atendemos residentes das regiões indicadas em nossos comunicados. Uma conta aberta em violação desta regra pode ser encerrada e o saldo devolvido após verificação.</p><h3>Alterações</h3><p>Podemos alterar estes termos; a versão em vigor é sempre publicada no app, e continuar a usá-lo após uma alteração significa aceitá-la.</p>',
    },
    ar: {
      title: 'شروط الخدمة',
      desc: 'الاتفاقية بينك وبين Tradepad Markets بشأن استخدام المنصة وحساب التداول الخاص بك.',
      content:
        '<p>تحكم شروط الخدمة هذه استخدامك لمنصة Tradepad وأي حساب تفتحه لدى Tradepad Markets Ltd (“نحن”). بفتح الحساب تؤكد أنك قرأت هذه الشروط وسياسة الخصوصية وبيان الإفصاح عن المخاطر وقبلتها.</p><h3>حسابك</h3><p>يجب أن تكون قد بلغت السن القانونية، وأن تقدم معلومات صحيحة (بما في ذلك بلد إقامتك)، وأن تحتفظ بكلمة المرور ورموز التحقق لنفسك. أنت مسؤول عن كل تعليمات تصدر عبر حسابك.</p><h3>خدماتنا</h3><p>نقدم تنفيذ عقود الفروقات فقط ولا نقدم أي مشورة استثمارية. تُعرض الأسعار والهامش والرسوم وساعات التداول في التطبيق، ويُعلن أي تغيير فيها هناك.</p><h3>المناطق المقيدة</h3><p>لا نقدم خدماتنا لسكان المناطق المذكورة في إعلاناتنا. ويجوز لنا إغلاق أي حساب فُتح خلافًا لذلك وإعادة الرصيد بعد التحقق.</p><h3>التعديلات</h3><p>يجوز لنا تعديل هذه الشروط، وتُنشر النسخة السارية دائمًا في التطبيق، ويعني استمرارك في الاستخدام بعد التعديل قبولك له.</p>',
    },
    it: {
      title: 'Termini di servizio',
      desc: 'L’accordo tra te e Tradepad Markets per l’uso della piattaforma e del tuo conto di trading.',
      content:
        '<p>I presenti Termini di servizio regolano l’uso della piattaforma Tradepad e di qualsiasi conto aperto presso Tradepad Markets Ltd («noi»). Aprendo un conto confermi di aver letto e accettato questi termini, l’Informativa sulla privacy e l’Informativa sui rischi.</p><h3>Il tuo conto</h3><p>Devi essere maggiorenne, fornire informazioni corrette (compreso il paese di residenza) e non condividere password e codici di verifica. Sei responsabile di ogni istruzione data tramite il tuo conto.</p><h3>I nostri servizi</h3><p>Eseguiamo esclusivamente contratti per differenza (CFD) e non forniamo consulenza sugli investimenti. Prezzi, margini, commissioni e orari sono indicati nell’app e ogni modifica viene comunicata lì.</p><h3>Regioni soggette a restrizioni</h3><p>Non serviamo i residenti delle regioni indicate nei nostri annunci. Un conto aperto in violazione di questa regola può essere chiuso e il saldo restituito dopo la verifica.</p><h3>Modifiche</h3><p>Possiamo modificare questi termini; la versione in vigore è sempre pubblicata nell’app e continuare a usarla dopo una modifica equivale ad accettarla.</p>',
    },
    tr: {
      title: 'Hizmet Koşulları',
      desc: 'Platformun ve işlem hesabınızın kullanımına ilişkin sizinle Tradepad Markets arasındaki sözleşme.',
      content:
        '<p>Bu Hizmet Koşulları, Tradepad platformunu ve Tradepad Markets Ltd (“biz”) nezdinde açtığınız her hesabı kullanımınızı düzenler. Hesap açarak bu koşulları, Gizlilik Politikasını ve Risk Bildirimini okuduğunuzu ve kabul ettiğinizi onaylarsınız.</p><h3>Hesabınız</h3><p>Reşit olmanız, ikamet ülkeniz dahil doğru bilgi vermeniz ve parolanızı ile doğrulama kodlarınızı kimseyle paylaşmamanız gerekir. Hesabınız üzerinden verilen tüm talimatlardan siz sorumlusunuz.</p><h3>Hizmetlerimiz</h3><p>Yalnızca fark sözleşmelerinin (CFD) işlemlerini gerçekleştiririz ve yatırım tavsiyesi vermeyiz. Fiyatlar, teminat, ücretler ve işlem saatleri uygulamada gösterilir; değişiklikler orada duyurulur.</p><h3>Kısıtlı bölgeler</h3><p>Duyurularımızda belirtilen bölgelerde ikamet edenlere hizmet vermeyiz. Bu kurala aykırı açılan bir hesap kapatılabilir ve bakiye doğrulamadan sonra iade edilir.</p><h3>Değişiklikler</h3><p>Bu koşulları değiştirebiliriz; yürürlükteki sürüm her zaman uygulamada yayımlanır ve değişiklikten sonra kullanmaya devam etmeniz kabul anlamına gelir.</p>',
    },
  }),
  page('legal-privacy', {
    hk: {
      title: '私隱政策',
      desc: '我們收集哪些個人資料、用途、保存期限及您的權利。',
      content:
        '<p>本政策說明 Tradepad Markets Ltd 在您使用 Tradepad 平台時如何處理您的個人資料。</p><h3>我們收集的資料</h3><ul><li>賬戶資料：電郵或電話號碼、居住國家或地區、語言。</li><li>您為身份驗證上載的證件。</li><li>交易、存款及提款紀錄。</li><li>保安資料：登入時間、用戶端地址及裝置。</li></ul><h3>用途</h3><p>用於開立及管理您的賬戶、履行法律責任（身份核實、反洗錢、紀錄保存）、保護您的賬戶及回應您的查詢。我們不會出售您的資料。</p><h3>保存與分享</h3><p>賬戶結束後，我們按法律要求的期限保存紀錄。我們只會與受保密責任約束的服務供應商分享資料，或在法律要求時向有關當局提供。</p><h3>您的權利</h3><p>在我們的法律責任範圍內，您可透過客服或應用程式內顯示的公司電郵，要求查閱、更正或刪除您的資料。</p>',
    },
    en: {
      title: 'Privacy Policy',
      desc: 'What personal data we collect, why, how long we keep it and your rights.',
      content:
        '<p>This policy explains how Tradepad Markets Ltd handles your personal data when you use the Tradepad platform.</p><h3>What we collect</h3><ul><li>Account data: e-mail or phone number, country of residence, language.</li><li>Identity documents you upload for verification.</li><li>Trading, deposit and withdrawal records.</li><li>Security data: sign-in times, client addresses and devices.</li></ul><h3>Why</h3><p>To open and run your account, meet our legal duties (identity checks, anti-money-laundering, record keeping), protect your account and answer your requests. We do not sell your data.</p><h3>Keeping and sharing</h3><p>We keep records for as long as the law requires after your account closes. We share data only with service providers bound by confidentiality and with authorities where the law requires.</p><h3>Your rights</h3><p>You may ask for access to, correction of or deletion of your data, within the limits of our legal duties, through support or the company e-mail shown in the app.</p>',
    },
    jp: {
      title: 'プライバシーポリシー',
      desc: '当社が収集する個人データ、その目的、保存期間およびお客様の権利について。',
      content:
        '<p>本ポリシーは、お客様が Tradepad プラットフォームを利用する際に Tradepad Markets Ltd が個人データをどのように取り扱うかを説明します。</p><h3>収集する情報</h3><ul><li>口座情報：メールアドレスまたは電話番号、居住国、言語。</li><li>本人確認のためにアップロードされた書類。</li><li>取引・入金・出金の記録。</li><li>セキュリティ情報：ログイン日時、接続元アドレス、端末。</li></ul><h3>利用目的</h3><p>口座の開設と運営、法的義務（本人確認、マネーロンダリング対策、記録保存）の履行、口座の保護、お問い合わせへの対応のために利用します。データを販売することはありません。</p><h3>保存と共有</h3><p>口座閉鎖後も法令で定められた期間、記録を保存します。守秘義務を負う委託先、および法令で求められる場合の当局とのみデータを共有します。</p><h3>お客様の権利</h3><p>法的義務の範囲内で、サポートまたはアプリに表示される会社メールを通じて、データの開示、訂正または削除を求めることができます。</p>',
    },
    kr: {
      title: '개인정보 처리방침',
      desc: '당사가 수집하는 개인정보, 그 목적, 보관 기간 및 고객의 권리에 대한 안내입니다.',
      content:
        '<p>본 방침은 고객이 Tradepad 플랫폼을 이용할 때 Tradepad Markets Ltd가 개인정보를 어떻게 처리하는지 설명합니다.</p><h3>수집 항목</h3><ul><li>계좌 정보: 이메일 또는 전화번호, 거주 국가, 언어.</li><li>본인 확인을 위해 업로드한 신분 서류.</li><li>거래, 입금 및 출금 기록.</li><li>보안 정보: 로그인 시각, 접속 주소 및 기기.</li></ul><h3>이용 목적</h3><p>계좌 개설 및 운영, 법적 의무(본인 확인, 자금세탁 방지, 기록 보관) 이행, 계좌 보호 및 문의 응대를 위해 이용합니다. 당사는 고객의 정보를 판매하지 않습니다.</p><h3>보관 및 제공</h3><p>계좌 해지 후에도 법령이 정한 기간 동안 기록을 보관합니다. 비밀유지 의무가 있는 수탁업체 및 법령상 요구가 있는 경우 관계 당국에만 정보를 제공합니다.</p><h3>고객의 권리</h3><p>당사의 법적 의무 범위 내에서 고객센터 또는 앱에 표시된 회사 이메일을 통해 정보의 열람, 정정 또는 삭제를 요청할 수 있습니다.</p>',
    },
    th: {
      title: 'นโยบายความเป็นส่วนตัว',
      desc: 'ข้อมูลส่วนบุคคลที่เราเก็บ เหตุผล ระยะเวลาการเก็บ และสิทธิของคุณ',
      content:
        '<p>นโยบายนี้อธิบายวิธีที่ Tradepad Markets Ltd จัดการข้อมูลส่วนบุคคลของคุณเมื่อคุณใช้แพลตฟอร์ม Tradepad</p><h3>ข้อมูลที่เราเก็บ</h3><ul><li>ข้อมูลบัญชี: อีเมลหรือหมายเลขโทรศัพท์ ประเทศที่พำนัก ภาษา</li><li>เอกสารยืนยันตัวตนที่คุณอัปโหลด</li><li>ประวัติการซื้อขาย การฝากและการถอนเงิน</li><li>ข้อมูลความปลอดภัย: เวลาเข้าสู่ระบบ ที่อยู่ไคลเอนต์ และอุปกรณ์</li></ul><h3>วัตถุประสงค์</h3><p>เพื่อเปิดและดูแลบัญชีของคุณ ปฏิบัติตามหน้าที่ตามกฎหมาย (การยืนยันตัวตน การป้องกันการฟอกเงิน การเก็บบันทึก) ปกป้องบัญชี และตอบคำขอของคุณ เราไม่ขายข้อมูลของคุณ</p><h3>การเก็บรักษาและการเปิดเผย</h3><p>เราเก็บบันทึกไว้ตามระยะเวลาที่กฎหมายกำหนดหลังปิดบัญชี และเปิดเผยข้อมูลเฉพาะแก่ผู้ให้บริการที่มีหน้าที่รักษาความลับ และหน่วยงานรัฐเมื่อกฎหมายกำหนด</p><h3>สิทธิของคุณ</h3><p>ภายใต้ขอบเขตหน้าที่ตามกฎหมายของเรา คุณสามารถขอเข้าถึง แก้ไข หรือลบข้อมูลของคุณผ่านฝ่ายบริการลูกค้าหรืออีเมลบริษัทที่แสดงในแอป</p>',
    },
    vn: {
      title: 'Chính sách quyền riêng tư',
      desc: 'Chúng tôi thu thập dữ liệu cá nhân nào, vì sao, lưu giữ bao lâu và quyền của bạn.',
      content:
        '<p>Chính sách này giải thích cách Tradepad Markets Ltd xử lý dữ liệu cá nhân của bạn khi bạn sử dụng nền tảng Tradepad.</p><h3>Dữ liệu chúng tôi thu thập</h3><ul><li>Dữ liệu tài khoản: email hoặc số điện thoại, quốc gia cư trú, ngôn ngữ.</li><li>Giấy tờ tùy thân bạn tải lên để xác minh.</li><li>Lịch sử giao dịch, nạp và rút tiền.</li><li>Dữ liệu bảo mật: thời điểm đăng nhập, địa chỉ máy khách và thiết bị.</li></ul><h3>Mục đích</h3><p>Để mở và vận hành tài khoản, thực hiện nghĩa vụ pháp lý (xác minh danh tính, phòng chống rửa tiền, lưu trữ hồ sơ), bảo vệ tài khoản và trả lời yêu cầu của bạn. Chúng tôi không bán dữ liệu của bạn.</p><h3>Lưu giữ và chia sẻ</h3><p>Chúng tôi lưu hồ sơ trong thời hạn pháp luật yêu cầu sau khi tài khoản đóng, và chỉ chia sẻ dữ liệu với nhà cung cấp dịch vụ có nghĩa vụ bảo mật và với cơ quan chức năng khi pháp luật yêu cầu.</p><h3>Quyền của bạn</h3><p>Trong phạm vi nghĩa vụ pháp lý của chúng tôi, bạn có thể yêu cầu truy cập, chỉnh sửa hoặc xóa dữ liệu qua bộ phận hỗ trợ hoặc email công ty hiển thị trong ứng dụng.</p>',
    },
    fr: {
      title: 'Politique de confidentialité',
      desc: 'Les données personnelles que nous collectons, pourquoi, combien de temps nous les gardons et vos droits.',
      content:
        '<p>Cette politique explique comment Tradepad Markets Ltd traite vos données personnelles lorsque vous utilisez la plateforme Tradepad.</p><h3>Ce que nous collectons</h3><ul><li>Données du compte : e-mail ou numéro de téléphone, pays de résidence, langue.</li><li>Pièces d’identité envoyées pour la vérification.</li><li>Historique des opérations, dépôts et retraits.</li><li>Données de sécurité : heures de connexion, adresses et appareils.</li></ul><h3>Pourquoi</h3><p>Pour ouvrir et gérer votre compte, remplir nos obligations légales (vérification d’identité, lutte contre le blanchiment, conservation des registres), protéger votre compte et répondre à vos demandes. Nous ne vendons pas vos données.</p><h3>Conservation et partage</h3><p>Nous conservons les registres pendant la durée légale après la clôture du compte. Nous ne partageons les données qu’avec des prestataires tenus à la confidentialité et avec les autorités lorsque la loi l’exige.</p><h3>Vos droits</h3><p>Dans la limite de nos obligations légales, vous pouvez demander l’accès, la rectification ou l’effacement de vos données via le support ou l’e-mail de la société indiqué dans l’application.</p>',
    },
    de: {
      title: 'Datenschutzerklärung',
      desc: 'Welche personenbezogenen Daten wir erheben, wozu, wie lange wir sie speichern und welche Rechte Sie haben.',
      content:
        '<p>Diese Erklärung beschreibt, wie die Tradepad Markets Ltd Ihre personenbezogenen Daten verarbeitet, wenn Sie die Tradepad-Plattform nutzen.</p><h3>Was wir erheben</h3><ul><li>Kontodaten: E-Mail oder Telefonnummer, Wohnsitzland, Sprache.</li><li>Ausweisdokumente, die Sie zur Prüfung hochladen.</li><li>Handels-, Einzahlungs- und Auszahlungsdaten.</li><li>Sicherheitsdaten: Anmeldezeiten, Client-Adressen und Geräte.</li></ul><h3>Wozu</h3><p>Zur Eröffnung und Führung Ihres Kontos, zur Erfüllung gesetzlicher Pflichten (Identitätsprüfung, Geldwäscheprävention, Aufbewahrung), zum Schutz Ihres Kontos und zur Beantwortung Ihrer Anfragen. Wir verkaufen Ihre Daten nicht.</p><h3>Speicherung und Weitergabe</h3><p>Wir bewahren Unterlagen so lange auf, wie es das Gesetz nach Kontoschließung verlangt. Daten geben wir nur an zur Vertraulichkeit verpflichtete Dienstleister und, wo gesetzlich vorgeschrieben, an Behörden weiter.</p><h3>Ihre Rechte</h3><p>Im Rahmen unserer gesetzlichen Pflichten können Sie über den Support oder die in der App angegebene Firmen-E-Mail Auskunft, Berichtigung oder Löschung Ihrer Daten verlangen.</p>',
    },
    ru: {
      title: 'Политика конфиденциальности',
      desc: 'Какие персональные данные мы собираем, зачем, как долго храним и каковы ваши права.',
      content:
        '<p>Настоящая политика объясняет, как Tradepad Markets Ltd обрабатывает ваши персональные данные при использовании платформы Tradepad.</p><h3>Что мы собираем</h3><ul><li>Данные счёта: e-mail или номер телефона, страна проживания, язык.</li><li>Документы, удостоверяющие личность, загруженные для проверки.</li><li>Сведения о сделках, пополнениях и выводах.</li><li>Данные безопасности: время входа, адреса и устройства.</li></ul><h3>Зачем</h3><p>Чтобы открыть и вести ваш счёт, выполнять требования закона (проверка личности, противодействие отмыванию денег, хранение записей), защищать счёт и отвечать на ваши запросы. Мы не продаём ваши данные.</p><h3>Хранение и передача</h3><p>Мы храним записи столько, сколько требует закон после закрытия счёта, и передаём данные только поставщикам услуг, связанным обязательством конфиденциальности, и органам власти, когда этого требует закон.</p><h3>Ваши права</h3><p>В пределах наших обязанностей по закону вы можете запросить доступ к данным, их исправление или удаление через поддержку или e-mail компании, указанный в приложении.</p>',
    },
    spa: {
      title: 'Política de privacidad',
      desc: 'Qué datos personales recogemos, para qué, cuánto tiempo los conservamos y cuáles son sus derechos.',
      content:
        '<p>Esta política explica cómo trata Tradepad Markets Ltd sus datos personales cuando usa la plataforma Tradepad.</p><h3>Qué recogemos</h3><ul><li>Datos de la cuenta: correo o teléfono, país de residencia, idioma.</li><li>Documentos de identidad que suba para la verificación.</li><li>Registros de operaciones, depósitos y retiros.</li><li>Datos de seguridad: horas de acceso, direcciones y dispositivos.</li></ul><h3>Para qué</h3><p>Para abrir y gestionar su cuenta, cumplir nuestras obligaciones legales (verificación de identidad, prevención del blanqueo, conservación de registros), proteger su cuenta y atender sus solicitudes. No vendemos sus datos.</p><h3>Conservación y cesión</h3><p>Conservamos los registros el tiempo que exija la ley tras el cierre de la cuenta. Solo compartimos datos con proveedores sujetos a confidencialidad y con las autoridades cuando la ley lo exige.</p><h3>Sus derechos</h3><p>Dentro de nuestras obligaciones legales, puede solicitar el acceso, la rectificación o la supresión de sus datos a través del soporte o del correo de la empresa indicado en la aplicación.</p>',
    },
    pt: {
      title: 'Política de privacidade',
      desc: 'Quais dados pessoais coletamos, por quê, por quanto tempo os guardamos e quais são seus direitos.',
      content:
        '<p>Esta política explica como a Tradepad Markets Ltd trata seus dados pessoais quando você usa a plataforma Tradepad.</p><h3>O que coletamos</h3><ul><li>Dados da conta: e-mail ou telefone, país de residência, idioma.</li><li>Documentos de identidade enviados para verificação.</li><li>Registros de negociações, depósitos e saques.</li><li>Dados de segurança: horários de acesso, endereços e dispositivos.</li></ul><h3>Por quê</h3><p>Para abrir e manter sua conta, cumprir obrigações legais (verificação de identidade, prevenção à lavagem de dinheiro, guarda de registros), proteger sua conta e atender seus pedidos. Não vendemos seus dados.</p><h3>Guarda e compartilhamento</h3><p>Guardamos os registros pelo prazo exigido por lei após o encerramento da conta e só compartilhamos dados com prestadores obrigados a sigilo e com autoridades quando a lei exige.</p><h3>Seus direitos</h3><p>Dentro de nossas obrigações legais, você pode pedir acesso, correção ou exclusão dos seus dados pelo suporte ou pelo e-mail da empresa exibido no app.</p>',
    },
    ar: {
      title: 'سياسة الخصوصية',
      desc: 'البيانات الشخصية التي نجمعها وسبب جمعها ومدة الاحتفاظ بها وحقوقك.',
      content:
        '<p>توضح هذه السياسة كيف تتعامل Tradepad Markets Ltd مع بياناتك الشخصية عند استخدامك منصة Tradepad.</p><h3>ما نجمعه</h3><ul><li>بيانات الحساب: البريد الإلكتروني أو رقم الهاتف، وبلد الإقامة، واللغة.</li><li>وثائق الهوية التي ترفعها للتحقق.</li><li>سجلات التداول والإيداع والسحب.</li><li>بيانات الأمان: أوقات تسجيل الدخول وعناوين الاتصال والأجهزة.</li></ul><h3>لماذا</h3><p>لفتح حسابك وإدارته، والوفاء بالتزاماتنا القانونية (التحقق من الهوية، ومكافحة غسل الأموال، وحفظ السجلات)، وحماية حسابك، والرد على طلباتك. نحن لا نبيع بياناتك.</p><h3>الحفظ والمشاركة</h3><p>نحتفظ بالسجلات للمدة التي يفرضها القانون بعد إغلاق الحساب، ولا نشارك البيانات إلا مع مزودي خدمات ملتزمين بالسرية ومع السلطات عندما يقتضي القانون ذلك.</p><h3>حقوقك</h3><p>ضمن حدود التزاماتنا القانونية، يمكنك طلب الاطلاع على بياناتك أو تصحيحها أو حذفها عبر الدعم أو البريد الإلكتروني للشركة المعروض في التطبيق.</p>',
    },
    it: {
      title: 'Informativa sulla privacy',
      desc: 'Quali dati personali raccogliamo, perché, per quanto tempo li conserviamo e quali sono i tuoi diritti.',
      content:
        '<p>Questa informativa spiega come Tradepad Markets Ltd tratta i tuoi dati personali quando usi la piattaforma Tradepad.</p><h3>Cosa raccogliamo</h3><ul><li>Dati del conto: e-mail o numero di telefono, paese di residenza, lingua.</li><li>Documenti d’identità caricati per la verifica.</li><li>Registri di operazioni, depositi e prelievi.</li><li>Dati di sicurezza: orari di accesso, indirizzi e dispositivi.</li></ul><h3>Perché</h3><p>Per aprire e gestire il tuo conto, adempiere agli obblighi di legge (verifica dell’identità, antiriciclaggio, conservazione dei registri), proteggere il conto e rispondere alle tue richieste. Non vendiamo i tuoi dati.</p><h3>Conservazione e condivisione</h3><p>Conserviamo i registri per il tempo richiesto dalla legge dopo la chiusura del conto. Condividiamo i dati solo con fornitori vincolati alla riservatezza e con le autorità quando la legge lo richiede.</p><h3>I tuoi diritti</h3><p>Nei limiti dei nostri obblighi di legge, puoi chiedere l’accesso, la rettifica o la cancellazione dei tuoi dati tramite l’assistenza o l’e-mail aziendale indicata nell’app.</p>',
    },
    tr: {
      title: 'Gizlilik Politikası',
      desc: 'Hangi kişisel verileri, neden topladığımız, ne kadar sakladığımız ve haklarınız.',
      content:
        '<p>Bu politika, Tradepad platformunu kullandığınızda Tradepad Markets Ltd’nin kişisel verilerinizi nasıl işlediğini açıklar.</p><h3>Topladıklarımız</h3><ul><li>Hesap verileri: e-posta veya telefon numarası, ikamet ülkesi, dil.</li><li>Doğrulama için yüklediğiniz kimlik belgeleri.</li><li>İşlem, para yatırma ve çekme kayıtları.</li><li>Güvenlik verileri: oturum açma zamanları, istemci adresleri ve cihazlar.</li></ul><h3>Neden</h3><p>Hesabınızı açmak ve yönetmek, yasal yükümlülüklerimizi (kimlik doğrulama, kara para aklamanın önlenmesi, kayıt saklama) yerine getirmek, hesabınızı korumak ve taleplerinizi yanıtlamak için. Verilerinizi satmayız.</p><h3>Saklama ve paylaşım</h3><p>Kayıtları hesap kapandıktan sonra yasanın gerektirdiği süre boyunca saklarız. Verileri yalnızca gizlilik yükümlülüğü olan hizmet sağlayıcılarla ve yasa gerektirdiğinde yetkili makamlarla paylaşırız.</p><h3>Haklarınız</h3><p>Yasal yükümlülüklerimiz çerçevesinde, destek veya uygulamada gösterilen şirket e-postası aracılığıyla verilerinize erişim, düzeltme veya silme talep edebilirsiniz.</p>',
    },
  }),
  page('legal-risk', {
    hk: {
      title: '風險披露聲明',
      desc: '以保證金買賣差價合約涉及高風險，未必適合所有人。',
      content:
        '<p><strong>差價合約（CFD）屬複雜的槓桿產品，可能在短時間內導致重大虧損。</strong>交易前請細閱本聲明。</p><h3>槓桿</h3><p>輕微的價格變動對您的賬戶影響重大：可帶來可觀收益，亦可造成同樣大的虧損。若保證金水平跌至強制平倉水平，您的持倉將按市價自動平倉。</p><h3>市場風險</h3><p>價格可能急劇波動，亦可能在週末或消息公佈時跳空；訂單（包括止損單）可能以比要求更差的價格成交。</p><h3>並非建議</h3><p>應用程式內任何內容均不構成投資建議。過往表現、排行榜及新聞並不保證未來結果。請自行決定，並只以您能承受損失的資金進行交易。</p><h3>模擬賬戶</h3><p>模擬賬戶的結果未能反映真實交易情況，例如滑點及心理壓力。</p>',
    },
    en: {
      title: 'Risk Disclosure',
      desc: 'Trading CFDs on margin carries a high level of risk and may not be suitable for everyone.',
      content:
        '<p><strong>Contracts for difference (CFDs) are complex, leveraged instruments and carry a high risk of losing money rapidly.</strong> Please read this disclosure before you trade.</p><h3>Leverage</h3><p>A small price movement has a large effect on your account: it can bring large gains and equally large losses. If your margin level falls to the stop-out level, your positions are closed automatically at the market price.</p><h3>Market risk</h3><p>Prices can move sharply, gap over weekends or on news, and orders — stop-loss orders included — may be filled at a worse price than requested.</p><h3>No advice</h3><p>Nothing in the app is investment advice. Past performance, rankings and news are no guarantee of future results. Make your own decisions and only trade with money you can afford to lose.</p><h3>Demo accounts</h3><p>Results on a demo account do not reflect real trading conditions such as slippage and emotional pressure.</p>',
    },
    jp: {
      title: 'リスク開示',
      desc: '証拠金による CFD 取引は高いリスクを伴い、すべての方に適しているとは限りません。',
      content:
        '<p><strong>差金決済取引（CFD）はレバレッジを伴う複雑な商品であり、短期間で資金を失う高いリスクがあります。</strong>取引の前に本開示をお読みください。</p><h3>レバレッジ</h3><p>わずかな価格変動でも口座に大きな影響を与え、大きな利益と同様に大きな損失をもたらすことがあります。証拠金維持率がロスカット水準まで低下すると、ポジションは市場価格で自動的に決済されます。</p><h3>市場リスク</h3><p>価格は急変し、週末やニュースで窓を開けることがあります。ストップロス注文を含む注文は、指定より不利な価格で約定することがあります。</p><h3>助言ではありません</h3><p>アプリ内のいかなる情報も投資助言ではありません。過去の実績、ランキングおよびニュースは将来の結果を保証しません。ご自身で判断し、余裕資金の範囲内でお取引ください。</p><h3>デモ口座</h3><p>デモ口座の結果は、スリッページや心理的負担など実際の取引条件を反映しません。</p>',
    },
    kr: {
      title: '위험 고지',
      desc: '증거금을 이용한 CFD 거래는 위험이 높아 모든 사람에게 적합하지 않을 수 있습니다.',
      content:
        '<p><strong>차액결제거래(CFD)는 복잡한 레버리지 상품으로, 단기간에 큰 손실을 볼 위험이 높습니다.</strong> 거래 전에 본 고지를 읽어 주십시오.</p><h3>레버리지</h3><p>작은 가격 변동도 계좌에 큰 영향을 미쳐 큰 이익만큼 큰 손실을 가져올 수 있습니다. 증거금 비율이 강제 청산 수준까지 떨어지면 포지션은 시장가로 자동 청산됩니다.</p><h3>시장 위험</h3><p>가격은 급변할 수 있고 주말이나 뉴스에 갭이 발생할 수 있으며, 손절매 주문을 포함한 주문이 요청보다 불리한 가격에 체결될 수 있습니다.</p><h3>투자 자문 아님</h3><p>앱의 어떤 내용도 투자 자문이 아닙니다. 과거 실적, 순위 및 뉴스는 미래 결과를 보장하지 않습니다. 스스로 판단하고 잃어도 감당할 수 있는 자금으로만 거래하십시오.</p><h3>모의 계좌</h3><p>모의 계좌의 결과는 슬리피지나 심리적 압박 같은 실제 거래 조건을 반영하지 않습니다.</p>',
    },
    th: {
      title: 'การเปิดเผยความเสี่ยง',
      desc: 'การซื้อขาย CFD ด้วยมาร์จิ้นมีความเสี่ยงสูงและอาจไม่เหมาะกับทุกคน',
      content:
        '<p><strong>สัญญาส่วนต่าง (CFD) เป็นผลิตภัณฑ์ที่ซับซ้อนและใช้เลเวอเรจ มีความเสี่ยงสูงที่จะขาดทุนอย่างรวดเร็ว</strong> โปรดอ่านเอกสารนี้ก่อนเทรด</p><h3>เลเวอเรจ</h3><p>การเปลี่ยนแปลงของราคาเพียงเล็กน้อยส่งผลอย่างมากต่อบัญชีของคุณ อาจให้ทั้งกำไรและขาดทุนจำนวนมาก หากระดับมาร์จิ้นลดลงถึงระดับ Stop-out สถานะของคุณจะถูกปิดโดยอัตโนมัติที่ราคาตลาด</p><h3>ความเสี่ยงด้านตลาด</h3><p>ราคาอาจเคลื่อนไหวรุนแรง เกิดช่องว่างราคาในช่วงสุดสัปดาห์หรือเมื่อมีข่าว และคำสั่ง รวมถึงคำสั่งตัดขาดทุน อาจได้รับราคาที่แย่กว่าที่ต้องการ</p><h3>ไม่ใช่คำแนะนำ</h3><p>เนื้อหาใดในแอปไม่ใช่คำแนะนำการลงทุน ผลงานในอดีต อันดับ และข่าวสารไม่รับประกันผลในอนาคต โปรดตัดสินใจด้วยตนเองและเทรดด้วยเงินที่คุณยอมรับการสูญเสียได้เท่านั้น</p><h3>บัญชีทดลอง</h3><p>ผลลัพธ์ในบัญชีทดลองไม่สะท้อนสภาวะการซื้อขายจริง เช่น การคลาดเคลื่อนของราคาและแรงกดดันทางอารมณ์</p>',
    },
    vn: {
      title: 'Công bố rủi ro',
      desc: 'Giao dịch CFD ký quỹ có mức rủi ro cao và có thể không phù hợp với mọi người.',
      content:
        '<p><strong>Hợp đồng chênh lệch (CFD) là công cụ phức tạp có đòn bẩy, tiềm ẩn rủi ro mất tiền nhanh chóng.</strong> Vui lòng đọc công bố này trước khi giao dịch.</p><h3>Đòn bẩy</h3><p>Một biến động giá nhỏ có ảnh hưởng lớn đến tài khoản: có thể mang lại lợi nhuận lớn và cũng có thể gây thua lỗ lớn tương tự. Nếu mức ký quỹ giảm đến mức dừng lỗ bắt buộc, các vị thế sẽ tự động bị đóng theo giá thị trường.</p><h3>Rủi ro thị trường</h3><p>Giá có thể biến động mạnh, tạo khoảng trống vào cuối tuần hoặc khi có tin tức, và các lệnh — kể cả lệnh cắt lỗ — có thể được khớp ở giá kém hơn yêu cầu.</p><h3>Không phải lời khuyên</h3><p>Không nội dung nào trong ứng dụng là lời khuyên đầu tư. Kết quả quá khứ, bảng xếp hạng và tin tức không đảm bảo kết quả tương lai. Hãy tự quyết định và chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.</p><h3>Tài khoản demo</h3><p>Kết quả trên tài khoản demo không phản ánh điều kiện giao dịch thực như trượt giá và áp lực tâm lý.</p>',
    },
    fr: {
      title: 'Avertissement sur les risques',
      desc: 'Négocier des CFD sur marge comporte un risque élevé et peut ne pas convenir à tout le monde.',
      content:
        '<p><strong>Les contrats sur différence (CFD) sont des instruments complexes à effet de levier qui comportent un risque élevé de perte rapide.</strong> Lisez cet avertissement avant de négocier.</p><h3>Effet de levier</h3><p>Un petit mouvement de prix a un effet important sur votre compte : il peut générer des gains importants et des pertes tout aussi importantes. Si votre niveau de marge atteint le seuil de stop-out, vos positions sont clôturées automatiquement au prix du marché.</p><h3>Risque de marché</h3><p>Les prix peuvent varier brutalement, présenter des écarts le week-end ou lors d’annonces, et les ordres — stop-loss compris — peuvent être exécutés à un prix moins favorable que demandé.</p><h3>Aucun conseil</h3><p>Rien dans l’application ne constitue un conseil en investissement. Les performances passées, classements et actualités ne garantissent pas les résultats futurs. Décidez par vous-même et n’engagez que des fonds que vous pouvez vous permettre de perdre.</p><h3>Comptes démo</h3><p>Les résultats d’un compte démo ne reflètent pas les conditions réelles, comme le glissement de prix et la pression émotionnelle.</p>',
    },
    de: {
      title: 'Risikohinweise',
      desc: 'Der Handel mit CFDs auf Margin ist mit hohen Risiken verbunden und nicht für jeden geeignet.',
      content:
        '<p><strong>Differenzkontrakte (CFDs) sind komplexe, gehebelte Instrumente und bergen ein hohes Risiko, schnell Geld zu verlieren.</strong> Bitte lesen Sie diese Hinweise, bevor Sie handeln.</p><h3>Hebelwirkung</h3><p>Schon eine kleine Kursbewegung wirkt sich stark auf Ihr Konto aus: Sie kann große Gewinne, aber ebenso große Verluste bringen. Fällt Ihr Margin-Level auf den Stop-out-Wert, werden Ihre Positionen automatisch zum Marktpreis geschlossen.</p><h3>Marktrisiko</h3><p>Kurse können sich sprunghaft bewegen und am Wochenende oder bei Nachrichten Lücken aufweisen; Aufträge, auch Stop-Loss-Aufträge, können zu einem schlechteren als dem gewünschten Kurs ausgeführt werden.</p><h3>Keine Beratung</h3><p>Nichts in der App ist eine Anlageberatung. Frühere Ergebnisse, Ranglisten und Nachrichten sind keine Garantie für künftige Ergebnisse. Entscheiden Sie selbst und handeln Sie nur mit Geld, dessen Verlust Sie verkraften können.</p><h3>Demokonten</h3><p>Ergebnisse auf einem Demokonto spiegeln reale Handelsbedingungen wie Slippage und emotionalen Druck nicht wider.</p>',
    },
    ru: {
      title: 'Уведомление о рисках',
      desc: 'Торговля CFD с использованием маржи связана с высоким риском и подходит не всем.',
      content:
        '<p><strong>Контракты на разницу (CFD) — сложные инструменты с кредитным плечом, несущие высокий риск быстрой потери денег.</strong> Прочитайте это уведомление перед началом торговли.</p><h3>Кредитное плечо</h3><p>Даже небольшое движение цены сильно влияет на счёт: оно может принести крупную прибыль и столь же крупный убыток. Если уровень маржи опустится до уровня стоп-аута, позиции будут автоматически закрыты по рыночной цене.</p><h3>Рыночный риск</h3><p>Цены могут резко меняться, открываться с разрывом после выходных или новостей, а ордера, включая стоп-лоссы, — исполняться по цене хуже запрошенной.</p><h3>Не рекомендация</h3><p>Ничто в приложении не является инвестиционной рекомендацией. Прошлые результаты, рейтинги и новости не гарантируют будущих результатов. Принимайте решения самостоятельно и торгуйте только средствами, потерю которых можете себе позволить.</p><h3>Демо-счета</h3><p>Результаты на демо-счёте не отражают реальных условий торговли, таких как проскальзывание и эмоциональное давление.</p>',
    },
    spa: {
      title: 'Divulgación de riesgos',
      desc: 'Operar con CFD con margen conlleva un riesgo elevado y puede no ser adecuado para todos.',
      content:
        '<p><strong>Los contratos por diferencia (CFD) son instrumentos complejos y apalancados con un alto riesgo de perder dinero rápidamente.</strong> Lea esta divulgación antes de operar.</p><h3>Apalancamiento</h3><p>Un pequeño movimiento del precio tiene un gran efecto en su cuenta: puede generar grandes ganancias e igualmente grandes pérdidas. Si su nivel de margen cae al nivel de stop-out, sus posiciones se cierran automáticamente a precio de mercado.</p><h3>Riesgo de mercado</h3><p>Los precios pueden moverse bruscamente, abrir con huecos tras el fin de semana o por noticias, y las órdenes, incluidas las de stop-loss, pueden ejecutarse a un precio peor que el solicitado.</p><h3>Sin asesoramiento</h3><p>Nada en la aplicación es asesoramiento de inversión. Los resultados pasados, las clasificaciones y las noticias no garantizan resultados futuros. Decida por sí mismo y opere solo con dinero que pueda permitirse perder.</p><h3>Cuentas demo</h3><p>Los resultados de una cuenta demo no reflejan condiciones reales como el deslizamiento y la presión emocional.</p>',
    },
    pt: {
      title: 'Divulgação de riscos',
      desc: 'Negociar CFDs com margem envolve alto risco e pode não ser adequado para todos.',
      content:
        '<p><strong>Contratos por diferença (CFDs) são instrumentos complexos e alavancados, com alto risco de perda rápida de dinheiro.</strong> Leia esta divulgação antes de negociar.</p><h3>Alavancagem</h3><p>Uma pequena variação de preço tem grande efeito na sua conta: pode trazer grandes ganhos e perdas igualmente grandes. Se o nível de margem cair ao nível de stop-out, suas posições são fechadas automaticamente a preço de mercado.</p><h3>Risco de mercado</h3><p>Os preços podem se mover bruscamente, abrir com gaps após o fim de semana ou notícias, e ordens — inclusive stop-loss — podem ser executadas a um preço pior que o solicitado.</p><h3>Não é recomendação</h3><p>Nada no app é recomendação de investimento. Resultados passados, rankings e notícias não garantem resultados futuros. Decida por conta própria e negocie apenas com recursos cuja perda você possa suportar.</p><h3>Contas demo</h3><p>Os resultados de uma conta demo não refletem condições reais, como slippage e pressão emocional.</p>',
    },
    ar: {
      title: 'الإفصاح عن المخاطر',
      desc: 'ينطوي تداول عقود الفروقات بالهامش على مخاطر عالية وقد لا يناسب الجميع.',
      content:
        '<p><strong>عقود الفروقات أدوات معقدة تعتمد على الرافعة المالية وتنطوي على خطر مرتفع لخسارة الأموال بسرعة.</strong> يُرجى قراءة هذا الإفصاح قبل التداول.</p><h3>الرافعة المالية</h3><p>لأي حركة صغيرة في السعر أثر كبير على حسابك: قد تحقق أرباحًا كبيرة وخسائر كبيرة بالقدر نفسه. وإذا انخفض مستوى الهامش إلى مستوى الإيقاف، تُغلق مراكزك تلقائيًا بسعر السوق.</p><h3>مخاطر السوق</h3><p>قد تتحرك الأسعار بحدة أو تفتح بفجوة بعد عطلة نهاية الأسبوع أو عند صدور الأخبار، وقد تُنفذ الأوامر، بما فيها أوامر وقف الخسارة، بسعر أسوأ من المطلوب.</p><h3>ليست نصيحة</h3><p>لا يشكل أي محتوى في التطبيق نصيحة استثمارية. الأداء السابق والتصنيفات والأخبار لا تضمن النتائج المستقبلية. اتخذ قراراتك بنفسك ولا تتداول إلا بأموال يمكنك تحمّل خسارتها.</p><h3>الحسابات التجريبية</h3><p>لا تعكس نتائج الحساب التجريبي ظروف التداول الحقيقية مثل الانزلاق السعري والضغط النفسي.</p>',
    },
    it: {
      title: 'Informativa sui rischi',
      desc: 'Il trading di CFD a margine comporta un rischio elevato e può non essere adatto a tutti.',
      content:
        '<p><strong>I contratti per differenza (CFD) sono strumenti complessi e a leva, con un elevato rischio di perdere denaro rapidamente.</strong> Leggi questa informativa prima di operare.</p><h3>Leva</h3><p>Un piccolo movimento di prezzo ha un grande effetto sul tuo conto: può portare grandi guadagni e perdite altrettanto grandi. Se il livello di margine scende al livello di stop-out, le posizioni vengono chiuse automaticamente al prezzo di mercato.</p><h3>Rischio di mercato</h3><p>I prezzi possono muoversi bruscamente, aprire in gap dopo il fine settimana o le notizie, e gli ordini, compresi gli stop-loss, possono essere eseguiti a un prezzo peggiore di quello richiesto.</p><h3>Nessuna consulenza</h3><p>Nulla nell’app costituisce consulenza sugli investimenti. Risultati passati, classifiche e notizie non garantiscono risultati futuri. Decidi in autonomia e opera solo con denaro che puoi permetterti di perdere.</p><h3>Conti demo</h3><p>I risultati di un conto demo non riflettono le condizioni reali, come lo slippage e la pressione emotiva.</p>',
    },
    tr: {
      title: 'Risk Bildirimi',
      desc: 'Teminatlı CFD işlemleri yüksek risk taşır ve herkes için uygun olmayabilir.',
      content:
        '<p><strong>Fark sözleşmeleri (CFD) karmaşık ve kaldıraçlı araçlardır; hızla para kaybetme riski yüksektir.</strong> İşlem yapmadan önce lütfen bu bildirimi okuyun.</p><h3>Kaldıraç</h3><p>Küçük bir fiyat hareketi hesabınızı büyük ölçüde etkiler: büyük kazançlar kadar büyük zararlar da getirebilir. Teminat seviyeniz stop-out seviyesine düşerse pozisyonlarınız piyasa fiyatından otomatik olarak kapatılır.</p><h3>Piyasa riski</h3><p>Fiyatlar sert hareket edebilir, hafta sonu veya haberlerle boşluklu açılabilir; zarar durdur emirleri dahil emirler istenenden daha kötü bir fiyattan gerçekleşebilir.</p><h3>Tavsiye değildir</h3><p>Uygulamadaki hiçbir içerik yatırım tavsiyesi değildir. Geçmiş performans, sıralamalar ve haberler gelecekteki sonuçları garanti etmez. Kararlarınızı kendiniz verin ve yalnızca kaybetmeyi göze alabileceğiniz parayla işlem yapın.</p><h3>Demo hesaplar</h3><p>Demo hesaptaki sonuçlar kayma ve duygusal baskı gibi gerçek işlem koşullarını yansıtmaz.</p>',
    },
  }),
];
