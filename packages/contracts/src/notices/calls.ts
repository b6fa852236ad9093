import {
  noticePage,
  noticesParams,
  noticesReadParams,
  pushPrefs,
  pushPrefsParams,
  pushSubscribeParams,
  pushUnsubscribeParams,
  unreadCount,
  vapidKey,
} from './schemas.ts';
import { noData } from '../answers.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { NOTICE_PATHS as API } from './paths.ts';

/** In-app notices and web push (issue 21, DESIGN §13): real and demo accounts alike. */
export const NOTICE_CALLS = [
  {
    path: API.notices,
    methods: GET,
    auth: 'user',
    tag: 'notices',
    summary: "The notification centre: the user's notices, newest first, in the request's language, with the unread count",
    params: noticesParams,
    response: noticePage,
  },
  {
    path: API.noticesUnread,
    methods: GET,
    auth: 'user',
    tag: 'notices',
    summary: 'How many notices are unread (the bell badge)',
    response: unreadCount,
  },
  {
    path: API.noticesRead,
    methods: POST,
    auth: 'user',
    tag: 'notices',
    summary: 'Marks one notice (`id`) or every notice read; answers the unread count left',
    params: noticesReadParams,
    response: unreadCount,
  },
  {
    path: API.pushVapidKey,
    methods: GET,
    auth: 'none',
    tag: 'notices',
    summary: "The server's VAPID public key (base64url): the browser's applicationServerKey for web push",
    response: vapidKey,
  },
  {
    path: API.pushSubscribe,
    methods: POST,
    auth: 'user',
    tag: 'notices',
    summary: `Registers this browser's PushSubscription JSON for the user (at most 10 per user; the same endpoint again updates it)`,
    params: pushSubscribeParams,
    response: noData,
  },
  {
    path: API.pushUnsubscribe,
    methods: POST,
    auth: 'user',
    tag: 'notices',
    summary: "Removes the user's subscription with this endpoint",
    params: pushUnsubscribeParams,
    response: noData,
  },
  {
    path: API.pushPrefs,
    methods: GET,
    auth: 'user',
    tag: 'notices',
    summary: 'The kinds of notice pushed to the user’s subscribed browsers, and how many subscriptions they have',
    response: pushPrefs,
  },
  {
    path: API.pushPrefs,
    methods: POST,
    auth: 'user',
    tag: 'notices',
    summary: 'Chooses the kinds of notice pushed (`kinds`: comma-separated or an array; empty for none)',
    params: pushPrefsParams,
    response: pushPrefs,
  },
] as const satisfies readonly CallDef[];
