import { useId, useState } from 'react';
import { KYC_DOC_TYPES, type KycDocType, type UploadResult } from '@tradepad/contracts/wallet/constants';
import { birthDateProblem, documentExpired, isoDate, utcDateOf } from '@tradepad/domain/identity';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { ImageField } from '../../../shared/ui/image-field.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useSingleFlight } from '../../../shared/ui/use-single-flight.ts';
import { useApplyRealName } from '../api/real-name.api.ts';

type FieldName = 'name' | 'card_id' | 'front' | 'back' | 'birth_date' | 'doc_expiry';

/** The message key of a refused date of birth (an adult, not born in the future): the server's rule, asked first here. */
const BIRTH_KEYS = {
  'err.birth_date_future': 'kyc.birthFuture',
  'err.birth_date_minor': 'kyc.birthMinor',
  'err.birth_date_invalid': 'kyc.birthMinor',
} as const;

/**
 * The real-name application (spec §4, DESIGN §16 "Real-name depth"): name, ID number and both sides of the document,
 * then the optional details (date of birth, address, the document's type and expiry, a selfie and a proof of address).
 * The dates are checked with the server's own rules before sending; the server checks them again.
 */
export function KycForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState<UploadResult | null>(null);
  const [back, setBack] = useState<UploadResult | null>(null);
  const [birthDate, setBirthDate] = useState('');
  const [address, setAddress] = useState('');
  const [docType, setDocType] = useState<KycDocType | ''>('');
  const [docExpiry, setDocExpiry] = useState('');
  const [selfie, setSelfie] = useState<UploadResult | null>(null);
  const [proof, setProof] = useState<UploadResult | null>(null);
  const check = useFieldCheck<FieldName>();
  const flight = useSingleFlight();
  const apply = useApplyRealName();
  const docTypeId = useId();
  const today = utcDateOf(Date.now());

  const submit = () =>
    flight.run(async () => {
      if (!name.trim()) return void check.refuse('name', 'kyc.nameRequired');
      if (!cardId.trim()) return void check.refuse('card_id', 'kyc.cardIdRequired');
      if (!front) return void check.refuse('front', 'kyc.frontRequired');
      if (!back) return void check.refuse('back', 'kyc.backRequired');
      const birth = birthDate ? isoDate(birthDate) : undefined;
      const birthProblem = birth && birthDateProblem(birth, today);
      if (birthProblem) return void check.refuse('birth_date', BIRTH_KEYS[birthProblem]);
      const expiry = docExpiry ? isoDate(docExpiry) : undefined;
      if (expiry && documentExpired(expiry, today)) return void check.refuse('doc_expiry', 'kyc.docExpired');
      check.clear();
      try {
        await apply.mutateAsync({
          name: name.trim(),
          card_id: cardId.trim(),
          front_pic: front.url,
          reverse_pic: back.url,
          ...(birthDate ? { birth_date: birthDate } : {}),
          ...(address.trim() ? { address: address.trim() } : {}),
          ...(docType ? { doc_type: docType } : {}),
          ...(docExpiry ? { doc_expiry: docExpiry } : {}),
          ...(selfie ? { selfie: selfie.url } : {}),
          ...(proof ? { address_proof: proof.url } : {}),
        });
        onDone();
      } catch {
        // The API client showed the server's message.
      }
    });

  const image = (field: FieldName | null, set: (v: UploadResult | null) => void) => (v: UploadResult | null) => {
    set(v);
    if (v && field && check.invalid === field) check.clear();
  };

  return (
    <Form className="kyc-card kyc-form" busy={flight.busy} onSubmit={submit}>
      <p className="kyc-intro tint-primary">{t('kyc.intro')}</p>
      <TextField
        label={t('kyc.name')}
        autoComplete="name"
        maxLength={100}
        placeholder={t('kyc.namePlaceholder')}
        value={name}
        aria-invalid={check.invalid === 'name'}
        aria-required
        testId="kyc-name"
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('kyc.cardId')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        placeholder={t('kyc.cardIdPlaceholder')}
        value={cardId}
        aria-invalid={check.invalid === 'card_id'}
        aria-required
        testId="kyc-card-id"
        onChange={(e) => setCardId(e.target.value)}
      />
      <div className="kyc-photos">
        <ImageField
          label={t('kyc.front')}
          value={front}
          onChange={image('front', setFront)}
          invalid={check.invalid === 'front'}
          testId="kyc-front"
        />
        <ImageField
          label={t('kyc.back')}
          value={back}
          onChange={image('back', setBack)}
          invalid={check.invalid === 'back'}
          testId="kyc-back"
        />
      </div>
      <p className="field-hint">{t('kyc.photoHint')}</p>

      <p className="kyc-optional" data-testid="kyc-optional">
        {t('kyc.optional')}
      </p>
      <TextField
        label={t('kyc.birthDate')}
        type="date"
        autoComplete="bday"
        max={today}
        value={birthDate}
        aria-invalid={check.invalid === 'birth_date'}
        testId="kyc-birth-date"
        onChange={(e) => setBirthDate(e.target.value)}
      />
      <TextField
        label={t('kyc.address')}
        autoComplete="street-address"
        maxLength={300}
        placeholder={t('kyc.addressPlaceholder')}
        value={address}
        testId="kyc-address"
        onChange={(e) => setAddress(e.target.value)}
      />
      <div className="field">
        <label className="field-label" htmlFor={docTypeId}>
          {t('kyc.docType')}
        </label>
        <div className="field-box kyc-select">
          <select
            id={docTypeId}
            className="field-input"
            value={docType}
            data-testid="kyc-doc-type"
            onChange={(e) => setDocType(e.target.value as KycDocType | '')}
          >
            <option value="">{t('kyc.docTypeChoose')}</option>
            {KYC_DOC_TYPES.map((d) => (
              <option key={d} value={d}>
                {t(`kyc.docTypes.${d}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label={t('kyc.docExpiry')}
        type="date"
        min={today}
        value={docExpiry}
        aria-invalid={check.invalid === 'doc_expiry'}
        testId="kyc-doc-expiry"
        onChange={(e) => setDocExpiry(e.target.value)}
      />
      <div className="kyc-photos">
        <ImageField label={t('kyc.selfie')} value={selfie} onChange={image(null, setSelfie)} testId="kyc-selfie" />
        <ImageField label={t('kyc.addressProof')} value={proof} onChange={image(null, setProof)} testId="kyc-address-proof" />
      </div>
      <p className="field-hint">{t('kyc.addressProofHint')}</p>
      <SubmitButton busy={flight.busy} testId="kyc-submit">
        {flight.busy ? t('common.sending') : t('kyc.submit')}
      </SubmitButton>
    </Form>
  );
}
