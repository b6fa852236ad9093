import type { Lang } from '@tradepad/contracts';
import { en, type Messages } from './messages.en.ts';
import { hk } from './messages.hk.ts';
import { jp } from './messages.jp.ts';
import { kr } from './messages.kr.ts';
import { th } from './messages.th.ts';
import { vn } from './messages.vn.ts';
import { fr } from './messages.fr.ts';
import { de } from './messages.de.ts';
import { ru } from './messages.ru.ts';
import { spa } from './messages.spa.ts';
import { pt } from './messages.pt.ts';
import { ar } from './messages.ar.ts';
import { it } from './messages.it.ts';
import { tr } from './messages.tr.ts';

/** Every server message in each of the 14 interface languages. */
export const MESSAGES: Record<Lang, Messages> = { hk, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr };
